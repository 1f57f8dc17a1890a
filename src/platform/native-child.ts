// ChildRunner over native/child.cc: perf's cork pattern (fork, counters opened on the
// child pid with enable_on_exec + inherit, go byte, execve, wait4) on a libuv pool thread.
// The fork happens in the small cyclebench-child helper next to the .node when it is there
// (so max-rss is the command's own peak, native/child_helper.cc), else in this process.
// Options are validated here before crossing into C++ (habit 3); errno and signal
// numbers become names here, with Node's own tables (os.constants, util).

import { accessSync, constants as fsConstants } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { dirname, join } from 'node:path';
import { getSystemErrorName } from 'node:util';
import { PlatformError, toPlatformError, unsupported } from './errors.js';
import {
  EVENT_TABLE,
  defaultExcludeKernel,
  groupEvents,
  isCounterEventName,
  scatterGroupReading,
} from './counters-math.js';
import { availability, readPerfPermission } from './native-counters.js';
import type { Capability, ChildRunOptions, ChildRunResult, ChildRunner, CounterEventName } from './types.js';

/** What native/child.cc's childRun resolves with: raw numbers only. */
export interface RawChildResult {
  pid: number;
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  /** 0 = exec succeeded; else 1 dup2, 2 execve, 3 sched_setaffinity, 4 personality, 5 chdir. */
  execStage: number;
  execErrno: number;
  wallNs: number;
  rusage: NonNullable<ChildRunResult['rusage']>;
  /** Per requested event (flattened group order): errno of the open (0 = opened), and its id. */
  openErrno: number[];
  ids: number[];
  /** One raw group read per leader: [nr, enabled, running, value0, id0, ...]. */
  groups: Float64Array[];
}

export interface ChildSpec {
  candidates: string[];
  argv: string[];
  envp: string[];
  cwd: string | null;
  cpus: number[];
  noAslr: boolean;
  devNull: boolean;
  excludeKernel: boolean;
  timeoutMs: number;
  types: number[];
  configs: number[];
  groups: number[];
  /** The cyclebench-child executable that forks the command; null = fork in this process. */
  helper: string | null;
}

export interface ChildAddon {
  /** addonPath: the loaded .node file (dladdr), where the helper is looked for. */
  childConstants: { supported: boolean; reason?: string; addonPath?: string };
  childRun(spec: ChildSpec, onPid?: (pid: number) => void): Promise<RawChildResult>;
  killPid(pid: number, signo: number): void;
}

const EXEC_STAGE_SYSCALL = ['', 'dup2', 'execve', 'sched_setaffinity', 'personality', 'chdir'];
const CPU_SETSIZE = 1024; // glibc's cpu_set_t
/** Searched when neither options.env nor the process has PATH (glibc's confstr _CS_PATH is "/bin:/usr/bin"). */
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
/** Built by binding.gyp next to the .node (build/Release, or prebuilds/<platform>-<arch> by `npm run prebuild`). */
export const HELPER_NAME = 'cyclebench-child';
/** maxrss caveat: measured here, `true` run from a process holding 200 MB reported maxRssKb 209460. */
const MAXRSS_CAVEAT =
  'maxRssKb is at least the anonymous RSS of the calling process at fork (fork ' +
  'copies its anonymous page tables and execve keeps the old high-water mark, ' +
  'fs/exec.c exec_mmap); keep the caller small';

/** The helper executable next to the addon, or why there is none (runs then fork from this process). */
export function findChildHelper(addonPath: string | undefined): { path: string } | { reason: string } {
  if (!addonPath) return { reason: 'the addon did not report its own path' };
  const path = join(dirname(addonPath), HELPER_NAME);
  try {
    accessSync(path, fsConstants.X_OK); // EACCES also on a noexec mount
    return { path };
  } catch (e) {
    return { reason: `${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
  }
}

/** execvp's search list: argv[0] itself when it has a '/', else every PATH entry ('' = cwd). */
export function execCandidates(file: string, path: string): string[] {
  if (file.includes('/')) return [file];
  return path.split(':').map((dir) => `${dir === '' ? '.' : dir.replace(/\/+$/, '')}/${file}`);
}

function invalid(message: string): PlatformError {
  return new PlatformError(message, 'EINVAL');
}

const SIGNAL_NAME = new Map<number, string>(Object.entries(osConstants.signals).map(([name, n]) => [n, name]));

/** Signal name → number; throws EINVAL for a name Node does not know. */
export function signalNumber(name: string): number {
  const n = (osConstants.signals as Record<string, number>)[name];
  if (n === undefined) throw invalid(`unknown signal ${JSON.stringify(name)}`);
  return n;
}

/** Checks every option and builds the spec for C++; throws PlatformError EINVAL. */
export function buildSpec(o: ChildRunOptions, defaultExclude: boolean, helper: string | null = null): ChildSpec {
  if (!Array.isArray(o.argv) || o.argv.length === 0) throw invalid('argv must be a non-empty array');
  for (const a of o.argv) {
    if (typeof a !== 'string' || a.includes('\0')) throw invalid('argv entries must be strings without NUL bytes');
  }
  if (o.argv[0] === '') throw invalid('argv[0] must not be empty');
  const bad = (o.events ?? []).filter((e) => !isCounterEventName(e));
  if (bad.length > 0) throw invalid(`unknown counter event(s): ${bad.join(', ')}`);
  const timeoutMs = o.timeoutMs ?? 0;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 0)
    throw invalid('timeoutMs must be a finite number >= 0');
  const cpus = o.cpus ?? [];
  if (!Array.isArray(cpus) || cpus.some((c) => !Number.isInteger(c) || c < 0 || c >= CPU_SETSIZE)) {
    throw invalid(`cpus must be integers in [0, ${CPU_SETSIZE})`);
  }
  if (o.cwd !== undefined && (typeof o.cwd !== 'string' || o.cwd === ''))
    throw invalid('cwd must be a non-empty string');
  if (o.stdio !== undefined && o.stdio !== 'inherit' && o.stdio !== 'ignore')
    throw invalid("stdio must be 'inherit' or 'ignore'");
  if (o.onPid !== undefined && typeof o.onPid !== 'function') throw invalid('onPid must be a function');
  // Like child_process.spawn: options.env replaces the environment, and its PATH is searched.
  const env = o.env ?? (process.env as Record<string, string | undefined>);
  const envp: string[] = [];
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) continue;
    if (typeof v !== 'string' || k.includes('=') || (k + v).includes('\0')) throw invalid(`bad environment entry ${k}`);
    envp.push(`${k}=${v}`);
  }
  const grouped = groupEvents(o.events ?? []);
  const flat = grouped.flat();
  return {
    candidates: execCandidates(o.argv[0], env.PATH ?? DEFAULT_PATH),
    argv: [...o.argv],
    envp,
    cwd: o.cwd ?? null,
    cpus: [...cpus],
    noAslr: o.noAslr === true,
    devNull: o.stdio === 'ignore',
    excludeKernel: o.excludeKernel ?? defaultExclude,
    timeoutMs,
    types: flat.map((e) => EVENT_TABLE[e].type),
    configs: flat.map((e) => EVENT_TABLE[e].config),
    groups: grouped.flatMap((g, i) => g.map(() => i)),
    helper,
  };
}

function errnoName(errno: number): string {
  try {
    return getSystemErrorName(-errno);
  } catch {
    return 'EUNKNOWN';
  }
}

/** Raw native result → ChildRunResult (counter triples in `active` order, like CounterSet.read). */
export function assembleResult(
  raw: RawChildResult,
  spec: ChildSpec,
  events: CounterEventName[],
  perm = readPerfPermission(),
): ChildRunResult {
  const avail = events.map((name, i) => {
    const errno = raw.openErrno[i];
    return availability(name, errno ? { code: errnoName(errno), errno } : null, perm, spec.excludeKernel);
  });
  const active = events.filter((_, i) => raw.openErrno[i] === 0);
  const slotOfId = new Map<number, number>();
  events.forEach((_, i) => raw.openErrno[i] === 0 && slotOfId.set(raw.ids[i], slotOfId.size));
  const out = new Float64Array(3 * active.length);
  for (const g of raw.groups) scatterGroupReading(g, g.length, slotOfId, out);
  const result: ChildRunResult = {
    pid: raw.pid,
    exitCode: raw.signal === null ? raw.exitCode : null,
    signal: raw.signal === null ? null : (SIGNAL_NAME.get(raw.signal) ?? `SIG${raw.signal}`),
    timedOut: raw.timedOut,
    wallNs: raw.wallNs,
    rusage: raw.rusage,
    counters: { events: avail, active, raw: Array.from(out) },
  };
  if (raw.execStage !== 0) {
    result.execError = {
      code: errnoName(raw.execErrno),
      errno: raw.execErrno,
      syscall: EXEC_STAGE_SYSCALL[raw.execStage] ?? 'exec',
    };
  }
  return result;
}

/** A failure of the helper before it forked the command: nothing ran, so the run may be retried in-process. */
function helperRefused(e: unknown): boolean {
  const { syscall, code } = (e ?? {}) as { syscall?: string; code?: string };
  return syscall === 'posix_spawn' || (syscall === HELPER_NAME && code === 'ENOEXEC');
}

/** helper: the executable's path, null to fork in-process; default: found next to the addon. */
export function createNativeChildRunner(addon: ChildAddon, options: { helper?: string | null } = {}): ChildRunner {
  const perm = readPerfPermission();
  const supported = addon.childConstants?.supported === true;
  const reason = addon.childConstants?.reason ?? 'native child counting is not available';
  const found =
    options.helper !== undefined
      ? options.helper === null
        ? { reason: 'no helper requested' }
        : { path: options.helper }
      : findChildHelper(addon.childConstants?.addonPath);
  let helper = 'path' in found ? found.path : null;
  let noHelperReason = 'reason' in found ? found.reason : '';
  const caveat = (): string | undefined =>
    helper ? undefined : `${MAXRSS_CAVEAT} (no ${HELPER_NAME} helper: ${noHelperReason})`;
  return {
    capability(): Capability {
      return supported ? { supported: true, reason: caveat() } : { supported: false, reason };
    },
    async run(options: ChildRunOptions): Promise<ChildRunResult> {
      if (!supported) throw unsupported('child.run', reason);
      const spec = buildSpec(options, defaultExcludeKernel(perm), helper);
      const onPid = options.onPid;
      // A throwing callback must not become an uncaught exception on the pool thread's call.
      const report = onPid
        ? (pid: number) => {
            try {
              onPid(pid);
            } catch {
              // the caller's handler failed; the run goes on and its pid is in the result
            }
          }
        : undefined;
      const events = groupEvents(options.events ?? []).flat();
      const stack = new Error();
      try {
        let raw: RawChildResult;
        try {
          raw = await addon.childRun(spec, report);
        } catch (e) {
          if (spec.helper === null || !helperRefused(e)) throw e;
          // Unusable helper (wrong architecture, stale build): fork in-process from now on.
          const { syscall } = e as { syscall?: string };
          noHelperReason =
            syscall === HELPER_NAME
              ? `${spec.helper} exited before running the command (a stale build?)`
              : `${spec.helper}: ${(e as Error).message}`;
          helper = null;
          raw = await addon.childRun({ ...spec, helper: null }, report);
        }
        return assembleResult(raw, spec, events, perm);
      } catch (e) {
        const err = toPlatformError(e);
        err.stack = `${err.name}: ${err.message}\n${stack.stack?.split('\n').slice(1).join('\n')}`;
        throw err;
      }
    },
    kill(pid: number, signal: string): void {
      if (!Number.isSafeInteger(pid) || pid <= 0) throw invalid(`pid must be a positive integer, got ${pid}`);
      const signo = signalNumber(signal);
      if (!supported) throw unsupported('child.kill', reason);
      try {
        addon.killPid(pid, signo);
      } catch (e) {
        throw toPlatformError(e);
      }
    },
  };
}
