// Untimed work around every iteration (tinybench's beforeEach/afterEach).
import type { BenchFn } from '../api/types.js';
import type { TaskHooks } from './task.js';
import { failingBench, unsupported, type Tool } from './unsupported.js';

export function perIterationBench(
  tool: Tool,
  name: string,
  _setup: () => Promise<undefined>,
  _fn: () => unknown,
  _hooks: TaskHooks,
  _task: { name: string },
): BenchFn {
  return failingBench(unsupported(tool, `beforeEach/afterEach in '${name}'`));
}
