// tinybench's task (also what vitest's bench() is built on) as a cyclebench benchmark:
// `fn` is the kernel (called without arguments; a returned promise selects the async loop);
// the Bench's `setup(task, mode)` and the task's `beforeAll` run once, untimed, before
// measuring, `afterAll` and `teardown` when the worker ends. `beforeEach`/`afterEach` run as
// tinybench runs them: around every call of `fn`, called with the task as `this` and the
// mode, awaited, outside the timing. Such a task is timed call by call with the clock's own
// cost taken out of each call (src/engine/per-call.ts), and its result says so. The mode is
// 'run' throughout, as for beforeAll: cyclebench's warm-up is its own.
import type { BenchFn } from '../api/types.js';
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
  task: { readonly name: string } = { name },
): BenchFn {
  if (typeof fn !== 'function') throw new TypeError(`${tool}: bench('${name}'): the task must be a function`);
  const setup = async () => {
    await benchHooks.setup?.call(undefined, task, 'run');
    await hooks.beforeAll?.call(task, 'run');
    atEnd(async () => {
      await hooks.afterAll?.call(task, 'run');
      await benchHooks.teardown?.call(undefined, task, 'run');
    });
    return undefined;
  };
  const { beforeEach, afterEach } = hooks;
  for (const [hook, f] of [
    ['beforeEach', beforeEach],
    ['afterEach', afterEach],
  ] as const)
    if (f != null && typeof f !== 'function')
      throw new TypeError(`${tool}: bench('${name}'): '${hook}' must be a function if provided`);
  return {
    setup,
    fn,
    ...(beforeEach ? { beforeEach: () => beforeEach.call(task, 'run') } : {}),
    ...(afterEach ? { afterEach: () => afterEach.call(task, 'run') } : {}),
  };
}
