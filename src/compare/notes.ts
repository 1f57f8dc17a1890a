// What is worth knowing about one side of a comparison, as data (src/report/details.ts words it):
// sample-size advice, outliers and distribution shape. Nothing here changes a verdict or drops data.
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
import { allManual } from '../analysis/manual.js';
import { relativeHalfWidth } from '../analysis/half-width.js';
import { residualOutliers } from '../analysis/quality.js';
import type { AnalysisDetail, Batch, BenchmarkResult, Statistic } from '../results/schema.js';
import { detail, type DetailCode, type DetailValues, type Side } from '../results/detail-schema.js';
import { describe } from '../statistics/describe.js';
import { grubbs } from '../statistics/outliers.js';
import { requiredSampleSize } from '../statistics/power.js';
import { checkShapeWithin } from '../statistics/shape.js';

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
  const manual = allManual(b.forks);
  const points = gs.map((g) => forkStatistic(g, statistic, manual));
  const between = points.length >= 2 && points.every(Number.isFinite) ? describe(points).cv : NaN;
  const withinCvs = gs.map((g) => describe(fitFork(g, manual).perIteration).cv).filter(Number.isFinite);
  const within = withinCvs.length ? withinCvs.reduce((s, v) => s + v, 0) / withinCvs.length : NaN;
  const processes = Number.isFinite(between) ? requiredSampleSize(Math.abs(between), o.target, o.confidence) : NaN;
  const batches = Number.isFinite(within) ? requiredSampleSize(Math.abs(within), o.target, o.confidence) : NaN;
  return { processes, batches, reachedTarget: rhw <= o.target, relativeHalfWidth: rhw };
}

/** What is worth knowing about one side ('baseline' or 'contender'), as data; empty when nothing. */
export function sideNotes(b: BenchmarkResult, side: Side, statistic: Statistic, o: NoteOptions): AnalysisDetail[] {
  const gs = groups(b);
  if (gs.length === 0) return [];
  const manual = allManual(b.forks);
  const out: AnalysisDetail[] = [];
  const add = <C extends DetailCode>(code: C, values: DetailValues[C]) => out.push(detail(code, values, 'info'));
  const advice = sampleAdvice(b, statistic, o);
  if (advice && !advice.reachedTarget)
    add('sample-advice', {
      side,
      halfWidth: advice.relativeHalfWidth,
      target: o.target,
      processes: Number.isFinite(advice.processes) ? advice.processes : null,
      batches: Number.isFinite(advice.batches) ? advice.batches : null,
      confidence: o.confidence,
    });
  const { mild, severe, total } = residualOutliers(gs, manual);
  if (mild + severe > 0) add('side-outliers', { side, mild, severe, total });
  if (o.grubbs && gs.length >= 3) {
    const points = gs.map((g) => forkStatistic(g, statistic, manual));
    if (points.every(Number.isFinite)) {
      const g = grubbs(points);
      add('grubbs', {
        side,
        statistic,
        alpha: g.alpha,
        g: g.g,
        critical: g.critical,
        outlier: g.outlier ? (b.forks[g.index]?.index ?? g.index) : null,
      });
    }
  }
  const shape = checkShapeWithin(gs.map((g) => fitFork(g, manual).perIteration));
  if (shape.multimodal) add('side-multimodal', { side, ashmanD: shape.ashmanD, share: shape.minorityShare });
  return out;
}
