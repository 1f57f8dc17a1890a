// vitest 5's benchmark API under `cyclebench run` (the `test` and `expect` of the `vitest` import,
// mapped by resolve-hooks.ts; vitest.ts re-exports them). In vitest 5 a benchmark is defined in a
// test body through the `bench` fixture: `bench(name, fn)` or `bench(name, fnOpts, fn)` makes a
// registration, `.run()` measures it, `bench.compare(a, b, …, options?)` measures several and
// returns their results by name, and `expect(r.get('a')).toBeFasterThan(r.get('b'), { delta })`
// asserts about them. Here each test body runs while the file loads (queued one after another
// through load-work.ts, as vitest runs a benchmark file's tests one at a time):
// - `.run()` and `bench.compare()` register the benchmarks with cyclebench, in a group named by the
//   describe path and the test ("describe/test"), and resolve at once to stand-in results (their
//   figures NaN): cyclebench measures every benchmark in fresh processes after loading.
// - The first benchmark of a test's first `bench.compare()` is the group's `.baseline()`: every
//   other one gets a verdict against it (vitest's table ranks by the fastest, chosen after
//   measuring; a reference fixed before keeps each verdict's error rate the stated one).
// - `expect()` records: `toBeFasterThan` / `toBeSlowerThan` between two results are judged after
//   measuring on cyclebench's comparison of the two (src/analysis/checks.ts); any other matcher
//   is recorded as not judged (the stand-ins have no figures to test).
// - `bench.from()` (a result stored by tinybench) is not measured and not compared: its figures are
//   one process's mean, with no processes to compare. `writeResult` is ignored (use
//   `cyclebench run --save-baseline`); `bench.withBaseline()` is measured like `bench()`.
// docs/migration.md, "vitest 5".
import { recordCheck, queueLoadStep } from '../api/load-work.js';
import { currentFile, register, withGroup } from '../api/registry.js';
import { taskBenchFn, type TaskHooks } from './task.js';
import { unsupported } from './unsupported.js';

const REF = Symbol('cyclebench.vitest.result');
type Fn = () => unknown;
type Body = (context: Record<string, unknown>) => unknown;

interface Registration {
  readonly name: string;
  readonly fn?: Fn;
  readonly fnOpts?: TaskHooks;
  readonly fromStore?: true;
  run(options?: unknown): Promise<unknown>;
}

/** NaN for every figure a stand-in result is asked for (`latency.mean`, `throughput.p99`…). */
const nanStatistics = new Proxy(
  {},
  { get: (_t, key) => (typeof key === 'string' && key !== 'then' && key !== 'toJSON' ? NaN : undefined) },
);

/** What `.run()` and `bench.compare()` resolve to while cyclebench collects: the benchmark's name, no figures. */
function standIn(name: string, ref: string): Record<string | symbol, unknown> {
  const r = { name, latency: nanStatistics, throughput: nanStatistics, period: NaN, totalTime: NaN, [REF]: ref };
  return Object.freeze(r);
}
const refOf = (v: unknown): string | undefined =>
  typeof v === 'object' && v !== null ? ((v as Record<symbol, unknown>)[REF] as string | undefined) : undefined;

// Per loaded file: which groups have their reference, and which test is running (one at a time).
let scope: { file: string | null; referenced: Set<string>; test: string } = {
  file: null,
  referenced: new Set(),
  test: '',
};
function current() {
  if (scope.file !== currentFile()) scope = { file: currentFile(), referenced: new Set(), test: '' };
  return scope;
}

function inGroups(path: readonly string[], f: () => void): void {
  if (path.length === 0) f();
  else withGroup(path[0]!, () => inGroups(path.slice(1), f));
}

function nameOf(nameOrFunction: unknown): string {
  if (typeof nameOrFunction === 'function') return nameOrFunction.name || '<anonymous>';
  if (typeof nameOrFunction === 'string') return nameOrFunction;
  throw new TypeError('vitest: bench() requires a name (string or named function) as its first argument');
}

function createBench(path: readonly string[]) {
  const group = path.join('/');
  const full = (name: string) => `${group}/${name}`;
  const registerAll = (regs: readonly Registration[], compared: boolean) =>
    inGroups(path, () => {
      for (const reg of regs) {
        const handle = register(reg.name, taskBenchFn('vitest', reg.name, reg.fn!, reg.fnOpts ?? {}));
        const s = current();
        if (compared && !s.referenced.has(group)) {
          s.referenced.add(group);
          handle.baseline();
        }
      }
    });
  const make = (name: string, fn: Fn, fnOpts: TaskHooks | undefined): Registration => {
    const reg: Registration = {
      name,
      fn,
      ...(fnOpts ? { fnOpts } : {}),
      run: async () => {
        registerAll([reg], false);
        return standIn(name, full(name));
      },
    };
    return reg;
  };
  const bench = (nameOrFunction: unknown, a: unknown, b?: unknown): Registration => {
    const name = nameOf(nameOrFunction);
    if (typeof a === 'function' && b === undefined) return make(name, a as Fn, undefined);
    if (typeof b !== 'function')
      throw new TypeError(
        `vitest: bench('${name}') expects a benchmark function: bench(name, fn) or bench(name, options, fn)`,
      );
    const { writeResult: _w, perProject: _p, ...fnOpts } = (a ?? {}) as Record<string, unknown>;
    return make(name, b as Fn, fnOpts as TaskHooks);
  };
  const from = (nameOrFunction: unknown, _source: unknown): Registration => {
    const name = nameOf(nameOrFunction);
    return { name, fromStore: true, run: async () => standIn(name, `from:${name}`) };
  };
  const compare = async (...args: unknown[]) => {
    const last = args.at(-1);
    if (last !== null && typeof last === 'object' && !isRegistration(last)) args.pop();
    if (args.length < 2 || !args.every(isRegistration))
      throw new TypeError('vitest: bench.compare() expects two or more results of bench() or bench.from()');
    const regs = args as Registration[];
    registerAll(
      regs.filter((r) => !r.fromStore),
      true,
    );
    const byName = new Map(regs.map((r) => [r.name, standIn(r.name, r.fromStore ? `from:${r.name}` : full(r.name))]));
    return {
      get(name: string) {
        const r = byName.get(name);
        if (!r) throw new Error(`task "${name}" was not defined`);
        return r;
      },
    };
  };
  return Object.assign(bench, {
    compare,
    from,
    withBaseline: bench,
    perProject: bench,
  });
}
const isRegistration = (v: unknown): v is Registration =>
  typeof v === 'object' && v !== null && typeof (v as Registration).run === 'function' && 'name' in v;

/** vitest's `expect` while cyclebench collects: every assertion is recorded (src/results/checks.ts). */
function matchers(actual: unknown, not: boolean): Record<string, unknown> {
  return new Proxy(
    {},
    {
      get(_t, key) {
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (key === 'not') return matchers(actual, !not);
        if (key === 'resolves' || key === 'rejects') return matchers(actual, not);
        return (expected?: unknown, options?: { delta?: unknown }) => {
          const test = current().test;
          const [a, e] = [refOf(actual), refOf(expected)];
          if ((key === 'toBeFasterThan' || key === 'toBeSlowerThan') && a !== undefined && e !== undefined) {
            const delta = typeof options?.delta === 'number' ? options.delta : 0;
            recordCheck({ test, matcher: key, not, actual: a, expected: e, delta });
          } else recordCheck({ test, matcher: key, not, ...(a !== undefined ? { actual: a } : {}) });
        };
      },
    },
  );
}
const noop = () => undefined;
export const expect = new Proxy(
  Object.assign((actual: unknown) => matchers(actual, false), { soft: noop }),
  {
    get(target, key) {
      if (key === 'soft') return target;
      return typeof key === 'string' ? noop : undefined;
    },
  },
);

/** `test` / `it` for a file whose describe path is read by `path()` when a test is declared. */
export function createTest(path: () => readonly string[]) {
  function testImpl(name: unknown, a?: unknown, b?: unknown): void {
    const title = nameOf(name);
    const body = (typeof a === 'function' ? a : b) as Body | undefined;
    if (typeof body !== 'function') return;
    const where = [...path(), title];
    queueLoadStep(async () => {
      const s = current();
      s.test = where.join(' > ');
      const context = {
        bench: createBench(where),
        expect,
        task: { name: title },
        signal: new AbortController().signal,
      };
      try {
        await body(context);
      } catch (err) {
        throw new Error(`vitest: test('${title}'): ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        });
      } finally {
        s.test = '';
      }
    });
  }
  const skip = (..._a: unknown[]): void => undefined;
  const refuse = (call: string) => () => {
    throw unsupported('vitest', call, 'give each benchmark test its own test()');
  };
  return Object.assign(testImpl, {
    skip,
    todo: skip,
    only: testImpl,
    concurrent: testImpl,
    sequential: testImpl,
    skipIf: (c: unknown) => (c ? skip : testImpl),
    runIf: (c: unknown) => (c ? testImpl : skip),
    each: refuse('test.each()'),
    for: refuse('test.for()'),
    fails: refuse('test.fails()'),
  });
}
