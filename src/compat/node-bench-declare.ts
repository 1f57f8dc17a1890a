// The declarations of cyclebench's `node:bench` (node-bench.ts is the module a file imports:
// it checks the Node version, then re-exports these). Declarations register cyclebench
// benchmarks; nothing is measured while the file loads. Each benchmark is then measured in fresh
// processes: its callback, given a context with start()/end(ops), record() and done(), is a
// manually timed kernel (src/engine/manual.ts), one invocation per sample, up to its `samples`,
// after at least its `warmup` invocations. Suites become groups ("outer/inner"), `params` the
// instance's arguments. Hooks run in the benchmark's process: before and beforeEach (with
// { name, params, signal }) before its first invocation, afterEach and after when the process
// ends. `run()` returns an empty BenchmarksStream (node-bench-reporters.ts). docs/migration.md.
import { AsyncLocalStorage } from 'node:async_hooks';
import { register, withGroup } from '../api/registry.js';
import type { ManualSpec } from '../engine/manual-context.js';
import { benchmarksStream } from './node-bench-reporters.js';
import { atEnd } from './unsupported.js';

type Hook = (info?: { name: string; params: Readonly<Record<string, unknown>>; signal: AbortSignal }) => unknown;
type Callback = ManualSpec['fn'];

interface Suite {
  name: string | null;
  parent: Suite | null;
  hooks: { before: Hook[]; after: Hook[]; beforeEach: Hook[]; afterEach: Hook[] };
  skip: boolean;
  /** Its function returned: a declaration made in it after that (after an await) cannot be collected. */
  closed: boolean;
}

interface BenchOptions {
  only?: boolean;
  params?: Record<string, string | number | boolean>;
  samples?: number;
  warmup?: number;
  signal?: AbortSignal;
  skip?: boolean | string;
  tags?: string[];
  timeout?: number;
}

function fail(call: string, why: string): Error {
  return new Error(`node:bench: ${call} ${why}`);
}

/** node:bench's optional leading name and options: ([name][, options], fn). */
function parseArgs<O>(a: unknown[], call: string): { name: string; options: O; fn: (...x: any[]) => unknown } {
  const fn = a.at(-1);
  if (typeof fn !== 'function') throw new TypeError(`node:bench: ${call}(): the last argument must be a function`);
  let name: unknown = undefined;
  let options: unknown = {};
  const rest = a.slice(0, -1);
  if (typeof rest[0] === 'string') name = rest.shift();
  if (rest.length) options = rest.shift() ?? {};
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`node:bench: ${call}(): options must be an object`);
  const fallback = (fn as { name?: string }).name || '<anonymous>';
  return { name: (name as string | undefined) ?? fallback, options: options as O, fn: fn as (...x: any[]) => unknown };
}

function count(v: unknown, what: string, name: string, least: number, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < least || v > 0xffffffff)
    throw new RangeError(`node:bench: bench('${name}'): ${what} must be an integer from ${least} to 2^32-1`);
  return v;
}

function chain(s: Suite): Suite[] {
  const out: Suite[] = [];
  for (let x: Suite | null = s; x; x = x.parent) out.unshift(x);
  return out;
}

type Declare = (...a: unknown[]) => Promise<undefined>;
type BenchDeclare = Declare & { skip: Declare; only: Declare };

export interface Runner {
  bench: BenchDeclare;
  suite: (...a: unknown[]) => Promise<undefined>;
  describe: (...a: unknown[]) => Promise<undefined>;
  before: (fn: Hook) => void;
  after: (fn: Hook) => void;
  beforeEach: (fn: Hook) => void;
  afterEach: (fn: Hook) => void;
  run: (options?: object) => ReturnType<typeof benchmarksStream>;
}

function newSuite(name: string | null, parent: Suite | null, skip = false): Suite {
  return { name, parent, hooks: { before: [], after: [], beforeEach: [], afterEach: [] }, skip, closed: false };
}

/** A set of declarations (the module-level one, or createRunner()'s), all registered with cyclebench. */
function makeRunner(explicit: boolean): Runner {
  const root = newSuite(null, null);
  const current = new AsyncLocalStorage<Suite>();
  const here = () => current.getStore() ?? root;
  let ran = false;
  const open = (call: string): Suite => {
    const s = here();
    if (s.closed)
      throw fail(
        call,
        `in suite('${s.name}') after an await: cyclebench collects what a suite declares before its first await`,
      );
    if (ran && explicit) throw fail(call, 'after run(): the runner no longer accepts declarations');
    return s;
  };

  const declare = (a: unknown[], extra: BenchOptions = {}): Promise<undefined> => {
    const { name, options, fn } = parseArgs<BenchOptions>(a, 'bench');
    const o = { ...options, ...extra };
    const suite = open(`bench('${name}')`);
    if (o.only)
      throw fail(
        `bench('${name}', { only: true })`,
        'is not supported under cyclebench run (select benchmarks with --filter)',
      );
    if (o.skip || chain(suite).some((s) => s.skip)) return Promise.resolve(undefined);
    const params = Object.fromEntries(Object.entries(o.params ?? {}).sort(([a1], [b1]) => (a1 < b1 ? -1 : 1)));
    const spec: ManualSpec = {
      fn: fn as Callback,
      name,
      params,
      samples: count(o.samples, 'samples', name, 1, 30),
      warmup: count(o.warmup, 'warmup', name, 0, 0),
      timeoutMs: o.timeout ?? Infinity,
      ...(o.signal ? { signal: o.signal } : {}),
    };
    const suites = chain(suite);
    const signal = new AbortController();
    const setup = async () => {
      const info = { name, params, signal: signal.signal };
      for (const s of suites) for (const h of s.hooks.before) await h();
      for (const s of suites) for (const h of s.hooks.beforeEach) await h(info);
      atEnd(async () => {
        signal.abort();
        for (const s of [...suites].reverse()) for (const h of s.hooks.afterEach) await h(info);
        for (const s of [...suites].reverse()) for (const h of s.hooks.after) await h();
      });
      return undefined;
    };
    const path = suites.map((s) => s.name).filter((n): n is string => n !== null);
    const add = () => {
      const handle = register(name, { setup, fn: spec.fn, manual: spec });
      for (const [k, v] of Object.entries(params)) handle.args(k, [v]);
    };
    if (path.length) withGroup(path.join('/'), add);
    else add();
    return Promise.resolve(undefined);
  };

  const benchFn: BenchDeclare = Object.assign((...a: unknown[]) => declare(a), {
    skip: (...a: unknown[]) => declare(a, { skip: true }),
    only: (...a: unknown[]) => declare(a, { only: true }),
  });

  const suiteFn = (...a: unknown[]): Promise<undefined> => {
    const { name, options, fn } = parseArgs<{ only?: boolean; skip?: boolean | string; tags?: string[] }>(a, 'suite');
    const parent = open(`suite('${name}')`);
    if (options.only)
      throw fail(
        `suite('${name}', { only: true })`,
        'is not supported under cyclebench run (select benchmarks with --filter)',
      );
    const s = newSuite(name, parent, Boolean(options.skip));
    const r = current.run(s, fn);
    s.closed = true;
    return Promise.resolve(r).then(() => undefined);
  };

  const hook = (kind: keyof Suite['hooks']) => (fn: Hook) => {
    if (typeof fn !== 'function') throw new TypeError(`node:bench: ${kind}(fn): fn must be a function`);
    open(`${kind}()`).hooks[kind].push(fn);
  };

  return {
    bench: benchFn,
    suite: suiteFn,
    describe: suiteFn,
    before: hook('before'),
    after: hook('after'),
    beforeEach: hook('beforeEach'),
    afterEach: hook('afterEach'),
    run: () => {
      if (ran && explicit) throw fail('run()', 'called twice on one runner');
      ran = true;
      return benchmarksStream();
    },
  };
}

const shared = makeRunner(false);

/** bench([name][, options], fn): declares a benchmark whose callback times itself. */
export function bench(...a: unknown[]): Promise<undefined> {
  return shared.bench(...a);
}
bench.skip = shared.bench.skip;
bench.only = shared.bench.only;
bench.bench = bench;

export const { suite, describe, before, after, beforeEach, afterEach, run } = shared;
export const skip = bench.skip;
export const only = bench.only;

/** An explicitly started runner: its declarations are registered with cyclebench too. */
export function createRunner(options: { yieldBetweenSamples?: boolean } = {}): Runner {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('node:bench: createRunner(options): options must be an object');
  return makeRunner(true);
}

export function runFile(): never {
  throw fail('runFile()', 'is not supported under cyclebench run (give the file to `cyclebench run`)');
}

Object.assign(bench, { suite, describe, before, after, beforeEach, afterEach, run, createRunner, runFile });
