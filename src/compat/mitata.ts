// cyclebench's implementation of mitata's API (the `mitata` import of a benchmark file run
// by `cyclebench run`, mapped by resolve-hooks.ts). Benchmarks are collected as mitata does
// and registered with cyclebench when the file calls `run()` (mitata measures nothing
// before it either); cyclebench then measures each in fresh processes. Layout calls
// (compact, boxplot, barplot, lineplot) keep their benchmarks and only hint at layout; a named
// group becomes a cyclebench group. summary() keeps its comparisons: its reference benchmark
// becomes the group's cyclebench baseline, so every other one gets a verdict against it
// (summaryReferences below). docs/migration.md.
import { currentFile, register, withGroup } from '../api/registry.js';
import { blackhole } from '../engine/sink.js';
import { mitataBench } from './mitata-kernel.js';
import { unsupported, unsupportedCall } from './unsupported.js';

type AnyFn = (...a: any[]) => any;
type ArgValues = Record<string, unknown[]>;

export const flags = { compact: 1 << 0, baseline: 1 << 1 };

export class B {
  f: AnyFn;
  _name = '';
  _args: ArgValues = {};
  _group: string | null = null;
  _baseline = false;
  /** The innermost summary() block the benchmark was declared in (numbered per file), or null. */
  _summary: number | null = null;

  constructor(name: string, f: AnyFn) {
    this.f = f;
    this._name = name;
    if (typeof f !== 'function') throw new TypeError('expected iterator, generator or one-shot function');
  }
  name(name: string): this {
    this._name = name;
    return this;
  }
  // Accepted, without effect on what is measured: cyclebench sets its own GC policy and layout.
  gc(_gc: unknown = 'once'): this {
    return this;
  }
  highlight(_color: unknown = false): this {
    return this;
  }
  compact(_on = true): this {
    return this;
  }
  baseline(on = true): this {
    this._baseline = on;
    return this;
  }
  /** mitata's range: start, start·m, start·m², … up to end, and end itself (default m = 8). */
  range(name: string, start: number, end: number, multiplier = 8): this {
    if (!(start > 0) || !(multiplier > 1)) throw new RangeError(`mitata: range('${name}') needs start > 0, m > 1`);
    const values: number[] = [];
    for (let v = start; v <= end; v *= multiplier) values.push(Math.min(v, end));
    if (!values.includes(end)) values.push(end);
    return this.args(name, values);
  }
  /** start, start + step, … up to end, and end itself (default step = 1). */
  dense_range(name: string, start: number, end: number, step = 1): this {
    if (!(step > 0)) throw new RangeError(`mitata: dense_range('${name}') needs step > 0`);
    const values: number[] = [];
    for (let v = start; v <= end; v += step) values.push(v);
    if (!values.includes(end)) values.push(end);
    return this.args(name, values);
  }
  /** (name, values), ({ a: [...], b: [...] }) for the cartesian product, (values) for `x`, (name, null) drops one. */
  args(name: string | unknown[] | Record<string, unknown[] | null> | null, values?: unknown[] | null): this {
    if (name === null) delete this._args.x;
    else if (Array.isArray(name)) this._args.x = name;
    else if (typeof name === 'string' && values === null) delete this._args[name];
    else if (typeof name === 'string' && Array.isArray(values)) this._args[name] = values;
    else if (typeof name === 'object') {
      for (const [k, v] of Object.entries(name)) {
        if (v == null) delete this._args[k];
        else if (Array.isArray(v)) this._args[k] = v;
        else throw new TypeError('mitata: invalid arguments map value');
      }
    } else throw new TypeError('mitata: invalid arguments');
    return this;
  }
  run(): never {
    throw unsupported('mitata', 'B.run()', 'register with bench() and call run()');
  }
}

// Collected benchmarks, the group-name and summary stacks, and the groups that have a reference
// already, for the file being loaded (a new load starts afresh).
interface Collection {
  file: string | null;
  trials: B[];
  names: (string | null)[];
  summaries: number[];
  summaryCount: number;
  referenced: Set<string | null>;
}
const fresh = (file: string | null): Collection => ({
  file,
  trials: [],
  names: [],
  summaries: [],
  summaryCount: 0,
  referenced: new Set(),
});
let pending = fresh(null);
function collection() {
  if (pending.file !== currentFile()) pending = fresh(currentFile());
  return pending;
}

function within(f: () => unknown, name?: string | null): unknown {
  const c = collection();
  c.names.push(name === undefined || name === null ? (c.names.at(-1) ?? null) : name);
  const r = f();
  if (r instanceof Promise) return r.finally(() => c.names.pop());
  c.names.pop();
  return undefined;
}

export const boxplot = (f: () => unknown) => within(f);
export const barplot = (f: () => unknown) => within(f);
export function summary(f: () => unknown): unknown {
  const c = collection();
  c.summaries.push(++c.summaryCount);
  const r = within(f);
  if (r instanceof Promise) return r.finally(() => c.summaries.pop());
  c.summaries.pop();
  return undefined;
}
export const lineplot = (f: () => unknown) => within(f);
export const compact = (f: () => unknown) => within(f);
export function group(name: string | (() => unknown) | null, f?: () => unknown): unknown {
  return typeof name === 'function' ? within(name) : within(f!, name);
}

export function bench(name: string | AnyFn, fn?: AnyFn): B {
  if (typeof name === 'function') [fn, name] = [name, name.name || 'anonymous'];
  const c = collection();
  const b = new B(name, fn!);
  b._group = c.names.at(-1) ?? null;
  b._summary = c.summaries.at(-1) ?? null;
  c.trials.push(b);
  return b;
}

/** The collection point: registers what was collected so far with cyclebench (which measures it later). */
export async function run(_opts: unknown = {}): Promise<{ benchmarks: never[]; context: null }> {
  const c = collection();
  const references = summaryReferences(c.trials, c.referenced);
  for (const b of c.trials.splice(0)) {
    const add = () => {
      const mapped = mitataBench(b._name, b.f);
      const handle = register(b._name, mapped.fn);
      if (mapped.setupEach) handle.setupEach(mapped.setupEach);
      // mitata varies the first argument fastest; cyclebench the last one given.
      for (const key of Object.keys(b._args).reverse()) handle.args(key, b._args[key]);
      if (b._baseline || references.has(b)) handle.baseline();
    };
    if (b._group === null) add();
    else withGroup(b._group, add);
  }
  return { benchmarks: [], context: null };
}

/**
 * The reference of each summary(): cyclebench compares a group's benchmarks with its one
 * `.baseline()` (src/compare/documents.ts), so a summary's reference is that of its group. A group
 * with a `.baseline()` keeps it (mitata's summary, too, compares with the baseline when one is
 * marked); otherwise the first benchmark declared in the group's first summary becomes its
 * baseline. mitata's own reference is the fastest, known only after measuring; a reference fixed
 * before measuring keeps each verdict's error rate the one cyclebench states.
 */
function summaryReferences(trials: B[], referenced: Set<string | null>): Set<B> {
  for (const b of trials) if (b._baseline) referenced.add(b._group);
  const references = new Set<B>();
  for (const b of trials) {
    if (b._summary === null || referenced.has(b._group)) continue;
    referenced.add(b._group);
    references.add(b);
  }
  return references;
}

/** mitata's sink: the value is consumed (cyclebench's blackhole); returns nothing, as mitata's does. */
export function do_not_optimize(value: unknown): void {
  blackhole(value);
}

export const measure = unsupportedCall('mitata', 'measure()', 'register with bench() and call run()');
