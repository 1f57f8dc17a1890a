// Orchestrator side of `--counters simulate`: checks once that Valgrind exists and can run this
// Node (one line saying what to install or why not), and starts each worker under callgrind with
// its own dump directory, removed when the worker is done.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { makeOwnTempDir, removeStaleTempDirs } from '../platform/stale-temp.js';
import { callgrindArgs, NO_GDBSERVER, type SimulationChoice } from './events.js';

export const DEFAULT_SIMULATION: SimulationChoice = { cache: true, branch: true };

/**
 * Sampling under Valgrind: counts are nearly deterministic, so 4 batch sizes (the slope needs 2;
 * 4 show a line) and 2 processes (the second checks the first) are enough. Nearly: once in a few
 * runs a batch counted ~85,000 instructions of other work (a background thread's, serialised into
 * the window), which moved a one-round slope by 5 %; with 3 rounds the fit takes each size's
 * median of 3 counts, so one such batch per size cannot move it.
 */
export const SIMULATED_MEASURE = { minRounds: 3, maxRounds: 3, batchesPerRound: 4 } as const;
export { SIMULATED_FORKS, SIMULATED_TIMEOUT_MS } from '../defaults.js';

/**
 * Workers run side by side under simulation, one per CPU up to 4: the counts do not depend on the
 * load (docs/measurements.md), and each worker under Valgrind takes tens of seconds.
 */
export function simulationLanes(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** Valgrind is missing or cannot run Node here: one line, and nothing was measured. */
export class SimulationUnavailableError extends Error {
  override name = 'SimulationUnavailableError';
}

/** The run-level label of simulated figures, recorded in the result document's options. */
export interface SimulationLabel extends SimulationChoice {
  valgrind: string;
  tool: 'callgrind';
}

/** Checks Valgrind and the addon once before a simulated run; throws SimulationUnavailableError. */
export function requireSimulation(capability: { supported: boolean; reason?: string }, choice: SimulationChoice) {
  if (!capability.supported)
    throw new SimulationUnavailableError(`--counters simulate unavailable: ${capability.reason ?? 'unsupported'}`);
  const check = checkValgrind();
  if (!check.ok) throw new SimulationUnavailableError(`--counters simulate unavailable: ${check.reason}`);
  return { valgrind: check.version!, tool: 'callgrind', ...choice } satisfies SimulationLabel;
}

export interface ValgrindCheck {
  ok: boolean;
  /** "valgrind-3.19.0" when found. */
  version?: string;
  /** One line: what to install, or why Valgrind cannot run Node here. */
  reason?: string;
}

const PROBE_TIMEOUT_MS = 120_000;
/**
 * `valgrind --version` only prints a line: one that has not within 10 s never will. A field so
 * that tests can shorten it.
 */
export const valgrindLimits = { versionTimeoutMs: 10_000 };

/** Is valgrind installed, and does `valgrind node -e 0` run? (~2 s: valgrind's start-up of node). */
export function checkValgrind(command = 'valgrind', node = process.execPath): ValgrindCheck {
  const limitMs = valgrindLimits.versionTimeoutMs;
  const version = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: limitMs });
  const timedOut =
    (version.signal !== null && !version.error) ||
    (version.error && (version.error as NodeJS.ErrnoException).code === 'ETIMEDOUT');
  if (timedOut) return { ok: false, reason: `${command} --version did not answer within ${limitMs / 1000} s` };
  if (version.error || version.status !== 0)
    return {
      ok: false,
      reason:
        `${command} not found: install Valgrind for --counters simulate ` +
        '(Debian/Ubuntu: apt-get install valgrind; Fedora: dnf install valgrind)',
    };
  const v = version.stdout.trim();
  const probe = spawnSync(command, ['--tool=none', NO_GDBSERVER, '-q', node, '-e', '0'], {
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS,
  });
  if (probe.status !== 0) {
    const why = lastLine(probe.stderr) || (probe.signal ? `killed by ${probe.signal}` : `exit code ${probe.status}`);
    return { ok: false, version: v, reason: `${v} cannot run ${node}: ${why}` };
  }
  return { ok: true, version: v };
}

function lastLine(text: string | null): string {
  const lines = (text ?? '').split('\n').map((l) => l.replace(/^==\d+==\s*/, '').trim());
  return (
    lines
      .filter((l) => l !== '')
      .pop()
      ?.slice(0, 200) ?? ''
  );
}

export interface CallgrindLaunch {
  /** The command and its arguments put before `node ...` when starting the worker. */
  wrapper: { command: string; args: string[] };
  outFile: string;
  /** Removes the dump directory. */
  cleanup(): void;
}

const CALLGRIND_PREFIX = 'cyclebench-callgrind-';
let staleRemoved = false;

/**
 * A dump directory named for this process (its pid), so that one left by a killed run is removed
 * by the next simulated run of this user (platform/stale-temp.ts), once per process.
 */
export function callgrindLaunch(choice: SimulationChoice, command = 'valgrind'): CallgrindLaunch {
  if (!staleRemoved) {
    staleRemoved = true;
    removeStaleTempDirs(CALLGRIND_PREFIX);
  }
  const dir = makeOwnTempDir(CALLGRIND_PREFIX);
  const outFile = join(dir, 'callgrind.out');
  return {
    wrapper: { command, args: callgrindArgs(outFile, choice) },
    outFile,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
