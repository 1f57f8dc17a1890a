// cyclebench's implementation of benchmark.js's API (the `benchmark` import or require of a
// benchmark file run by `cyclebench run`, mapped by resolve-hooks.ts and require-hook.ts).
// `Suite#add` registers each benchmark with cyclebench, in a group per suite (suiteGroup
// below); `run()` measures nothing: cyclebench measures every benchmark in fresh processes
// after the file is loaded, so `run()` returns the suite at once and emits no events (the
// listeners given to `on()` and the `on…` options would read results that do not exist here;
// the numbers are in cyclebench's report). The first benchmark of each suite is its group's
// baseline: benchmark.js's "Fastest is …" becomes a verdict for every other benchmark against
// it. `{ defer: true, fn(deferred) }` is an async kernel whose call ends at
// `deferred.resolve()`. Options about how long or how often to run (`Benchmark.options`,
// minSamples, maxTime…) are cyclebench's to decide and are ignored. What benchmark.js
// compiles from source text (`setup`/`teardown`, a string `fn`), cyclebench cannot run as it
// does: the file is refused in one line (src/text/refused-tools.ts). docs/migration.md.
import { currentFile, register, withGroup } from '../api/registry.js';
import type { BenchObject } from '../api/types.js';
import { refusalLine } from '../text/refused-tools.js';

type AnyFn = (this: unknown, ...a: unknown[]) => unknown;

interface BenchmarkOptions {
  name?: unknown;
  fn?: unknown;
  defer?: unknown;
  setup?: unknown;
  teardown?: unknown;
  [option: string]: unknown;
}

const TOOL = 'benchmark.js';

/** The file's refusal: what benchmark.js would compile from source text cannot run as it does. */
function refused(reason: string): Error {
  return new Error(refusalLine(TOOL, reason));
}

/** benchmark.js's argument forms: (fn), (name, fn), (name, options), (options), (fn, options), (name, fn, options). */
function normalize(name: unknown, fn: unknown, options: unknown): BenchmarkOptions {
  const o: BenchmarkOptions = {};
  if (name !== null && typeof name === 'object') Object.assign(o, name);
  else if (typeof name === 'function') {
    o.fn = name;
    if (fn !== null && typeof fn === 'object') Object.assign(o, fn);
  } else {
    o.name = name;
    if (fn !== null && typeof fn === 'object') Object.assign(o, fn);
    else o.fn = fn;
    if (options !== null && typeof options === 'object') Object.assign(o, options);
  }
  return o;
}

/** The deferred object benchmark.js passes to a `defer: true` benchmark (`resolve()` ends the call). */
class Deferred {
  constructor(
    readonly benchmark: Benchmark,
    readonly resolve: () => void,
  ) {}
  cycles = 0;
  elapsed = 0;
  timeStamp = 0;
}

/** benchmark.js's event and control methods; no event is ever emitted here (see the top), so each returns its object. */
class Inert {
  on(): this {
    return this;
  }
  off(): this {
    return this;
  }
  emit(): this {
    return this;
  }
  abort(): this {
    return this;
  }
  reset(): this {
    return this;
  }
}

export class Benchmark extends Inert {
  static options: Record<string, unknown> = {
    async: false,
    defer: false,
    delay: 0.005,
    initCount: 1,
    maxTime: 5,
    minSamples: 5,
    minTime: 0,
  };
  static version = '2.1.4';
  static platform = { description: `Node.js ${process.version}`, name: 'Node.js', version: process.version };
  static support = { browser: false, timeout: true, decompilation: false };
  static Suite: typeof Suite;
  static Deferred = Deferred;
  static Event: typeof BenchmarkEvent;

  readonly name: string;
  readonly fn: AnyFn;
  readonly defer: boolean;
  readonly options: BenchmarkOptions;
  #registered = false;

  constructor(name?: unknown, fn?: unknown, options?: unknown) {
    super();
    const o = normalize(name, fn, options);
    if (typeof o.fn === 'string') throw refused('a benchmark given as source text');
    for (const hook of ['setup', 'teardown'] as const)
      if (o[hook] !== undefined)
        throw refused(`'${hook}' is compiled into benchmark.js's timing loop with the benchmark's source`);
    if (typeof o.fn !== 'function') throw new TypeError(`${TOOL}: a benchmark needs a function (fn)`);
    this.name = typeof o.name === 'string' && o.name !== '' ? o.name : o.fn.name || `<Test #${++anonymous}>`;
    this.fn = o.fn as AnyFn;
    this.defer = o.defer === true;
    this.options = o;
  }

  /** The cyclebench form of the benchmark: its function as the kernel (object form: whatever it returns). */
  kernel(): BenchObject {
    const f = this.fn;
    if (!this.defer) return { fn: () => f.call(this) };
    return { fn: () => new Promise<void>((resolve) => void f.call(this, new Deferred(this, () => resolve()))) };
  }

  /** Registers the benchmark with cyclebench once (its group, and whether it is the group's baseline). */
  registerOnce(group: string | null, baseline: boolean): void {
    if (this.#registered) return;
    this.#registered = true;
    const add = () => {
      const handle = register(this.name, this.kernel());
      if (baseline) handle.baseline();
    };
    if (group) withGroup(group, add);
    else add();
  }

  /** A benchmark run on its own: registered with cyclebench, which measures it after the file is loaded. */
  run(): this {
    this.registerOnce(null, false);
    return this;
  }
  override toString(): string {
    return `${this.name} (measured by cyclebench run)`;
  }
}
let anonymous = 0;

class BenchmarkEvent {
  readonly type: string;
  constructor(type: string | { type: string }) {
    this.type = typeof type === 'string' ? type : type.type;
  }
}
Benchmark.Event = BenchmarkEvent;

// The groups the file's suites were given, for the file being loaded (a new load starts afresh).
let groups: { file: string | null; used: Set<string | null> } = { file: null, used: new Set() };

/**
 * The cyclebench group of a suite: its name, or none for the file's first nameless suite. A suite
 * whose group an earlier suite of the file has (a second nameless one, as in uuid's benchmark)
 * gets its own, numbered ("suite 2", "name 2"), so each suite's benchmarks are compared with
 * that suite's first, as benchmark.js compares them within their suite.
 */
function suiteGroup(name: string | undefined): string | null {
  if (groups.file !== currentFile()) groups = { file: currentFile(), used: new Set() };
  const base = name ?? null;
  let group = base;
  for (let k = 2; groups.used.has(group); k++) group = base === null ? `suite ${k}` : `${base} ${k}`;
  groups.used.add(group);
  return group;
}

/** benchmark.js's collection methods over a list of benchmarks: a suite's, or what its filter selects. */
class Selection extends Inert {
  constructor(protected readonly benchmarks: Benchmark[]) {
    super();
  }
  get length(): number {
    return this.benchmarks.length;
  }
  map(f: ((b: Benchmark, i: number) => unknown) | string): unknown[] {
    return this.benchmarks.map((b, i) =>
      typeof f === 'string' ? (b as unknown as Record<string, unknown>)[f] : f(b, i),
    );
  }
  forEach(f: (b: Benchmark, i: number) => unknown): this {
    this.benchmarks.forEach(f);
    return this;
  }
  override toString(): string {
    return this.benchmarks.map(String).join(', ');
  }
}

export class Suite extends Selection {
  readonly name: string | undefined;
  readonly options: Record<string, unknown>;
  readonly #group: string | null;
  #first = true;

  constructor(name?: unknown, options?: unknown) {
    super([]);
    const o = (name !== null && typeof name === 'object' ? name : (options ?? {})) as Record<string, unknown>;
    this.options = o;
    const n = typeof name === 'string' ? name : o.name;
    this.name = typeof n === 'string' && n !== '' ? n : undefined;
    this.#group = suiteGroup(this.name);
  }

  add(name?: unknown, fn?: unknown, options?: unknown): this {
    const b = name instanceof Benchmark ? name : new Benchmark(name, fn, options);
    this.benchmarks.push(b);
    // Registered at add(), in the file's order: the first of the suite is the group's reference.
    b.registerOnce(this.#group, this.#first);
    this.#first = false;
    return this;
  }

  /** Measures nothing and emits nothing: cyclebench measures the registered benchmarks after the file is loaded. */
  run(): this {
    return this;
  }
  /** Without results, 'fastest', 'slowest' and 'successful' select nothing (cyclebench's report has the ranking). */
  filter(f: ((b: Benchmark) => boolean) | string): Selection {
    return new Selection(typeof f === 'function' ? this.benchmarks.filter(f) : []);
  }
}
Benchmark.Suite = Suite;

export const options = Benchmark.options;
export const platform = Benchmark.platform;
export const version = Benchmark.version;
export const support = Benchmark.support;
export { Deferred, BenchmarkEvent as Event };
export default Benchmark;
