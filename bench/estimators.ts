// Which headline statistic is most precise? Reads result files of `cyclebench run --json`
// and prints, per benchmark, the mean and the between-process CV of four per-process
// estimators computed from the same raw batches: OLS slope, robust slope (Theil–Sen over
// per-size medians, the default), median and minimum of per-iteration times.
//   node bin/cyclebench.js run examples/ --json /tmp/a.json && node --import tsx bench/estimators.ts /tmp/a.json
import { readFileSync } from 'node:fs';
import { mean, median, sampleStandardDeviation } from 'simple-statistics';
import type { ResultDocument } from '../src/results/schema.js';
import { ols } from '../src/statistics/regression.js';
import { perSizeMedianFit } from '../src/statistics/robust-slope.js';

const cv = (a: number[]) => sampleStandardDeviation(a) / mean(a);
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;

for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as ResultDocument;
  console.log(`\n${file}`);
  console.log('| benchmark | OLS slope (CV) | robust slope (CV) | median (CV) | min (CV) |\n|---|---|---|---|---|');
  for (const b of doc.benchmarks) {
    if (b.forks.length < 2) continue;
    const est = { ols: [] as number[], robust: [] as number[], median: [] as number[], min: [] as number[] };
    for (const f of b.forks) {
      const x = f.batches.map((q) => q.iterations);
      const y = f.batches.map((q) => q.ns);
      est.ols.push(ols(x, y).slope);
      const r = perSizeMedianFit(x, y);
      est.robust.push(r.slope);
      const per = y.map((v, i) => (v - r.intercept) / x[i]);
      est.median.push(median(per));
      est.min.push(Math.min(...per));
    }
    const cell = (a: number[]) => `${mean(a).toFixed(1)} ns (${pct(cv(a))})`;
    console.log(
      `| ${b.group ? `${b.group}/` : ''}${b.name} | ${cell(est.ols)} | ${cell(est.robust)} | ${cell(est.median)} | ${cell(est.min)} |`,
    );
  }
}
