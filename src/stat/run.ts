// Executes the run schedule: warmup rounds, then measured rounds, the commands interleaved
// within each round (A, B, A, B, ...) so slow drift (thermal, page cache, other tenants)
// hits every command alike. Each run is one fresh process from platform.child.run.
// Raw values only; statistics happen in summarize.ts / compare.ts.

import type { ChildRunResult, CounterEventAvailability, CounterEventName } from '../platform/types.js';
import { extractRun } from './metrics.js';
import type { Failure, RunRecord, StatPlatform } from './types.js';
import { newProcessTag, PROCESS_TAG_ENV, sweepTag } from '../platform/leftovers.js';

export interface RunPlan {
  argvs: string[][];
  runs: number;
  warmup: number;
  events: CounterEventName[];
  excludeKernel: boolean;
  cpus?: number[];
  noAslr?: boolean;
  timeoutMs?: number;
  showOutput?: boolean;
  signal?: AbortSignal;
  onRun?: (run: RunRecord, failure: Failure | undefined) => void;
}

export interface PlanOutcome {
  runs: RunRecord[][];
  failures: Failure[][];
  /** Counter availability as reported by the first run that returned it. */
  events: CounterEventAvailability[] | null;
  rusageSeen: boolean;
  interrupted: boolean;
}

/** The failure of one run, or undefined when it exited 0. */
export function classify(
  r: ChildRunResult,
  argv: string[],
  timeoutMs: number | undefined,
): Omit<Failure, 'command' | 'run' | 'warmup'> | undefined {
  const base = { exitCode: r.exitCode, signal: r.signal };
  if (r.execError) {
    const notFound = r.execError.code === 'ENOENT';
    const message = notFound ? notFoundMessage(argv) : `cannot execute ${argv[0]}: ${r.execError.code}`;
    return { ...base, kind: notFound ? 'not-found' : 'exec-error', message };
  }
  if (r.timedOut)
    return {
      ...base,
      kind: 'timeout',
      message: `killed after the --timeout of ${((timeoutMs ?? 0) / 1000).toString()} s`,
    };
  if (r.signal) return { ...base, kind: 'signal', message: `killed by signal ${r.signal}` };
  if (r.exitCode !== 0) return { ...base, kind: 'exit', message: `exited with status ${r.exitCode}` };
  return undefined;
}

/** "command not found", with a hint when the name looks like a whole shell command line. */
function notFoundMessage(argv: string[]): string {
  const looksLikeShell = /[\s|&;<>()$`*?'"]/.test(argv[0]);
  const hint = looksLikeShell ? ' (a shell command line? add --shell, or give the words separately)' : '';
  return `command not found: ${argv[0]}${hint}`;
}

/** A thrown runner error (e.g. spawn ENOENT from a portable runner) as a failure. */
function thrownFailure(e: unknown, argv: string[]): Omit<Failure, 'command' | 'run' | 'warmup'> {
  const code = (e as { code?: string })?.code;
  if (code === 'ENOENT') return { kind: 'not-found', exitCode: null, signal: null, message: notFoundMessage(argv) };
  return {
    kind: 'exec-error',
    exitCode: null,
    signal: null,
    message: `cannot run ${argv[0]}: ${(e as Error)?.message ?? String(e)}`,
  };
}

export async function executePlan(platform: StatPlatform, plan: RunPlan): Promise<PlanOutcome> {
  const n = plan.argvs.length;
  const out: PlanOutcome = {
    runs: plan.argvs.map(() => []),
    failures: plan.argvs.map(() => []),
    events: null,
    rusageSeen: false,
    interrupted: false,
  };
  let currentPid: number | null = null;
  const onAbort = (): void => {
    if (currentPid !== null) {
      try {
        platform.child.kill(currentPid, 'SIGKILL');
      } catch {
        // The child may have exited between the pid report and the kill.
      }
    }
  };
  plan.signal?.addEventListener('abort', onAbort);
  try {
    const rounds = plan.warmup + plan.runs;
    for (let round = 0; round < rounds; round++) {
      for (let c = 0; c < n; c++) {
        if (plan.signal?.aborted) {
          out.interrupted = true;
          return out;
        }
        const argv = plan.argvs[c];
        const warmup = round < plan.warmup;
        let result: ChildRunResult | undefined;
        let fail: Omit<Failure, 'command' | 'run' | 'warmup'> | undefined;
        // Marks the command and whatever it starts, so a timeout or Ctrl-C also ends what left its
        // process group (setsid), and nothing outlives cyclebench (platform/leftovers.ts).
        const tag = newProcessTag();
        try {
          result = await platform.child.run({
            argv,
            env: { ...(process.env as Record<string, string>), [PROCESS_TAG_ENV]: tag },
            events: plan.events,
            excludeKernel: plan.excludeKernel,
            cpus: plan.cpus,
            noAslr: plan.noAslr,
            timeoutMs: plan.timeoutMs ?? 0,
            stdio: plan.showOutput ? 'inherit' : 'ignore',
            onPid: (pid) => {
              currentPid = pid;
              if (plan.signal?.aborted) onAbort();
            },
          });
          fail = classify(result, argv, plan.timeoutMs);
        } catch (e) {
          fail = thrownFailure(e, argv);
        } finally {
          currentPid = null;
        }
        if (result?.timedOut || plan.signal?.aborted) sweepTag(tag);
        // A run cut short by Ctrl-C is incomplete: it is neither a sample nor a failure.
        if (plan.signal?.aborted) {
          out.interrupted = true;
          return out;
        }
        const record: RunRecord = {
          command: c,
          run: round,
          warmup,
          ok: !fail,
          exitCode: result?.exitCode ?? null,
          signal: result?.signal ?? null,
          values: {},
          running: {},
        };
        if (result) {
          const v = extractRun(result, plan.excludeKernel, plan.events);
          record.values = v.values;
          record.running = v.running;
          if (result.rusage) out.rusageSeen = true;
          if (!out.events && result.counters.events.length > 0) out.events = result.counters.events;
        }
        const failure = fail ? { command: c, run: round, warmup, ...fail } : undefined;
        out.runs[c].push(record);
        if (failure) out.failures[c].push(failure);
        plan.onRun?.(record, failure);
      }
    }
    return out;
  } finally {
    plan.signal?.removeEventListener('abort', onAbort);
  }
}
