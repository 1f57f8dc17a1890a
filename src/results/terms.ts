// The terms of a result document (src/results/schema.ts) that its details (./detail-values.ts) use
// too, in a file that imports nothing, so the details need not import the document that holds them.

export type Statistic = 'slope' | 'min' | 'median' | 'mean';

export type Flag =
  | 'optimized-away'
  | 'allocation-dropped'
  | 'estimates-disagree'
  | 'gc-during-batches'
  | 'migrations'
  | 'context-switches'
  | 'page-faults'
  | 'low-r2'
  | 'warmup-not-steady'
  | 'target-ci-not-reached'
  | 'multimodal'
  | 'outliers'
  | 'environment-changed'
  | 'in-process'
  | 'contended'
  | 'inputs-changed'
  | 'simulated'
  | 'not-optimized';

export type SamplingStop = 'target-ci' | 'time-budget' | 'max-rounds';

/** V8's tier of a function as its optimization status reports it; 'unknown' without --allow-natives-syntax. */
/** 'inlined': the kernel's own code is unoptimized but it ran inside the optimized loop (src/simulation/settle.ts). */
export type V8Tier = 'turbofan' | 'maglev' | 'baseline' | 'interpreted' | 'inlined' | 'unknown';

/** How much layout moved the result across processes (`--aslr randomize`; src/analysis/layout.ts). */
export interface LayoutEffect {
  processes: number;
  /** Distinct layouts (environment paddings) among them. */
  layouts: number;
  paddingBytes: [number, number];
  /** max/min − 1 of the per-process results. */
  spread: number;
  betweenCv: number;
  /** RMS of each process's own relative standard error (what within-process noise explains). */
  withinCv: number;
  /** sqrt(max(0, betweenCv² − withinCv²)): the part layout (and other per-process effects) added. */
  layoutCv: number;
}
