// The kernels of bench/simulation/instructions.ts: a sum over a Float64Array of BASE elements
// equal to 1.5, and its copies:
// - 'sum' gets EXTRA more elements that are 0 (from the environment, which the workers inherit):
//   more loop work and the same result, so `compare` treats both versions as one benchmark;
// - 'sum twice' walks the same array twice (exactly twice the loop work);
// - 'sum copy' is 'sum' again, measured in its own processes;
// - 'empty' is the harness's own per-call count.
import { bench } from '../../../src/index.js';

const BASE = Number(process.env.SIM_BENCH_BASE ?? 16_384);
const EXTRA = Number(process.env.SIM_BENCH_EXTRA ?? 0);

function sum(passes: number) {
  return () => {
    const xs = new Float64Array(BASE + EXTRA);
    xs.fill(1.5, 0, BASE);
    return () => {
      let s = 0;
      for (let p = 0; p < passes; p++) for (let i = 0; i < xs.length; i++) s += xs[i];
      return s;
    };
  };
}

bench('empty', () => () => 0);
bench('sum', sum(1));
bench('sum copy', sum(1));
bench('sum twice', sum(2));
