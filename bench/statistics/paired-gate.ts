// Seeded simulation of the paired gate over a suite (`run --against --fail-on-regression`): RUNS
// runs of 50 unchanged benchmarks at pair noise sd 3 % (normal), each benchmark's sequential
// design at alpha / 50 (src/paired/analysis.ts suiteSettings). Prints how many runs the gate
// fails. test/paired/suite-level.test.ts checks the same with 100 runs; this gives the figure
// docs/measurements.md and docs/ci.md state, with a binomial sd of 0.4 % at 2000 runs.
//   node --import tsx bench/statistics/paired-gate.ts [runs] [seed]
import {
  analysePairs,
  DEFAULT_LOOKS,
  needsMorePairs,
  suiteSettings,
  type PairedSettings,
} from '../../src/paired/analysis.js';
import { normalQuantile } from '../../src/statistics/normal.js';
import { createRng } from '../../src/statistics/rng.js';

const RUNS = Number(process.argv[2] ?? 2000);
const SEED = Number(process.argv[3] ?? 11);
const BENCHMARKS = 50;
const S: PairedSettings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
const adjusted = suiteSettings(S, BENCHMARKS);
const rng = createRng(SEED);
const normal = () => normalQuantile(Math.min(1 - 1e-12, Math.max(1e-12, rng.next())));

let failed = 0;
for (let r = 0; r < RUNS; r++) {
  let any = false;
  for (let b = 0; b < BENCHMARKS; b++) {
    const logs: number[] = [];
    while (needsMorePairs(logs, logs.length, adjusted)) logs.push(0.03 * normal());
    if (analysePairs(logs, adjusted).verdict === 'slower') any = true;
  }
  if (any) failed++;
}
const share = failed / RUNS;
console.log(
  `paired gate, ${BENCHMARKS} A/A benchmarks at pair sd 3 %, seed ${SEED}: ${failed} of ${RUNS} runs fail ` +
    `(${(share * 100).toFixed(1)} %, binomial sd ${(Math.sqrt((share * (1 - share)) / RUNS) * 100).toFixed(1)} %)`,
);
