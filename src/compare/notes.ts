// Informational lines for one side of a comparison: sample-size advice,
// outliers and distribution shape (item 6). Nothing here changes a verdict or drops data.
//
// Sample-size advice, for the two levels of the hierarchical model
//   var(headline) ≈ σ_p²/P + σ_w²/(P·B)   (P processes, B batches each):
// - processes P = requiredSampleSize(CV between processes, target, confidence), the seeds' rule
//   N = ⌈(100σ/m)²⌉ generalised to z_{(1+c)/2} and target h, t-corrected (statistics/power.ts);
// - batches B per process = the same rule on the within-process CV of per-iteration times, so
//   that the batch noise alone stays inside the target in every process.
// Outliers: the run report's count (analysis/quality.ts residualOutliers), counted, kept. Grubbs' test, on
// request, on the per-process statistics (is one PROCESS an outlier?), needs >= 3 processes.
// Shape: statistics/shape.ts on the pooled per-iteration times; multimodal → the mean is not meaningful.

import { fitFork, forkStatistic, isUsableBatch } from '../analysis/fork-fit.js';
import { relativeHalfWidth } from '../analysis/half-width.js';
import { residualOutliers } from '../analysis/quality.js';
import type { Batch, BenchmarkResult, Statistic } from '../results/schema.js';
import { describe } from '../statistics/describe.js';
import { grubbs } from '../statistics/outliers.js';
import { requiredSampleSize } from '../statistics/power.js';
import { checkShape } from '../statistics/shape.js';
import { percent } from '../text/format.js';

export interface NoteOptions {
  /** Relative CI half-width target (default 1 %). */
  target: number;
  confidence: number;
  grubbs: boolean;
}

export interface SampleAdvice {
  processes: number;
  batches: number;
  reachedTarget: boolean;
  relativeHalfWidth: number;
}

const pct = (x: number): string => percent(x, 1);

function groups(b: BenchmarkResult): Batch[][] {
  return b.forks.map((f) => f.batches.filter(isUsableBatch)).filter((g) => g.length >= 2);
}

export function sampleAdvice(
  b: BenchmarkResult,
  statistic: Statistic,
  o: Pick<NoteOptions, 'target' | 'confidence'>,
): SampleAdvice | null {
  const gs = groups(b);
  if (!b.headline || gs.length === 0) return null;
  const rhw = relativeHalfWidth(b.headline);
  const points = gs.map((g) => forkStatistic(g, statistic));
  const between = points.length >= 2 && points.every(Number.isFinite) ? describe(points).cv : NaN;
  const withinCvs = gs.map((g) => describe(fitFork(g).perIteration).cv).filter(Number.isFinite);
  const within = withinCvs.length ? withinCvs.reduce((s, v) => s + v, 0) / withinCvs.length : NaN;
  const processes = Number.isFinite(between) ? requiredSampleSize(Math.abs(between), o.target, o.confidence) : NaN;
  const batches = Number.isFinite(within) ? requiredSampleSize(Math.abs(within), o.target, o.confidence) : NaN;
  return { processes, batches, reachedTarget: rhw <= o.target, relativeHalfWidth: rhw };
}

/** Lines for one side ('baseline' or 'contender'); empty when there is nothing to say. */
export function sideNotes(b: BenchmarkResult, side: string, statistic: Statistic, o: NoteOptions): string[] {
  const gs = groups(b);
  if (gs.length === 0) return [];
  const out: string[] = [];
  const advice = sampleAdvice(b, statistic, o);
  if (advice && !advice.reachedTarget) {
    const p = Number.isFinite(advice.processes)
      ? `${advice.processes} processes`
      : 'at least 2 processes (between-process spread unknown with 1)';
    const k = Number.isFinite(advice.batches) ? `${advice.batches} batches per process` : 'more batches';
    out.push(
      `${side}: CI half-width ${pct(advice.relativeHalfWidth)} > ` +
        `target ${pct(o.target)}; about ${p} and ${k} would reach it ` +
        `(at ${Math.round(o.confidence * 100)} % confidence)`,
    );
  }
  const { mild, severe, total } = residualOutliers(gs);
  const counts = `${mild} mild, ${severe} severe of ${total} batches`;
  if (mild + severe > 0)
    out.push(`${side}: outliers (Tukey fences on relative residuals per process, kept): ${counts}`);
  if (o.grubbs && gs.length >= 3) {
    const points = gs.map((g) => forkStatistic(g, statistic));
    if (points.every(Number.isFinite)) {
      const g = grubbs(points);
      const finding = g.outlier
        ? `process #${b.forks[g.index]?.index ?? g.index} is an outlier (kept)`
        : 'no outlying process';
      out.push(
        `${side}: Grubbs' test on per-process ${statistic} (α = ${g.alpha}): G ` +
          `= ${g.g.toFixed(2)}, critical ${g.critical.toFixed(2)}, ${finding}`,
      );
    }
  }
  const shape = checkShape(gs.flatMap((g) => fitFork(g).perIteration));
  if (shape.multimodal)
    out.push(
      `${side}: multimodal per-iteration times (Ashman's ` +
        `D ${shape.ashmanD.toFixed(1)}, smaller mode ${pct(shape.minorityShare)}): the ` +
        `mean is not meaningful`,
    );
  return out;
}
