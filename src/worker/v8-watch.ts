// V8's view of one measured process: the tier of the kernel and of the generated loop around it
// at the end of warm-up and at the end of the sampled batches (%GetOptimizationStatus, read as
// src/simulation/v8-status.ts does), and the deoptimizations during each phase, from V8's own
// trace (`--trace-deopt`, read by ./deopt-trace.ts).
//
// V8 writes that trace through its code tracer, to stdout unless `--redirect-code-traces` sends it
// to the file `--redirect-code-traces-to` names; the tracer opens that file for each trace and
// closes it after, so every line is in the file once the deoptimization is over. The file here is
// a temporary one unlinked right after it is opened, reached through /dev/fd/N: nothing stays on
// disk, and nothing reaches the worker's stdout. The flags only change what V8 prints when it
// deoptimizes; `--allow-natives-syntax` only lets code parsed later use %-calls. The tracer is
// created on its first trace and keeps its file, so a process started with a tracing flag (one
// that traced before these were set) cannot be read: its deoptimizations are then unknown.
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { V8Record, V8Tier } from '../results/schema.js';
import { tierReader } from '../simulation/v8-status.js';
import { parseDeopts } from './deopt-trace.js';

/** The generated loop's function name (src/engine/loop.ts). */
const LOOP_NAME = 'cyclebenchLoop';

/** Node flags that can make V8 create its code tracer before the redirection is set. */
const TRACING_FLAG = /^--(trace-(deopt|turbo|opt)|print-(opt-)?code|code-comments|trace-maglev)/;

/** Measure's hooks (src/engine/measure.ts MeasureExtras.v8). */
export interface V8Watch {
  /** Around every batch: the trace written meanwhile is the batch's. */
  batchMarks: { before(): void; after(): void };
  /** Warm-up starts: deoptimizations in batches from here on count as warm-up's. */
  warmupStart(): void;
  /** Sampling starts: the tiers now; deoptimizations in batches from here on are the sampled batches'. */
  samplingStart(kernel: unknown, loop: unknown): void;
  /** Sampling ended: the record. */
  samplingEnd(kernel: unknown, loop: unknown): V8Record;
  /** V8's tier of a function now. */
  tierOf(f: unknown): V8Tier;
  close(): void;
}

function traceFile(): number | null {
  const startFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (startFlags.some((f) => TRACING_FLAG.test(f))) return null;
  let dir: string | null = null;
  try {
    dir = mkdtempSync(join(tmpdir(), 'cyclebench-deopts-'));
    const path = join(dir, 'trace');
    const fd = openSync(path, 'w+', 0o600);
    unlinkSync(path);
    return fd;
  } catch {
    return null;
  } finally {
    try {
      if (dir !== null) rmdirSync(dir);
    } catch {
      // an unlink that failed left the file: the directory stays with it
    }
  }
}

/** Starts watching: sets V8's tracing flags. Tiers read 'unknown' and deoptimizations null where it cannot. */
export function startV8Watch(kernelName: string): V8Watch {
  const tier = tierReader();
  const fd = traceFile();
  let traced = false;
  if (fd !== null) {
    try {
      setFlagsFromString('--redirect-code-traces');
      setFlagsFromString(`--redirect-code-traces-to=/dev/fd/${fd}`);
      setFlagsFromString('--trace-deopt');
      traced = true;
    } catch {
      closeSync(fd);
    }
  }
  const size = () => (traced && fd !== null ? fstatSync(fd).size : 0);
  const text = (from: number, to: number): string => {
    const buf = Buffer.alloc(to - from);
    readSync(fd!, buf, 0, to - from, from);
    return buf.toString('utf8');
  };
  const roles = { kernel: kernelName || undefined, loop: LOOP_NAME };
  // The stretches of the trace written during a batch, by phase: only the kernel's code (the
  // generated loop, the kernel and what it calls) runs there, not the engine's own.
  const stretches: Record<'warmup' | 'sampling', string[]> = { warmup: [], sampling: [] };
  let phase: 'warmup' | 'sampling' | null = null;
  let from = 0;
  let warmup: { kernel: V8Tier; loop: V8Tier } = { kernel: 'unknown', loop: 'unknown' };
  return {
    batchMarks: {
      before: () => {
        from = size();
      },
      after: () => {
        const to = size();
        if (to > from && phase !== null) stretches[phase].push(text(from, to));
      },
    },
    warmupStart: () => {
      phase = 'warmup';
    },
    tierOf: tier,
    samplingStart: (kernel, loop) => {
      phase = 'sampling';
      warmup = { kernel: tier(kernel), loop: tier(loop) };
    },
    samplingEnd: (kernel, loop) => {
      phase = null;
      const end = { kernel: tier(kernel), loop: tier(loop) };
      if (!traced) return { warmup, end, deopts: null };
      const w = parseDeopts(stretches.warmup.join(''), roles);
      const s = parseDeopts(stretches.sampling.join(''), roles);
      return {
        warmup,
        end,
        deopts: { warmup: w.count, sampling: s.count, warmupFunctions: w.functions, samplingFunctions: s.functions },
      };
    },
    close: () => {
      if (!traced || fd === null) return;
      traced = false;
      try {
        setFlagsFromString('--no-trace-deopt');
      } finally {
        closeSync(fd);
      }
    },
  };
}
