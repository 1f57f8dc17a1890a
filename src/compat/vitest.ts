// cyclebench's implementation of vitest's benchmark API (the `vitest` import of a benchmark
// file run by `cyclebench run`, mapped by resolve-hooks.ts): `bench(name, fn, options)` is a
// tinybench task (task.ts) with the options' `setup`/`teardown`, and `describe(name, body)` a
// cyclebench group (nested: "a/b"). vitest's summary compares the benchmarks of each describe
// block; here the first benchmark registered in each group (and at the top of the file) is the
// group's baseline, so every other one gets a verdict against it. `.skip`/`.todo` register nothing; `.only` registers as
// usual (select with --filter). vitest 5's `test()` with the `bench` fixture, and `expect()`,
// are vitest5.ts's. docs/migration.md.
import { currentFile, register, withGroup } from '../api/registry.js';
import { taskBenchFn, type BenchHooks } from './task.js';
import { unsupportedCall } from './unsupported.js';
import { createTest, expect } from './vitest5.js';

export interface VitestBenchOptions extends BenchHooks {
  [option: string]: unknown;
}

// The describe path being registered, and the groups that have their reference, for the file being loaded.
let scope: { file: string | null; path: string[]; referenced: Set<string> } = {
  file: null,
  path: [],
  referenced: new Set(),
};
function current() {
  if (scope.file !== currentFile()) scope = { file: currentFile(), path: [], referenced: new Set() };
  return scope;
}

function benchImpl(name: string, fn: () => unknown, options: VitestBenchOptions = {}): void {
  const hooks = { setup: options.setup, teardown: options.teardown };
  const handle = register(name, taskBenchFn('vitest', name, fn, {}, hooks));
  // vitest's reference is the fastest, known only after measuring; one fixed before measuring keeps
  // each verdict's error rate the one cyclebench states (docs/migration.md).
  const s = current();
  const group = s.path.join('/');
  if (!s.referenced.has(group)) {
    s.referenced.add(group);
    handle.baseline();
  }
}
const skip = (..._a: unknown[]): void => undefined;

export const bench = Object.assign(benchImpl, { skip, todo: skip, only: benchImpl, skipIf, runIf });
function skipIf(condition: unknown) {
  return condition ? skip : benchImpl;
}
function runIf(condition: unknown) {
  return condition ? benchImpl : skip;
}

function describeImpl(name: string, body?: () => void): void {
  if (typeof body !== 'function') return;
  const s = current();
  s.path.push(name);
  try {
    withGroup(name, body);
  } finally {
    s.path.pop();
  }
}
export const describe = Object.assign(describeImpl, { skip, todo: skip, only: describeImpl });
export const suite = describe;

const hint = 'a file run by cyclebench run may only register benchmarks';
export const test = createTest(() => current().path);
export const it = test;
export { expect };
export const beforeAll = unsupportedCall('vitest', 'beforeAll()', 'use the setup option of bench()');
export const afterAll = unsupportedCall('vitest', 'afterAll()', 'use the teardown option of bench()');
export const beforeEach = unsupportedCall('vitest', 'beforeEach()', hint);
export const afterEach = unsupportedCall('vitest', 'afterEach()', hint);
export const vi = new Proxy(
  {},
  {
    get: (_t, key) => unsupportedCall('vitest', `vi.${String(key)}`, hint),
  },
);
