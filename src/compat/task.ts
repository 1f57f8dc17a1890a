// tinybench's task (also what vitest's bench() is built on) as a cyclebench benchmark:
// `fn` is the kernel (called without arguments; a returned promise selects the async loop);
// the Bench's `setup(task, mode)` and the task's `beforeAll` run once, untimed, before
// measuring, `afterAll` and `teardown` when the worker ends. `beforeEach`/`afterEach` are
// refused by that benchmark in one line: they run around each call and usually reset state
// the task reads, while cyclebench makes per-iteration set-up for a whole batch before its
// clock starts (.setupEach()), which would hand every call but the first a used state.
import type { BenchFn } from '../api/types.js';
import { atEnd, failingBench, unsupported, type Tool } from './unsupported.js';

type Hook = (this: unknown, ...a: unknown[]) => unknown;

export interface TaskHooks {
  beforeAll?: Hook;
  beforeEach?: Hook;
  afterEach?: Hook;
  afterAll?: Hook;
}

export interface BenchHooks {
  setup?: Hook;
  teardown?: Hook;
}

export function taskBenchFn(
  tool: Tool,
  name: string,
  fn: () => unknown,
  hooks: TaskHooks = {},
  benchHooks: BenchHooks = {},
): BenchFn {
  if (typeof fn !== 'function') throw new TypeError(`${tool}: bench('${name}'): the task must be a function`);
  const task = { name };
  const setup = async () => {
    await benchHooks.setup?.call(undefined, task, 'run');
    await hooks.beforeAll?.call(task, 'run');
    atEnd(async () => {
      await hooks.afterAll?.call(task, 'run');
      await benchHooks.teardown?.call(undefined, task, 'run');
    });
    return undefined;
  };
  if (hooks.beforeEach || hooks.afterEach) {
    const hint = 'make per-iteration inputs with a cyclebench bench and .setupEach(), docs/migration.md';
    return failingBench(unsupported(tool, `beforeEach/afterEach of '${name}'`, hint));
  }
  return { setup, fn };
}
