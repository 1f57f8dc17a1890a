// Memory per operation over a benchmark's processes: the median of each process's bytes
// per operation (src/engine/memory.ts), with the spread over processes. A slope a little
// below zero is noise around no allocation and is shown as 0.

import { median } from 'simple-statistics';
import type { ForkResult, MemorySummary } from '../results/schema.js';

export const MEMORY_METHOD =
  'V8 heap bytes allocated per call: robust slope of bytes on iterations over batches read after the timed ' +
  'ones (heap used after − before, plus what each garbage collection freed, from v8.GCProfiler); ' +
  'off-heap memory not counted';

export function summarizeMemory(forks: readonly ForkResult[]): MemorySummary | null {
  const per = forks
    .map((f) => f.memory?.bytesPerOp)
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .map((v) => Math.max(0, v));
  if (per.length === 0) return null;
  return {
    bytesPerOp: median(per),
    min: Math.min(...per),
    max: Math.max(...per),
    forks: per.length,
    collections: forks.reduce((s, f) => s + (f.memory?.batches.reduce((c, b) => c + b.collections, 0) ?? 0), 0),
    method: MEMORY_METHOD,
  };
}
