// The values of each detail code (./detail-schema.ts DETAIL_CODES): what the producers (src/analysis,
// src/compare, src/engine, src/orchestrator, src/simulation, src/worker) write and what the words of
// src/report/details.ts read. A field marked optional is absent in some details (older files, or a
// case that has nothing to put there); `null` is a value the producer could not compute.
import type { CounterName } from '../platform/types.js';
import type { Flag, LayoutEffect, SamplingStop, Statistic, V8Tier } from './terms.js';

/** A detail with nothing to say beyond its code. */
export type NoValues = Record<never, never>;

/** The side of a comparison a detail is about. */
export type Side = 'baseline' | 'contender';

/**
 * What V8 did in the processes a detail singles out against the others (src/analysis/v8-state.ts):
 * every field absent when a process had no V8 record (older files, a run that did not read it).
 */
export interface V8Values {
  /** Deoptimizations in the singled-out processes' phase, null when one could not read them. */
  deopts?: number | null;
  othersDeopts?: number | null;
  /** The most frequent one, "function: reason". */
  deoptAt?: string | null;
  /** Distinct "kernel/loop" tiers at the phase's end. */
  tiers?: string[];
  otherTiers?: string[];
}

/** The environment facts two runs differ in (src/compare/assumptions.ts problemValues). */
export interface EnvironmentValues {
  facts: string[];
  /** Each fact's value as JSON text, in the baseline's and the contender's run. */
  bases: string[];
  contenders: string[];
  /** The sides whose environment changed during their run. */
  changedDuring: string[];
}

interface Count {
  processes: number;
  of: number;
}

/** The values of each detail code. */
export interface DetailValues {
  'invalid-batches': { process: number; batches: number };
  'process-left-out': { process: number };
  'no-slope': { process: number };
  'slope-fallback': { statistic: Statistic };
  'bootstrap-skipped': { rejected: number; resamples: number; statistic: Statistic };
  'optimized-away': { ns: number; cycleNs: number; cycleKnown: boolean; floorNs: number | null } & (
    { kind: 'below-cycle' } | { kind: 'near-empty-loop' } | { kind: 'dead-result'; cycles: number }
  );
  'allocation-dropped': Count & { bytesPerOp: number; floorBytes: number; by: 'returned' | 'sunk' };
  'estimates-disagree': {
    direction: 'above' | 'below';
    headlineNs: number;
    ciLowNs: number;
    ciHighNs: number;
    batchMedianNs: number | null;
    cpuPerOpNs: number | null;
    latencyMedianNs: number | null;
    tolerance: number;
    gcShare: number;
  };
  'inputs-changed': Count & { changed: number; checked: number };
  'low-r2': { threshold: number; of: number; processes: number[]; r2: number[] };
  'warmup-not-steady': Count & V8Values;
  'target-ci-not-reached': {
    halfWidth: number;
    target: number;
    /** How the processes that did not reach the target stopped. */
    stops: SamplingStop[];
    cv: number | null;
    needed: number | null;
  };
  'slow-mode': { share: number; ashmanD: number };
  multimodal: { ashmanD: number; share: number; bimodality: number };
  skewed: { skewness: number };
  outliers: { mild: number; severe: number; total: number };
  contamination: {
    kind: Flag;
    batches: number;
    of: number;
    statistic: Statistic;
    /** The estimate without the contaminated batches, null when too few clean ones remain. */
    cleanNs: number | null;
    change: number | null;
  };
  'contamination-within-ci': { kinds: Flag[]; shares: number[]; changes: (number | null)[] };
  'gc-amortized': { batches: number; of: number; share: number | null };
  'negative-hidden': { statistics: string[] };
  preempted: {
    preempted: number;
    total: number;
    involuntarySwitch: number;
    migration: number;
    offCpu: number;
    unreplaced: number;
    planned: number;
    contended: boolean;
    /** false for manually timed samples, which are left out but not measured again (absent otherwise). */
    remeasured?: boolean;
    /** true when no process had two batches left without them, so the estimate uses them (absent otherwise). */
    kept?: boolean;
  };
  'slow-processes': V8Values & { slow: number; of: number; factors: number[]; leftOut: boolean };
  'odd-process': V8Values & {
    process: number;
    factor: number;
    spread: number;
    of: number;
    yardstick: number | null;
    /** Named on V8's evidence where the times alone name none (src/analysis/odd-process.ts v8OddProcess). */
    byV8?: boolean;
  };
  'processes-added': {
    planned: number;
    processes: number;
    halfWidth: number;
    above: number;
    /** Processes the estimate is over (absent in older files: all of them). */
    kept?: number;
    /** Planned processes that ran slow and were replaced (absent in older files: none). */
    replaced?: number;
  };
  'processes-missing': { measured: number; planned: number };
  /** The run's budget ran `added` of the `wanted` processes the disagreement asked for (src/orchestrator/budget.ts). */
  'processes-budget': {
    planned: number;
    wanted: number;
    added: number;
    halfWidth: number;
    above: number;
    budgetS: number;
    /** Planned processes that ran slow, to be replaced (absent in older files: none). */
    replaced?: number;
  };
  /**
   * The planned processes disagreed, but their comparison with the group's baseline was already
   * answered at `confidence` (src/api/more-processes.ts), so none were added.
   */
  'processes-settled': {
    baseline: string;
    verdict: 'faster' | 'slower';
    ratio: number;
    ciLow: number;
    ciHigh: number;
    confidence: number;
    halfWidth: number;
    above: number;
  };
  'counter-negative': { event: CounterName; perOp: number };
  layout: LayoutEffect;
  'simulated-wall-time': NoValues;
  'not-simulated': { valgrind: string };
  simulated: { valgrind: string; tiers: V8Tier[]; caches: string[] | null };
  'not-optimized': { tier: V8Tier };
  'simulation-unsteady': NoValues;
  'latency-timer': {
    overheadNs: number;
    calls: number;
    processes: number;
    jitterNs: number;
    tickNs: number;
    /** The step the readings move in, null on a fine clock. */
    stepNs: number | null;
  };
  'latency-step': { stepNs: number; p50: number };
  'latency-timer-dominated': { p50: number; ratio: number; overheadNs: number; limit: number };
  'latency-timer-jitter': { p50: number; ratio: number; overheadNs: number; jitterNs: number };
  'latency-timer-small': { p50: number; ratio: number; overheadNs: number };
  'latency-zero': { share: number };
  'latency-thin-tail': { labels: string[]; calls: number[]; of: number };
  'latency-gc': { collections: number };
  'latency-budget': Count;
  'different-checksums': NoValues;
  'assumption-broken': { problem: string };
  'too-few-processes': { need: number; base: number; contender: number };
  'ratio-undefined': NoValues;
  'ci-includes-one': {
    /** null for instruction counts. */
    confidence: number | null;
    /** The rank test's p-value when it leans to a difference, null otherwise. */
    pValue: number | null;
    /** true, in files of schema version 3 and older, for an interval reaching beyond the threshold (read as 'cannot-tell'). */
    wide?: boolean;
    threshold?: number;
  };
  'within-noise': { change: number; threshold: number };
  'cannot-tell': {
    confidence: number | null;
    ciLow: number;
    ciHigh: number;
    threshold: number;
    includesOne: boolean;
    /** Units a side that would settle it, null when more than the advice's cap. */
    needed: number | null;
    /** What a unit is (absent: processes). */
    unit?: 'processes' | 'runs' | 'pairs';
  };
  'rank-test-unsure': { verdict: 'faster' | 'slower'; pValue: number | null };
  'side-failed': { side: Side; kind: string; message: string };
  'side-unmeasured': { side: Side; message: string | null };
  'side-contaminated': { side: Side; flags: Flag[] };
  'cannot-estimate': { message: string };
  'environment-differs': EnvironmentValues;
  'no-common-count': NoValues;
  'too-few-counts': NoValues;
  'sample-advice': {
    side: Side;
    halfWidth: number;
    target: number;
    /** Processes and batches per process that would reach the target, null when the spread is unknown. */
    processes: number | null;
    batches: number | null;
    confidence: number;
  };
  'side-outliers': { side: Side; mild: number; severe: number; total: number };
  grubbs: { side: Side; statistic: Statistic; alpha: number; g: number; critical: number; outlier: number | null };
  'side-multimodal': { side: Side; ashmanD: number; share: number };
  'checksums-differ': { base: string; contender: string };
  'checksums-unstable': { sides: Side[] };
  detectable: { minimumDetectable: number };
  'odd-process-compared': { side: Side; process: number; factor: number; spread: number; of: number };
  'odd-process-kept': { side: Side; process: number; factor: number };
  /** A side's added processes read differently from its planned ones, and the verdict does not hold against each stage (src/analysis/run-drift.ts). */
  /**
   * Faster or slower at the row's own level, but not after Holm's adjustment over the compared rows
   * (src/compare/suite-level.ts); `inRun`: the rows are a run's comparisons with its `.baseline()`s.
   */
  'not-after-adjustment': {
    verdict: 'faster' | 'slower';
    pValue: number;
    family: number;
    alpha: number;
    inRun?: boolean;
  };
  'run-drifted': {
    side: Side;
    planned: number;
    added: number;
    /** Mean of the compared statistic (ns per op) over each stage. */
    plannedMean: number;
    addedMean: number;
    pValue: number;
    /** The verdict the whole interval gave. */
    verdict: 'faster' | 'slower' | 'no-difference';
  };
  'machine-changed': {
    /** The yardstick that moved most between the two sides (src/engine/yardstick.ts). */
    yardstick: 'compute' | 'memory' | 'throughput';
    /** Its median over the contender's processes / over the baseline's (above 1: the contender's machine was slower). */
    factor: number;
    /** The verdict the interval gave. */
    verdict: 'faster' | 'slower' | 'no-difference';
    /** The sides are two benchmarks of one run, whose compared processes ran in different host states. */
    sameRun?: boolean;
  };
  'environment-allowed': EnvironmentValues;
  'instruction-counts': { event: CounterName; base: number; contender: number };
  'batches-capped': { kernel: string; iterations: number; bytesPerInput: number; maxBytes: number };
  'memory-unavailable': { node: string };
  'rusage-unavailable': NoValues;
  'sched-unreadable': NoValues;
  'gc-unobservable': { message: string };
  'pin-failed': { cpus: number[]; message: string };
  'fifo-unconfirmed': NoValues;
  'fifo-refused': { message: string };
  'mlock-failed': { message: string };
  'no-counter-event': NoValues;
  'counters-unavailable': { message: string };
  'simulation-unsupported': { reason: string | null };
  'not-under-valgrind': NoValues;
  'per-call-timing': { overheadNs: number; jitterNs: number; processes: number };
}
