// Re-analyses the result files a contention run left (bench/engine/contention.ts, its scratch
// directories cyclebench-contention-*) under four rules for processes in another state, on the
// same processes: the memory yardstick's median over the run's planned processes as the reference
// with only slower processes left out (median, one-sided) or both ways (median, two-sided); the
// lower quartile, one-sided; and the largest cluster of yardstick readings (gaps over 15 %),
// two-sided. Per rule: how many concat and parse pairs came within 6 % of their truth in both the
// 2× and the A/A ratio. Each benchmark's value is the mean of its kept processes' slopes (at least
// 2 kept, else all), without the odd-process rule, so the figures are for comparing the rules,
// not a run's headline. Processes a live run added under one rule stay in the files whatever rule
// re-reads them.
//
//   node --import tsx bench/engine/state-rules.ts DIR [DIR…]
import { readdirSync, readFileSync } from 'node:fs';
import { median, quantile } from 'simple-statistics';
import { processStatistic } from '../../src/analysis/fork-fit.js';
import type { BenchmarkResult, ResultDocument } from '../../src/results/schema.js';

type Rule = (readings: number[]) => (reading: number) => boolean;

/** The median of the largest group of readings, split where consecutive sorted readings differ by more than 15 %. */
function dominant(readings: number[]): number {
  const s = [...readings].sort((a, b) => a - b);
  const groups = [[s[0]]];
  for (let i = 1; i < s.length; i++) {
    if (s[i] / s[i - 1] > 1.15) groups.push([]);
    groups[groups.length - 1].push(s[i]);
  }
  return median(groups.sort((a, b) => b.length - a.length)[0]);
}

const FACTOR = 1.2;
const RULES: Record<string, Rule> = {
  'median, one-sided': (ms) =>
    (
      (r) => (m) =>
        m / r >= FACTOR
    )(median(ms)),
  'lower quartile, one-sided': (ms) =>
    (
      (r) => (m) =>
        m / r >= FACTOR
    )(ms.length >= 8 ? quantile(ms, 0.25) : median(ms)),
  'median, two-sided': (ms) =>
    (
      (r) => (m) =>
        m / r >= FACTOR || r / m >= FACTOR
    )(median(ms)),
  'largest cluster, two-sided': (ms) =>
    (
      (r) => (m) =>
        m / r >= FACTOR || r / m >= FACTOR
    )(dominant(ms)),
};

const memory = (f: BenchmarkResult['forks'][number]) => median(f.memoryYardstickNs ?? [Number.NaN]);
const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error('usage: node --import tsx bench/engine/state-rules.ts DIR [DIR…]');
const tally: Record<string, { pairs: number; within: number; misses: string[] }> = {};
for (const dir of dirs)
  for (const file of readdirSync(dir)
    .filter((n) => /^alloc-\d+-\d+\.json$/.test(n))
    .sort()) {
    const doc = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as ResultDocument;
    const planned = doc.benchmarks.flatMap((b) => b.forks.filter((f) => f.index < 3)).map(memory);
    for (const [name, rule] of Object.entries(RULES)) {
      const other = rule(planned.filter(Number.isFinite));
      const value = (b: BenchmarkResult) => {
        const all = b.forks.map((f) => ({
          v: processStatistic(f, 'slope'),
          out: other(memory(f)),
        }));
        const kept = all.filter((p) => !p.out);
        const use = kept.length >= 2 ? kept : all;
        return use.reduce((a, p) => a + p.v, 0) / use.length;
      };
      const t = (tally[name] ??= { pairs: 0, within: 0, misses: [] });
      for (const k of ['concat', 'parse']) {
        const get = (member: string) => doc.benchmarks.find((b) => b.name === `${k} ${member}`);
        const [once, twice, copy] = [get('once'), get('twice'), get('once (copy)')];
        if (!once || !twice || !copy) continue;
        const [two, aa] = [value(twice) / value(once), value(copy) / value(once)];
        t.pairs++;
        if (Math.abs(two / 2 - 1) <= 0.06 && Math.abs(aa - 1) <= 0.06) t.within++;
        else t.misses.push(`${file.replace('.json', '')} ${k} ${two.toFixed(3)}/${aa.toFixed(3)}`);
      }
    }
  }
for (const [name, t] of Object.entries(tally))
  console.log(
    `${name}: ${t.within} of ${t.pairs} pairs within 6 % (2× and A/A); off: ${t.misses.join(', ') || 'none'}`,
  );
