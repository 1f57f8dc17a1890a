// Terminal extras: per benchmark, a one-line histogram of the per-iteration
// times with Tukey outliers marked (∘), and a sparkline of the batches in run order, fork
// by fork, so drift (a thermal cycle, a warming JIT) is visible before anyone averages.
// Only formats stored raw batches (habit 7); `run --distributions` prints it after the table.
import type { BenchmarkResult, ResultDocument } from '../results/schema.js';
import { describe } from '../statistics/describe.js';
import { tukeyFences } from '../statistics/outliers.js';
import { formatNs } from './format.js';
import { allSamples, contaminationCount, forkSamples, spacedName } from './samples.js';
import { terminalSafe } from '../text/terminal-safe.js';
import { awayWords } from './details.js';

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
export const HISTOGRAM_BINS = 16;
const FORK_SEPARATOR = '┊';
/** Characters per fork in the run-order sparkline; longer runs are bucketed (median per bucket). */
export const SPARK_WIDTH = 24;

/**
 * Consecutive values in at most `width` equal buckets, each replaced by its median, so drift shows and single
 * spikes do not.
 */
export function bucketMedians(values: readonly number[], width = SPARK_WIDTH): number[] {
  const finite = values.filter(Number.isFinite);
  if (finite.length <= width) return finite;
  return Array.from({ length: width }, (_, i) => {
    const chunk = finite
      .slice(Math.floor((i * finite.length) / width), Math.floor(((i + 1) * finite.length) / width))
      .sort((a, b) => a - b);
    const m = chunk.length >> 1;
    return chunk.length % 2 ? chunk[m] : (chunk[m - 1] + chunk[m]) / 2;
  });
}

/** Counts of `values` in `bins` equal-width bins over [lo, hi]. */
export function binCounts(values: readonly number[], lo: number, hi: number, bins: number): number[] {
  const counts = new Array<number>(bins).fill(0);
  const w = (hi - lo) / bins;
  for (const v of values) {
    const i = w > 0 ? Math.min(bins - 1, Math.max(0, Math.floor((v - lo) / w))) : 0;
    counts[i]++;
  }
  return counts;
}

/** Block characters for counts: empty bins are spaces, non-empty bins at least ▁. */
export function histogramLine(counts: readonly number[]): string {
  const max = Math.max(...counts);
  return counts.map((c) => (c === 0 ? ' ' : BLOCKS[Math.min(7, Math.ceil((c / max) * 8) - 1)])).join('');
}

/** A sparkline of values scaled to [lo, hi] (non-finite values become a space). */
export function sparkline(values: readonly number[], lo: number, hi: number): string {
  const span = hi - lo;
  return values
    .map((v) => {
      if (!Number.isFinite(v)) return ' ';
      const level = span > 0 ? Math.round(((v - lo) / span) * 7) : 3;
      return BLOCKS[Math.min(7, Math.max(0, level))];
    })
    .join('');
}

export interface DistributionSummary {
  lo: number;
  hi: number;
  counts: number[];
  lowOutliers: number;
  highOutliers: number;
  median: number;
  p25: number;
  p75: number;
}

/** Histogram over the values inside Tukey's 1.5·IQR fences; outliers counted apart. */
export function summarizeDistribution(values: readonly number[], bins = HISTOGRAM_BINS): DistributionSummary {
  const fences = tukeyFences(values);
  const inliers = values.filter((v) => v >= fences.lowMild && v <= fences.highMild);
  const lo = Math.min(...inliers);
  const hi = Math.max(...inliers);
  const d = describe(values);
  return {
    lo,
    hi,
    counts: binCounts(inliers, lo, hi, bins),
    lowOutliers: values.filter((v) => v < fences.lowMild).length,
    highOutliers: values.filter((v) => v > fences.highMild).length,
    median: d.median,
    p25: d.p25,
    p75: d.p75,
  };
}

function renderOne(b: BenchmarkResult): string[] {
  const title = `${spacedName(b)}${b.baseline ? ' (baseline)' : ''}`;
  if (b.error) return [title, `  not measured: ${b.error.kind}`];
  if (b.flags.includes('optimized-away'))
    return [title, `  ${awayWords(b)} — probably optimized away; no distribution shown`];
  const values = allSamples(b);
  if (values.length < 4) return [title, `  ${values.length} batches — too few for a distribution`];
  const s = summarizeDistribution(values);
  const low = s.lowOutliers ? `∘${s.lowOutliers} ` : '';
  const high = s.highOutliers ? ` ∘${s.highOutliers}` : '';
  const forks = forkSamples(b).map((f) => bucketMedians(f.perIteration));
  const bucketed = forks.some((f, i) => f.length < b.forks[i].batches.length);
  const finite = forks.flat();
  const runLo = Math.min(...finite);
  const runHi = Math.max(...finite);
  const c = contaminationCount(b);
  const runs = forks.map((f) => sparkline(f, runLo, runHi)).join(FORK_SEPARATOR);
  const outliers = s.lowOutliers + s.highOutliers;
  const outlierText = outliers ? `, ${outliers} outlier${outliers > 1 ? 's' : ''} (∘, Tukey 1.5·IQR)` : '';
  const bucketText = bucketed ? ` (median per ${SPARK_WIDTH}th of each fork)` : '';
  const contaminatedText = c.contaminated ? `, ${c.contaminated} contaminated` : '';
  return [
    title,
    `  per-iteration  ${low}${formatNs(s.lo)} ${histogramLine(s.counts)} ${formatNs(s.hi)}${high} ` +
      `  median ${formatNs(s.median)}, ` +
      `IQR ${formatNs(s.p25)}–${formatNs(s.p75)}${outlierText}`,
    `  run order      ${runs}  ` +
      ` ${formatNs(runLo)}…${formatNs(runHi)}, ${forks.length} ` +
      `fork${forks.length === 1 ? '' : 's'} (${FORK_SEPARATOR}), ${c.batches} ` +
      `batches${bucketText}${contaminatedText}`,
  ];
}

/** The distribution block appended to the terminal report. */
export function renderDistributions(input: ResultDocument): string {
  const doc = terminalSafe(input);
  const blocks = doc.benchmarks.map((b) => renderOne(b).join('\n'));
  if (blocks.length === 0) return '';
  return `\nDistributions (per-iteration time = (batch − intercept) / iterations):\n\n${blocks.join('\n\n')}\n`;
}
