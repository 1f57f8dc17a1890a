// One builder of a benchmark's result from its analysis, shared by the forked path
// (api/finish-run.ts) and the in-process run() (api/run.ts), so both carry the same
// headline, flags, details, counters, latency, layout and memory for the same data.
// The details are data; src/report/details.ts fills the worded warnings and notes.

import type { AnalysisDetail, BenchmarkResult, Detail, Flag } from '../results/schema.js';
import { fullName } from '../text/format.js';
import { summarizeMemory } from './memory.js';
import { perCallDetails } from './per-call.js';

/** What the builder needs of an analysis (analyzeBenchmark's result has more). */
export type AnalysisParts = Pick<
  BenchmarkResult,
  'headline' | 'estimates' | 'flags' | 'counters' | 'latency' | 'layout'
> & {
  details: AnalysisDetail[];
};

export interface ResultExtras {
  flags?: readonly Flag[];
  details?: readonly AnalysisDetail[];
}

/** Names the benchmark in each detail. */
export function namedDetails(b: Pick<BenchmarkResult, 'group' | 'name'>, list: readonly AnalysisDetail[]): Detail[] {
  return list.map((d) => ({ ...d, benchmark: fullName(b.group, b.name) }));
}

export function resultFromAnalysis(base: BenchmarkResult, a: AnalysisParts, extra: ResultExtras = {}): BenchmarkResult {
  const memory = summarizeMemory(base.forks);
  return {
    ...base,
    headline: a.headline,
    estimates: a.estimates,
    flags: [...new Set([...a.flags, ...(extra.flags ?? [])])],
    details: [
      ...(base.details ?? []),
      ...namedDetails(base, [...a.details, ...perCallDetails(base.forks), ...(extra.details ?? [])]),
    ],
    ...(a.counters ? { counters: a.counters } : {}),
    ...(a.latency ? { latency: a.latency } : {}),
    ...(a.layout ? { layout: a.layout } : {}),
    ...(memory ? { memory } : {}),
  };
}
