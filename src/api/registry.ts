// Registration state. It is per *load*: collectBenchmarks() resets it before importing
// a file, so two files (or two loads of one file) never see each other's benchmarks.
// Registration does no work: functions are stored, never called, so loading a file to
// list it costs nothing and creates no closures (one closure per process).

import type { EachSetup } from '../engine/fresh-inputs.js';
import { generatorKernelError } from '../engine/kernel.js';
import type { BenchArgs, BenchFn, BenchHandle, BenchmarkDescriptor, InputSource } from './types.js';

export interface Registration {
  index: number;
  name: string;
  fn: BenchFn;
  group: string | null;
  argSpecs: Array<{ name: string; values: readonly unknown[] }>;
  baseline: boolean;
  latency: boolean;
  inputs?: InputSource;
  setupEach?: EachSetup;
}

/** One expanded instance: a registration with one value per argument. */
export interface BenchInstance extends BenchmarkDescriptor {
  fn: BenchFn;
  /** Per-iteration inputs (not serialisable: the worker re-reads them from the file). */
  inputs?: InputSource;
  /** Per-iteration set-up (not serialisable either). */
  setupEach?: EachSetup;
}

interface State {
  registrations: Registration[];
  groups: string[];
  file: string | null;
}

// Kept on globalThis (under a Symbol.for key) rather than in a module variable: a user
// file that imports the published package (dist/) and a worker running from src/ load
// two copies of this module, and both must see the same registrations.
const STATE_KEY = Symbol.for('cyclebench.registry');
const holder = globalThis as unknown as Record<symbol, State | undefined>;
holder[STATE_KEY] ??= { registrations: [], groups: [], file: null };

function get(): State {
  return holder[STATE_KEY]!;
}

export function resetRegistry(file: string | null = null): void {
  holder[STATE_KEY] = { registrations: [], groups: [], file };
}

/** The registrations as they stand, to put back with restoreRegistry after loading another file. */
export function saveRegistry(): unknown {
  return get();
}

export function restoreRegistry(saved: unknown): void {
  holder[STATE_KEY] = saved as State;
}

export function currentFile(): string | null {
  return get().file;
}

export function register(name: string, fn: BenchFn): BenchHandle {
  const state = get();
  if (typeof name !== 'string' || name === '') throw new TypeError('bench(name, fn): name must be a non-empty string');
  const ok = typeof fn === 'function' || (typeof fn === 'object' && fn !== null && typeof fn.fn === 'function');
  if (!ok) throw new TypeError(`bench('${name}'): fn must be a function or { setup?, fn }`);
  const generator = generatorKernelError(name, typeof fn === 'function' ? fn : fn.fn);
  if (generator) throw generator;
  const group = state.groups.length ? state.groups.join('/') : null;
  const reg: Registration = {
    index: state.registrations.length,
    name,
    fn,
    group,
    argSpecs: [],
    baseline: false,
    latency: false,
  };
  state.registrations.push(reg);
  const handle: BenchHandle = {
    baseline() {
      reg.baseline = true;
      return handle;
    },
    args(argName, values) {
      if (!Array.isArray(values) || values.length === 0)
        throw new TypeError(`bench('${name}').args('${argName}'): values must be a non-empty array`);
      if (reg.argSpecs.some((a) => a.name === argName))
        throw new TypeError(`bench('${name}'): argument '${argName}' given twice`);
      reg.argSpecs.push({ name: argName, values: Array.from<unknown>(values) });
      return handle;
    },
    range(argName, from, to, multiplier = 2) {
      return handle.args(argName, rangeValues(from, to, multiplier));
    },
    latency() {
      reg.latency = true;
      return handle;
    },
    inputs(source) {
      if (reg.inputs !== undefined) throw new TypeError(`bench('${name}').inputs(): given twice`);
      if (!isInputSource(source))
        throw new TypeError(
          `bench('${name}').inputs(source): source must be an array, a function (rng) => ` +
            `input, or an iterable (not a string)`,
        );
      reg.inputs = source;
      return handle;
    },
    setupEach(make, teardown) {
      if (reg.setupEach !== undefined) throw new TypeError(`bench('${name}').setupEach(): given twice`);
      if (typeof make !== 'function' || (teardown !== undefined && typeof teardown !== 'function'))
        throw new TypeError(`bench('${name}').setupEach(make, teardown?): make and teardown must be functions`);
      reg.setupEach = { make, ...(teardown ? { teardown } : {}) };
      return handle;
    },
  };
  return handle;
}

function isInputSource(s: unknown): boolean {
  if (typeof s === 'function') return true;
  if (typeof s !== 'object' || s === null) return false;
  return Array.isArray(s) || ArrayBuffer.isView(s) || typeof (s as Iterable<unknown>)[Symbol.iterator] === 'function';
}

export function rangeValues(from: number, to: number, multiplier: number): number[] {
  if (!(from > 0) || !(to >= from) || !(multiplier > 1)) {
    throw new RangeError(`range(${from}, ${to}, ${multiplier}): need 0 < from <= to and multiplier > 1`);
  }
  const out: number[] = [];
  for (let v = from; v < to; v *= multiplier) out.push(v);
  out.push(to);
  return out;
}

export function withGroup(name: string, body: () => unknown): void {
  if (typeof name !== 'string' || name === '')
    throw new TypeError('group(name, body): name must be a non-empty string');
  if (typeof body !== 'function') throw new TypeError(`group('${name}', body): body must be a function`);
  const state = get();
  state.groups.push(name);
  try {
    const r = body();
    if (r && typeof (r as PromiseLike<unknown>).then === 'function') {
      throw new TypeError(`group('${name}', body): body must be synchronous (register benchmarks, do not await)`);
    }
  } finally {
    state.groups.pop();
  }
}

/** Every instance, in registration order then in argument-combination order. */
export function instances(): BenchInstance[] {
  const state = get();
  const out: BenchInstance[] = [];
  for (const reg of state.registrations) {
    for (const idx of combinations(reg.argSpecs.map((a) => a.values.length))) {
      const args: BenchArgs = {};
      reg.argSpecs.forEach((a, k) => (args[a.name] = a.values[idx[k]]));
      out.push({
        id: idx.length ? `${reg.index}:${idx.join('.')}` : String(reg.index),
        name: reg.name,
        title: titleFor(reg.name, args),
        group: reg.group,
        args,
        baseline: reg.baseline,
        latency: reg.latency,
        file: state.file,
        fn: reg.fn,
        ...(reg.inputs !== undefined ? { inputs: reg.inputs } : {}),
        ...(reg.setupEach !== undefined ? { setupEach: reg.setupEach } : {}),
      });
    }
  }
  return out;
}

/** Cartesian product of index ranges, last dimension fastest; [[]] for no dimensions. */
export function combinations(sizes: readonly number[]): number[][] {
  let out: number[][] = [[]];
  for (const size of sizes) {
    const next: number[][] = [];
    for (const prefix of out) for (let i = 0; i < size; i++) next.push([...prefix, i]);
    out = next;
  }
  return out;
}

/** `$name` placeholders replaced by values; args not referenced are appended as `[k=v, …]`. */
export function titleFor(name: string, args: BenchArgs): string {
  const used = new Set<string>();
  // Longest names first so `$nn` is not eaten by `$n`.
  const keys = Object.keys(args).sort((a, b) => b.length - a.length);
  let title = name;
  for (const k of keys) {
    const token = `$${k}`;
    if (title.includes(token)) {
      title = title.split(token).join(formatValue(args[k]));
      used.add(k);
    }
  }
  const rest = Object.keys(args).filter((k) => !used.has(k));
  return rest.length ? `${title} [${rest.map((k) => `${k}=${formatValue(args[k])}`).join(', ')}]` : title;
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v == null) return String(v);
  if (Array.isArray(v)) return `Array(${v.length})`;
  return (v as object).constructor?.name ?? typeof v;
}

/** The serialisable part of an instance. */
export function toDescriptor(i: BenchInstance): BenchmarkDescriptor {
  const { fn: _fn, inputs: _inputs, setupEach: _each, ...d } = i;
  return { ...d, args: serialisableArgs(d.args) };
}

function serialisableArgs(args: BenchArgs): BenchArgs {
  const out: BenchArgs = {};
  for (const [k, v] of Object.entries(args)) {
    const t = typeof v;
    out[k] = v === null || t === 'string' || t === 'number' || t === 'boolean' ? v : formatValue(v);
  }
  return out;
}
