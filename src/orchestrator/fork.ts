// One fork of one benchmark in one fresh worker process, and the listing of a file's benchmarks
// (in a worker too, so the orchestrator never runs user code). The suite (suite.ts) decides
// which forks run in which order; this module starts their processes under the run's conditions.
import type { BenchmarkResult, ForkResult } from '../results/schema.js';
import type { Check } from '../results/checks.js';
import type { Platform } from '../platform/types.js';
import {
  type BenchmarkDescriptor as Descriptor,
  isFinalMessage,
  type WorkerMessage,
  type WorkerRunOptions,
} from '../ipc/protocol.js';
import { FIFO_PRIORITY, type ResolvedConditions } from './conditions.js';
import { envPadding } from './schedule.js';
import { type NodeLaunch, runWorker, type SpawnConditions, type StartedWorker, startWorker } from './worker-process.js';
import { fullName } from '../text/format.js';
import { callgrindLaunch } from '../simulation/launch.js';
import type { SimulationChoice } from '../simulation/events.js';
import type { CpuProfile } from '../profile/cpuprofile.js';

const LIST_TIMEOUT_MS = 60_000;

export type ForkOutcome =
  { fork: ForkResult; profile?: CpuProfile } | { error: NonNullable<BenchmarkResult['error']> } | { interrupted: true };

/** What running one fork needs of the suite's options. */
export interface ForkOptions {
  conditions: ResolvedConditions;
  measure: WorkerRunOptions;
  seed: number;
  timeoutMs: number;
  signal?: AbortSignal;
  simulate?: SimulationChoice & { valgrind?: string };
  /** Another Node binary or extra flags for the process (a side of a paired run). */
  node?: NodeLaunch;
}

/** The exec-time conditions of one fork's process: CPUs, ASLR, environment padding. */
function spawnConditions(opts: ForkOptions, forkIndex: number, cpus?: number[]): SpawnConditions {
  const c = opts.conditions;
  const padding = c.aslr === 'randomize' ? envPadding(opts.seed, forkIndex) : 0;
  return { cpus: cpus ?? c.spawnCpus ?? c.cpus, noAslr: c.noAslr, envPadding: padding };
}

/** Starts the worker of a fork ahead of its turn on `cpus`; runFork gives it the request later. */
export function startFork(
  platform: Platform,
  d: Descriptor,
  forkIndex: number,
  opts: ForkOptions,
  cpus: number[],
): StartedWorker {
  return startWorker({
    platform,
    ...(opts.node ? { node: opts.node } : {}),
    conditions: spawnConditions(opts, forkIndex, cpus),
    prepareFile: d.file ?? undefined,
  });
}

/**
 * Runs one fork of one benchmark in a fresh worker process (or in `run.started`, from startFork).
 * With `run.onMessage`, the worker asks it to pause the worker starting up beside it during its
 * timed phases (ipc/protocol.ts NeighbourMessage).
 */
export async function runFork(
  platform: Platform,
  d: Descriptor,
  forkIndex: number,
  opts: ForkOptions,
  run: { started?: StartedWorker; onMessage?: (msg: unknown, reply: (answer: object) => void) => void } = {},
): Promise<ForkOutcome> {
  const c = opts.conditions;
  const spawnAt = spawnConditions(opts, forkIndex);
  const padding = spawnAt.envPadding ?? 0;
  const options: WorkerRunOptions = {
    ...opts.measure,
    cpu: c.cpus,
    pin: c.pin,
    mlock: c.mlock,
    envPadding: padding,
    ...(run.onMessage ? { quietNeighbour: true } : {}),
    // The kernel's RLIMIT_RTTIME watchdog fires a little after the orchestrator's own timeout would.
    ...(c.fifo ? { fifo: { priority: FIFO_PRIORITY, rtLimitUs: Math.max(opts.timeoutMs, 1000) * 1000 } } : {}),
  };
  const sim = opts.simulate ? callgrindLaunch(opts.simulate) : undefined;
  if (sim) {
    run.started?.discard(); // a simulated worker starts under Valgrind, never ahead
    options.simulate = { outFile: sim.outFile, cache: opts.simulate!.cache, branch: opts.simulate!.branch };
  }
  const outcome = await runWorker<WorkerMessage>({
    platform,
    request: { type: 'run', file: d.file, id: d.id, forkIndex, options },
    timeoutMs: opts.timeoutMs,
    conditions: spawnAt,
    isFinal: isFinalMessage,
    signal: opts.signal,
    ...(opts.node ? { node: opts.node } : {}),
    ...(sim ? { wrapper: sim.wrapper } : {}),
    ...(run.started && !sim ? { started: run.started } : {}),
    ...(run.onMessage ? { onMessage: run.onMessage } : {}),
  }).finally(() => sim?.cleanup());
  if (!outcome.ok) {
    if (outcome.kind === 'interrupted') return { interrupted: true };
    return {
      error: {
        message: `${fullName(d.group, d.title)}: ${outcome.message}`,
        kind: outcome.kind === 'timeout' ? 'timeout' : 'crash',
        stack: outcome.stderrTail || undefined,
      },
    };
  }
  const m = outcome.message;
  // names the benchmark already
  if (m.type === 'error') return { error: { message: m.error.message, stack: m.error.stack, kind: m.error.kind } };
  if (m.type === 'result') return { fork: m.fork, ...(m.profile ? { profile: m.profile } : {}) };
  return { error: { message: `${fullName(d.group, d.title)}: unexpected worker answer '${m.type}'`, kind: 'crash' } };
}

/** Lists the benchmarks of one file (in a worker, so the orchestrator never runs user code). */
export async function listFile(
  platform: Platform,
  file: string,
  signal?: AbortSignal,
  node?: NodeLaunch,
): Promise<{ benchmarks: Descriptor[]; checks?: Check[] } | { error: string } | { interrupted: true }> {
  const listed = await runWorker<WorkerMessage>({
    platform,
    ...(node ? { node } : {}),
    request: { type: 'list', file },
    timeoutMs: LIST_TIMEOUT_MS,
    isFinal: isFinalMessage,
    signal,
  });
  if (!listed.ok) return listed.kind === 'interrupted' ? { interrupted: true } : { error: listed.message };
  if (listed.message.type === 'error') return { error: listed.message.error.message };
  if (listed.message.type === 'list') {
    const { benchmarks, checks } = listed.message;
    return { benchmarks, ...(checks ? { checks } : {}) };
  }
  return { error: `unexpected worker answer '${listed.message.type}'` };
}
