// bench-node's managed timer: `suite.add(name, (timer) => { set-up; timer.start(); for (let i = 0;
// i < timer.count; i++) work(); timer.end(timer.count); })`. The benchmark times part of each
// call by hand: its set-up runs in the same call, outside its timed region. cyclebench's
// kernels are timed from outside the call (src/engine/loop.ts), so timing the whole call would
// put the set-up in every figure: such a benchmark fails alone, in one line naming the tool
// and the port guide (the set-up form: set-up before `return`, the kernel returned), and the
// file's other benchmarks run.
import type { BenchFn } from '../api/types.js';
import { failingBench, unsupported } from './unsupported.js';

export function managedTimerBench(name: string, _fn: (timer: unknown) => unknown): BenchFn {
  const call = `a managed timer (timer.start()/timer.end()) in add('${name}')`;
  return failingBench(unsupported('bench-node', call, 'port it as docs/migration.md shows'));
}
