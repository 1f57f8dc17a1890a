// Seeded simulation of the whole statistics pipeline on synthetic processes (no timing):
// - headline coverage: how often analyzeBenchmark's CI covers the true per-iteration cost;
// - A/A false positives of `compare` (verdictForForks) and of `stat` A/B (compareMetric):
//   how often identical distributions are called faster/slower.
// Processes follow test/helpers/synthetic-results.ts: per-process factor 1 + between·z, per-batch noise within·z.
//   node --import tsx bench/statistics/coverage.ts [replications]
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { verdictForForks } from '../../src/compare/verdict.js';
import { compareMetric } from '../../src/stat/compare.js';
import type { CommandResult } from '../../src/stat/types.js';
import type { ForkResult } from '../../src/results/schema.js';
import { createRng, type Rng } from '../../src/statistics/rng.js';
import { normal, syntheticForks } from '../../test/helpers/synthetic-results.js';

const REPS = Number(process.argv[2] ?? 250);
const COST = 10;
const NOISE = [
  { label: 'processes dominate (between 3 %, within 1 %)', between: 0.03, within: 0.01 },
  { label: 'batches dominate (between 1 %, within 3 %)', between: 0.01, within: 0.03 },
];
const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

export function headlineCoverage(k: number, between: number, within: number, reps: number): number {
  let covered = 0;
  for (let t = 0; t < reps; t++) {
    const forks = syntheticForks(50_000 + t, k, { cost: COST, between, within });
    const h = analyzeBenchmark(forks, { seed: t + 1 }).headline;
    if (h.ciLow <= COST && COST <= h.ciHigh) covered++;
  }
  return covered / reps;
}

/** A two-point process effect (×1.03 or ×0.97, e.g. two memory layouts) on top of the normal one. */
function twoPoint(forks: ForkResult[], rng: Rng): ForkResult[] {
  return forks.map((f) => {
    const x = rng.next() < 0.5 ? 1.03 : 0.97;
    return { ...f, batches: f.batches.map((b) => ({ ...b, ns: b.ns * x, ticks: b.ticks * x })) };
  });
}

export function compareFalsePositives(
  k: number,
  between: number,
  within: number,
  reps: number,
  layout = false,
): number {
  let called = 0;
  // One stream per cell: a fresh stream per trial (seed 80_000 + t) gave 6.2 % A/A at 10 per
  // side (3000 trials) against 4.4 % with one stream and 4.9 % simulating the values directly.
  const rng = createRng(80_000 + k);
  for (let t = 0; t < reps; t++) {
    const side = (seed: number): ForkResult[] => {
      const forks = syntheticForks(seed, k, { cost: COST, between, within });
      return layout ? twoPoint(forks, rng) : forks;
    };
    const a = side(70_000 + 2 * t);
    const b = side(70_001 + 2 * t);
    const v = verdictForForks(a, b, { threshold: 0.01, confidence: 0.95, seed: t + 1 });
    if (v.verdict === 'faster' || v.verdict === 'slower') called++;
  }
  return called / reps;
}

/** Run times 100·(1 + cv·z), plus an exponential right tail of mean `tail`·100 when tail > 0. */
function command(rng: Rng, runs: number, cv: number, tail: number): CommandResult {
  const value = (): number =>
    100 * (1 + cv * normal(rng)) - (tail > 0 ? 100 * tail * Math.log(rng.next() || 1e-12) : 0);
  const list = Array.from({ length: runs }, (_, i) => ({
    index: i,
    ok: true,
    warmup: false,
    values: { 'wall-time': value() },
  }));
  return { runs: list, failures: [], metrics: {}, unsupported: {} } as unknown as CommandResult;
}

export function statFalsePositives(runs: number, cv: number, reps: number, tail = 0): number {
  let called = 0;
  for (let t = 0; t < reps; t++) {
    const rng = createRng(90_000 + t);
    const c = compareMetric(command(rng, runs, cv, tail), command(rng, runs, cv, tail), [0, 1], 'wall-time');
    if (c.verdict === 'faster' || c.verdict === 'slower') called++;
  }
  return called / reps;
}

function main(): void {
  const t0 = Date.now();
  console.log(`${REPS} replications per cell, seeded; nominal 95 %, α = 0.05, noise threshold 1 %\n`);
  console.log('| headline coverage | 3 processes | 10 processes |\n|---|---|---|');
  for (const n of NOISE)
    console.log(
      `| ${n.label} | ${[3, 10].map((k) => pct(headlineCoverage(k, n.between, n.within, REPS))).join(' | ')} |`,
    );
  const ks = [1, 2, 3, 5, 10];
  console.log(`\n| compare A/A called faster/slower | ${ks.map((k) => `${k} per side`).join(' | ')} |`);
  console.log(`|---|${ks.map(() => '---|').join('')}`);
  for (const n of NOISE)
    console.log(
      `| ${n.label} | ${ks.map((k) => pct(compareFalsePositives(k, n.between, n.within, REPS))).join(' | ')} |`,
    );
  const layout = ks.map((k) => pct(compareFalsePositives(k, 0.03, 0.01, REPS, true)));
  console.log(`| processes dominate, plus a two-point ±3 % process effect | ${layout.join(' | ')} |`);
  const rs = [2, 3, 5, 10];
  console.log(`\n| stat A/B A/A called faster/slower | ${rs.map((r) => `${r} runs`).join(' | ')} |`);
  console.log(`|---|${rs.map(() => '---|').join('')}`);
  for (const cv of [0.01, 0.05])
    console.log(`| run-to-run CV ${pct(cv)} | ${rs.map((r) => pct(statFalsePositives(r, cv, REPS))).join(' | ')} |`);
  const tail = rs.map((r) => pct(statFalsePositives(r, 0.01, REPS, 0.05)));
  console.log(`| CV 1 % plus an exponential right tail (mean 5 %) | ${tail.join(' | ')} |`);
  console.log(`\n(${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

if (process.argv[1]?.endsWith('coverage.ts')) main();
