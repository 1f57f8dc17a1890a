// tinybench's task (also what vitest's bench() is built on) as a cyclebench benchmark:
// `fn` is the kernel (called without arguments; a returned promise selects the async loop);
// the Bench's `setup(task, mode)` and the task's `beforeAll` run once, untimed, before
// measuring, `afterAll` and `teardown` when the worker ends. `beforeEach`/`afterEach` run
// around every iteration, untimed (per-iteration.ts).
import type { BenchFn } from '../api/types.js';
import { perIterationBench } from './per-iteration.js';
import { atEnd, type Tool } from './unsupported.js';

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
  if (hooks.beforeEach || hooks.afterEach) return perIterationBench(tool, name, setup, fn, hooks, task);
  return { setup, fn };
}
