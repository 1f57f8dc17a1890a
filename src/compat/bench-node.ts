// cyclebench's implementation of bench-node's API (the `bench-node` import or require of a
// benchmark file run by `cyclebench run`, mapped by resolve-hooks.ts and require-hook.ts).
// `Suite#add(name, options?, fn)` registers the benchmark with cyclebench, `{ baseline: true }`
// as its baseline (bench-node compares every other benchmark with it, as cyclebench's verdicts
// do); `run()` measures nothing and resolves to no results: cyclebench measures every benchmark
// in fresh processes after the file is loaded, and the reporters (text, chart, JSON…) print
// nothing here (the numbers are in cyclebench's report). Options about how long, how often or
// how to run (minTime, maxTime, minSamples, repeatSuite, useWorkers, plugins, ttest…) are
// cyclebench's to decide and are ignored; bench-node's default plugin keeps the benchmark from
// being optimized by V8, cyclebench measures it as V8 optimizes it (docs/migration.md).
// A managed timer (`(timer) => { …; timer.start(); …; timer.end(n) }`, a function with a
// parameter, as bench-node tells them apart) times part of each call by hand: it is mapped by
// bench-node-timer.ts.
import { register } from '../api/registry.js';
import type { BenchFn } from '../api/types.js';
import { managedTimerBench } from './bench-node-timer.js';

type AnyFn = (...a: unknown[]) => unknown;

export interface BenchNodeOptions {
  baseline?: boolean;
  [option: string]: unknown;
}

export class Suite {
  readonly #names = new Set<string>();
  #baseline = false;

  constructor(options: Record<string, unknown> = {}) {
    if (options === null || typeof options !== 'object')
      throw new TypeError('bench-node: the Suite options must be an object');
  }

  add(name: string, options: BenchNodeOptions | AnyFn, fn?: AnyFn): this {
    if (typeof name !== 'string') throw new TypeError('bench-node: the benchmark name must be a string');
    if (typeof options === 'function') [fn, options] = [options, {}];
    if (options === null || typeof options !== 'object')
      throw new TypeError(`bench-node: add('${name}'): the options must be an object`);
    if (typeof fn !== 'function') throw new TypeError(`bench-node: add('${name}'): fn must be a function`);
    if (this.#names.has(name)) throw new Error(`bench-node: a benchmark named '${name}' was already added`);
    if (options.baseline === true && this.#baseline) throw new Error('There is already a baseline benchmark');
    // bench-node's rule (lib/index.js): a function with a parameter takes the managed timer.
    const benchFn: BenchFn = fn.length >= 1 ? managedTimerBench(name, fn) : { fn };
    const handle = register(name, benchFn);
    if (options.baseline === true) {
      this.#baseline = true;
      handle.baseline();
    }
    this.#names.add(name);
    return this;
  }

  /** Measures nothing: cyclebench measures the registered benchmarks after the file is loaded. */
  async run(): Promise<never[]> {
    return [];
  }
}

/** bench-node's reporters: nothing to report while cyclebench collects (its own report has the numbers). */
const noReport = (_results?: unknown, _options?: unknown): void => undefined;
export const textReport = noReport;
export const chartReport = noReport;
export const htmlReport = noReport;
export const jsonReport = noReport;
export const csvReport = noReport;
export const prettyReport = noReport;

/** bench-node's plugins: accepted, without effect (cyclebench decides how a benchmark runs). */
class Plugin {
  constructor(_options?: unknown) {}
  isSupported(): boolean {
    return true;
  }
  toString(): string {
    return this.constructor.name;
  }
}
export class V8NeverOptimizePlugin extends Plugin {}
export class V8GetOptimizationStatus extends Plugin {}
export class V8OptimizeOnNextCallPlugin extends Plugin {}
export class MemoryPlugin extends Plugin {}
export class DeadCodeEliminationDetectionPlugin extends Plugin {}

export default {
  Suite,
  textReport,
  chartReport,
  htmlReport,
  jsonReport,
  csvReport,
  prettyReport,
  V8NeverOptimizePlugin,
  V8GetOptimizationStatus,
  V8OptimizeOnNextCallPlugin,
  MemoryPlugin,
  DeadCodeEliminationDetectionPlugin,
};
