// cyclebench's implementation of tinybench's API (the `tinybench` import of a benchmark file
// run by `cyclebench run`, mapped by resolve-hooks.ts). `add()` registers the task with
// cyclebench (in the Bench's `name` as group when it has one); `run()` measures nothing here:
// cyclebench measures every task in fresh processes after the file is loaded. So `run()`
// resolves to the tasks without results and `table()` returns an empty array; the numbers are
// in cyclebench's report (`--json` for a document). Options about how long or how often to
// run (time, iterations, warmup…) are cyclebench's to decide and are ignored. docs/migration.md.
import { register, withGroup } from '../api/registry.js';
import { taskBenchFn, type BenchHooks, type TaskHooks } from './task.js';
import { unsupported } from './unsupported.js';

export interface TinybenchOptions extends BenchHooks {
  name?: string;
  [option: string]: unknown;
}

export interface FnOptions extends TaskHooks {
  async?: boolean;
}

export class Task extends EventTarget {
  readonly result = undefined;
  constructor(
    readonly bench: Bench,
    readonly name: string,
    readonly fn: () => unknown,
  ) {
    super();
  }
}

export class Bench extends EventTarget {
  readonly name: string | undefined;
  readonly opts: TinybenchOptions;
  readonly #tasks = new Map<string, Task>();

  constructor(options: TinybenchOptions = {}) {
    super();
    this.opts = options;
    this.name = options.name;
  }

  get tasks(): Task[] {
    return [...this.#tasks.values()];
  }
  get results(): undefined[] {
    return this.tasks.map(() => undefined);
  }

  add(name: string, fn: () => unknown, fnOpts: FnOptions = {}): this {
    if (this.#tasks.has(name)) throw new Error(`tinybench: a task named '${name}' was already added`);
    const task = new Task(this, name, fn);
    const benchFn = taskBenchFn(
      'tinybench',
      name,
      fn,
      fnOpts,
      { setup: this.opts.setup, teardown: this.opts.teardown },
      task,
    );
    if (this.name) withGroup(this.name, () => register(name, benchFn));
    else register(name, benchFn);
    this.#tasks.set(name, task);
    return this;
  }
  getTask(name: string): Task | undefined {
    return this.#tasks.get(name);
  }
  remove(name: string): never {
    throw unsupported('tinybench', `remove('${name}')`, 'a task, once added, is registered with cyclebench');
  }

  /** Measures nothing: cyclebench measures the registered tasks after the file is loaded. */
  async run(): Promise<Task[]> {
    return this.tasks;
  }
  runSync(): Task[] {
    return this.tasks;
  }
  async warmup(): Promise<void> {}
  reset(): void {}
  /** Empty while cyclebench collects (the results are in cyclebench's report, not here). */
  table(): Record<string, unknown>[] {
    return [];
  }
}

export function hrtimeNow(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
export const now = () => performance.now();
