// From raw batches of every process to the headline, estimates, flags and details (what was
// seen, as codes and numbers; src/report/details.ts words them). Pure: no clock, no I/O.
// - Per process: a Theil–Sen fit of per-size median batch ns on iterations (fork-fit.ts).
// - Headline: the chosen statistic, averaged over processes, with a t-interval over the
//   per-process values when there are >= 2 processes, a bootstrap over batches with 1
//   (headline-ci.ts) — `method` says which.
// - Distribution estimates from the pooled per-iteration values; dispersion labelled exactly.

import { mean, sampleStandardDeviation } from 'simple-statistics';
import type {
  AnalysisDetail,
  Batch,
  DetailCode,
  Estimates,
  Flag,
  ForkResult,
  Headline,
  LatencySummary,
  LayoutEffect,
  Statistic,
} from '../results/schema.js';
import { detail, type DetailSeverity, type DetailValues } from '../results/detail-schema.js';
import { describe } from '../statistics/describe.js';
import type { ShapeCheck } from '../statistics/shape.js';
import { gcShare } from './gc-share.js';
import { batchMedianNs, disagreement } from './agreement.js';
import { assessContamination, type ContaminationReport } from './contamination.js';
import { countersPerOp, type CountersSummary } from './counters.js';
import * as D from './defaults.js';
import { fitFork, forkStatistic, isUsableBatch, isValidBatch } from './fork-fit.js';
import { assessPreemption, preemptionValues } from './preemption.js';
import { headlineInterval } from './headline-ci.js';
import { analyzeLatency } from './latency.js';
import { layoutEffect } from './layout.js';
import { assessQuality } from './quality.js';
import type { AnalyzeOptions } from './defaults.js';
import type { ForkEstimate } from './fork-fit.js';
import { allManual, manualStatistic, MANUAL_METHOD } from './manual.js';

export { relativeHalfWidth } from './half-width.js';

export interface BenchmarkAnalysis {
  headline: Headline;
  estimates: Estimates;
  flags: Flag[];
  /** What was seen, as data (worded by src/report/details.ts): warnings and infos (skew, outliers kept). */
  details: AnalysisDetail[];
  counters?: CountersSummary;
  /** Processes under different layouts (`--aslr randomize`): how much layout moved the result (layout.ts). */
  layout?: LayoutEffect;
  /** Latency mode: the per-call ladder over the forks that ran it (latency.ts). */
  latency?: LatencySummary;
  perFork: ForkEstimate[];
  contamination: ContaminationReport[];
  outliers: { mild: number; severe: number; total: number };
  shape: ShapeCheck;
}

const STAT_TEXT: Record<Statistic, string> = {
  slope: 'Theil–Sen slope of per-size median batch time on iterations',
  min: 'minimum per-iteration time',
  median: 'median per-iteration time',
  mean: 'mean per-iteration time',
};

type Add = <C extends DetailCode>(code: C, values: DetailValues[C], severity?: DetailSeverity) => void;

/**
 * Each process's batches the estimate rests on: the valid ones not preempted, for processes with
 * two or more. When no process has two, the preempted ones are used too (`preemptedKept`): a
 * benchmark of a few samples a process (node:bench's `samples: 3`, a slow kernel) can have every
 * sample preempted on a busy machine, and a figure marked contended says more than no figure.
 */
function usableGroups(
  forks: readonly ForkResult[],
  add: Add,
): { groups: Batch[][]; forks: ForkResult[]; preemptedKept: boolean } {
  const valid = forks.map((f) => f.batches.filter(isValidBatch));
  forks.forEach((f, i) => {
    if (valid[i].length < f.batches.length)
      add('invalid-batches', { process: f.index, batches: f.batches.length - valid[i].length });
  });
  const pick = (use: (b: Batch) => boolean) => {
    const groups: Batch[][] = [];
    const kept: ForkResult[] = [];
    const left: number[] = [];
    forks.forEach((f, i) => {
      const ok = valid[i].filter(use);
      if (ok.length < 2) left.push(f.index);
      else {
        groups.push(ok);
        kept.push(f);
      }
    });
    return { groups, forks: kept, left };
  };
  let chosen = pick(isUsableBatch);
  const preemptedKept = chosen.groups.length === 0;
  if (preemptedKept) chosen = pick(() => true);
  for (const p of chosen.left) add('process-left-out', { process: p });
  if (chosen.groups.length === 0) throw new RangeError('analyzeBenchmark: no process has 2 or more valid batches');
  return { groups: chosen.groups, forks: chosen.forks, preemptedKept };
}

export function analyzeBenchmark(allForks: readonly ForkResult[], options: AnalyzeOptions = {}): BenchmarkAnalysis {
  const details: AnalysisDetail[] = [];
  const add: Add = (code, values, severity = 'warning') => details.push(detail(code, values, severity));
  const { groups, forks, preemptedKept } = usableGroups(allForks, add);
  const confidence = options.confidence ?? D.DEFAULT_CONFIDENCE;
  const boot = {
    resamples: options.resamples ?? D.DEFAULT_RESAMPLES,
    confidence,
    seed: options.seed ?? D.DEFAULT_SEED,
  };

  // Manually timed samples have no slope by design (manual.ts): not a fault to report per process.
  const manual = allManual(forks);
  const fits = groups.map((g) => fitFork(g, manual));
  const asked: Statistic = !options.statistic || options.statistic === 'auto' ? D.DEFAULT_STATISTIC : options.statistic;
  let statistic = manualStatistic(forks, asked);
  fits.forEach((f, i) => {
    if (!f.regressed && !manual) add('no-slope', { process: forks[i].index });
  });
  if (statistic === 'slope' && fits.some((f) => !f.regressed)) {
    statistic = 'mean';
    add('slope-fallback', { statistic });
  }

  const firstStage = options.firstStage;
  const stages = firstStage === undefined ? undefined : forks.map((f) => f.index < firstStage);
  const boot1 = headlineInterval(groups, statistic, manual, boot, stages);
  if (boot1.rejected > 0) add('bootstrap-skipped', { rejected: boot1.rejected, resamples: boot.resamples, statistic });
  const headline: Headline = {
    statistic,
    unit: 'ns',
    point: boot1.point,
    // A time per operation is never negative: a wide interval's lower bound is clipped at zero.
    ciLow: boot1.point >= 0 ? Math.max(0, boot1.ciLow) : boot1.ciLow,
    ciHigh: boot1.ciHigh,
    confidence,
    method: `${boot1.method}; ${manual && statistic === 'mean' ? MANUAL_METHOD : `${statistic} = ${STAT_TEXT[statistic]}`}, mean over processes`,
  };

  const perFork: ForkEstimate[] = groups.map((g, i) => ({
    index: forks[i].index,
    batches: g.length,
    slope: fits[i].slope,
    intercept: fits[i].intercept,
    r2: fits[i].r2,
    point: forkStatistic(g, statistic, manual),
    cv: describe(fits[i].perIteration).cv,
  }));
  const pooled = describe(fits.flatMap((f) => f.perIteration));
  const points = perFork.map((f) => f.point);
  const r2s = fits.map((f) => f.r2).filter(Number.isFinite);
  // Per-iteration values are (batch − fitted intercept) / iterations; where the intercept
  // exceeds a short batch's time they come out negative. A time is never negative, so such
  // a figure is not shown (NaN, written as null) and one note says why.
  const time = (x: number) => (x < 0 ? NaN : x);
  const negative = (['min', 'p25', 'median', 'mean', 'p75', 'p99'] as const).filter((k) => pooled[k] < 0);
  const estimates: Estimates = {
    slope: mean(fits.map((f) => f.slope)),
    intercept: mean(fits.map((f) => f.intercept)),
    r2: r2s.length > 0 ? mean(r2s) : NaN,
    min: time(pooled.min),
    median: time(pooled.median),
    mean: time(pooled.mean),
    p25: time(pooled.p25),
    p75: time(pooled.p75),
    p99: time(pooled.p99),
    mad: pooled.mad,
    stddev: pooled.stddev,
    betweenProcessCv: points.length >= 2 ? sampleStandardDeviation(points) / mean(points) : null,
    withinProcessCv: mean(perFork.map((f) => (Number.isFinite(f.cv) ? f.cv : 0))),
  };

  const contamination = assessContamination(groups, statistic, manual, headline.point);
  const flags = new Set<Flag>();
  // Contamination is flagged only when it matters: when the estimate from the clean
  // batches falls outside the headline's CI or moves it by the noise threshold (1 %) or
  // more. Otherwise it is one informational detail, so a busy machine's routine context
  // switches do not bury the warnings that count.
  const immaterial: ContaminationReport[] = [];
  for (const c of contamination) {
    // With the slope, collections are amortised into the headline (fork-fit.ts): the kernel's own
    // cost, reported as the share of measured batch time spent in collection pauses (gc-share.ts),
    // not as a disturbance.
    if (c.flag === 'gc-during-batches' && statistic === 'slope') {
      add('gc-amortized', { batches: c.batches, of: c.total, share: gcShare(groups) }, 'info');
      continue;
    }
    const material =
      c.cleanPoint === null ||
      c.relativeChange === null ||
      c.cleanPoint < headline.ciLow ||
      c.cleanPoint > headline.ciHigh ||
      Math.abs(c.relativeChange) >= D.MATERIAL_CONTAMINATION;
    if (material) {
      flags.add(c.flag);
      add('contamination', {
        kind: c.flag,
        batches: c.batches,
        of: c.total,
        statistic,
        cleanNs: c.cleanPoint,
        change: c.relativeChange,
      });
    } else immaterial.push(c);
  }
  if (immaterial.length)
    add(
      'contamination-within-ci',
      {
        kinds: immaterial.map((c) => c.flag),
        shares: immaterial.map((c) => c.batches / c.total),
        changes: immaterial.map((c) => c.relativeChange),
      },
      'info',
    );
  if (negative.length) add('negative-hidden', { statistics: negative }, 'info');
  const preemption = assessPreemption(allForks);
  if (preemption) {
    const contended = preemption.contended || preemptedKept;
    if (contended) flags.add('contended');
    // A manually timed sample is left out but not measured again (src/engine/manual.ts).
    const values = {
      ...preemptionValues(preemption),
      contended,
      ...(manual ? { remeasured: false } : {}),
      ...(preemptedKept ? { kept: true } : {}),
    };
    add('preempted', values, contended ? 'warning' : 'info');
  }
  const quality = assessQuality({ forks, groups, fits, perFork, headline, estimates, options });
  for (const f of quality.flags) flags.add(f);
  details.push(...quality.details);

  const { omitted, ...counted } = (options.counters !== false && countersPerOp(groups, boot)) || { perOp: [] };
  const counters = counted.perOp.length || omitted ? counted : undefined;
  for (const o of omitted ?? []) add('counter-negative', { event: o.event, perOp: o.perOp }, 'info');
  const latency = analyzeLatency(allForks);
  const disagree = disagreement({
    headline,
    batchMedianNs: batchMedianNs(groups),
    groups,
    latencyMedianNs: latency?.ladder.find((r) => r.label === 'p50')?.ns ?? null,
    gcShare: gcShare(groups) ?? 0,
  });
  if (disagree) {
    flags.add('estimates-disagree');
    add('estimates-disagree', disagree);
  }
  const layout = layoutEffect(forks, groups, statistic, boot.seed);
  if (layout) add('layout', { ...layout }, 'info');
  return {
    headline,
    estimates,
    flags: [...flags],
    details,
    ...(counters ? { counters } : {}),
    ...(latency ? { latency } : {}),
    ...(layout ? { layout } : {}),
    perFork,
    contamination,
    outliers: quality.outliers,
    shape: quality.shape,
  };
}
