// Memory per operation over a benchmark's processes: the median of each process's bytes
// per operation (src/engine/memory.ts), with the spread over processes. A slope a little
// below zero is noise around no allocation and is shown as 0.

import { median } from 'simple-statistics';
import type { ForkResult, MemorySummary } from '../results/schema.js';
import type { DetailValues } from '../results/detail-schema.js';

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

/** Bytes per call below this share of a kept value's smallest size: its allocation was dropped. */
export const DROPPED_ALLOCATION_SHARE = 0.5;

/**
 * The processes whose kernel returned or sank a new heap value on every call (MemoryRecord.kept)
 * yet read fewer bytes per call than DROPPED_ALLOCATION_SHARE of that value's smallest size:
 * the compiler removed an allocation the code performs, so the time is not the code's. Null
 * when no process shows it.
 */
export function droppedAllocation(forks: readonly ForkResult[]): DetailValues['allocation-dropped'] | null {
  const hit = forks.filter(
    (f) => f.memory?.kept && Math.max(0, f.memory.bytesPerOp) < DROPPED_ALLOCATION_SHARE * f.memory.kept.bytes,
  );
  if (hit.length === 0) return null;
  const kept = hit[0].memory!.kept!;
  return {
    bytesPerOp: median(hit.map((f) => Math.max(0, f.memory!.bytesPerOp))),
    floorBytes: kept.bytes,
    by: kept.by,
    processes: hit.length,
    of: forks.length,
  };
}
