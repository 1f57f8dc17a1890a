// One builder of a benchmark's result from its analysis, shared by the forked path
// (orchestrator/suite.ts) and the in-process run() (api/run.ts), so both carry the same
// headline, flags, warnings, notes, counters, latency, layout and memory for the same data.

import type { BenchmarkResult, Flag } from '../results/schema.js';
import { summarizeMemory } from './memory.js';

/** What the builder needs of an analysis (analyzeBenchmark's result has more). */
export type AnalysisParts = Pick<
  BenchmarkResult,
  'headline' | 'estimates' | 'flags' | 'warnings' | 'counters' | 'latency' | 'layout'
> & { notes: string[] };

export interface ResultExtras {
  flags?: readonly Flag[];
  warnings?: readonly string[];
  notes?: readonly string[];
}

export function resultFromAnalysis(base: BenchmarkResult, a: AnalysisParts, extra: ResultExtras = {}): BenchmarkResult {
  const memory = summarizeMemory(base.forks);
  return {
    ...base,
    headline: a.headline,
    estimates: a.estimates,
    flags: [...new Set([...a.flags, ...(extra.flags ?? [])])],
    warnings: [...base.warnings, ...a.warnings, ...(extra.warnings ?? [])],
    notes: [...a.notes, ...(extra.notes ?? [])],
    ...(a.counters ? { counters: a.counters } : {}),
    ...(a.latency ? { latency: a.latency } : {}),
    ...(a.layout ? { layout: a.layout } : {}),
    ...(memory ? { memory } : {}),
  };
}
