// Counter arithmetic, pure (no I/O), so it is unit-tested on every platform (habit 2,
// as nanobench keeps its counter math outside the Linux guard). The native side returns
// raw perf_event group reads; everything here turns them into numbers people can use.

import type { CounterEventName } from './types.js';

// ------------------------------------------------------------------ event table

export const PERF_TYPE_HARDWARE = 0;
export const PERF_TYPE_SOFTWARE = 1;

export interface EventSpec {
  kind: 'hardware' | 'software';
  type: number;
  config: number;
}

/** Generic perf events (include/uapi/linux/perf_event.h: PERF_COUNT_HW_*, PERF_COUNT_SW_*). */
export const EVENT_TABLE: Readonly<Record<CounterEventName, EventSpec>> = {
  cycles: { kind: 'hardware', type: PERF_TYPE_HARDWARE, config: 0 },
  instructions: { kind: 'hardware', type: PERF_TYPE_HARDWARE, config: 1 },
  'cache-references': { kind: 'hardware', type: PERF_TYPE_HARDWARE, config: 2 },
  'cache-misses': { kind: 'hardware', type: PERF_TYPE_HARDWARE, config: 3 },
  branches: { kind: 'hardware', type: PERF_TYPE_HARDWARE, config: 4 },
  'branch-misses': { kind: 'hardware', type: PERF_TYPE_HARDWARE, config: 5 },
  'task-clock': { kind: 'software', type: PERF_TYPE_SOFTWARE, config: 1 },
  'page-faults': { kind: 'software', type: PERF_TYPE_SOFTWARE, config: 2 },
  'context-switches': { kind: 'software', type: PERF_TYPE_SOFTWARE, config: 3 },
  'cpu-migrations': { kind: 'software', type: PERF_TYPE_SOFTWARE, config: 4 },
};

/**
 * Groups are scheduled all-or-nothing, so ratios inside a group are coherent: cycles and
 * instructions together (IPC), then cache and branch pairs; small groups avoid EINVAL or a
 * never-scheduled group on PMUs with few counters (docs/platform-notes.md P5, Google Benchmark's split).
 */
export const EVENT_GROUPS: readonly (readonly CounterEventName[])[] = [
  ['cycles', 'instructions'],
  ['cache-references', 'cache-misses'],
  ['branches', 'branch-misses'],
  ['task-clock', 'page-faults', 'context-switches', 'cpu-migrations'],
];

export function isCounterEventName(name: string): name is CounterEventName {
  return Object.prototype.hasOwnProperty.call(EVENT_TABLE, name);
}

/** The requested events split along EVENT_GROUPS, in table order, empty groups dropped. */
export function groupEvents(events: readonly CounterEventName[]): CounterEventName[][] {
  const want = new Set(events);
  return EVENT_GROUPS.map((g) => g.filter((e) => want.has(e))).filter((g) => g.length > 0);
}

// ------------------------------------------------------------------ raw group layout

/** One event's cumulative raw reading: value and its group's time_enabled/time_running (ns). */
export interface RawReading {
  value: number;
  enabled: number;
  running: number;
}

/**
 * Writes the value/enabled/running triple of every event of one group read into
 * `out[3 * slot]`, where slot = slotOfId.get(id). Layout (perf_event_open(2), "Reading
 * results", FORMAT_GROUP|ID|TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING):
 * [nr, time_enabled, time_running, value0, id0, value1, id1, ...]. No allocation: hot path.
 * Returns how many events were placed.
 */
export function scatterGroupReading(
  raw: ArrayLike<number>,
  count: number,
  slotOfId: ReadonlyMap<number, number>,
  out: Float64Array,
): number {
  if (count < 3) return 0;
  const nr = raw[0];
  const enabled = raw[1];
  const running = raw[2];
  let placed = 0;
  for (let i = 0; i < nr && 4 + 2 * i < count; i++) {
    const slot = slotOfId.get(raw[4 + 2 * i]);
    if (slot === undefined) continue;
    out[3 * slot] = raw[3 + 2 * i];
    out[3 * slot + 1] = enabled;
    out[3 * slot + 2] = running;
    placed++;
  }
  return placed;
}

/** Parses one group read into id → reading (convenient, allocates; not for hot paths). */
export function parseGroupReading(raw: ArrayLike<number>, count = raw.length): Map<number, RawReading> {
  const map = new Map<number, RawReading>();
  const nr = count >= 3 ? raw[0] : 0;
  if (3 + 2 * nr > count)
    throw new RangeError(`group read truncated: nr=${nr} needs ${3 + 2 * nr} words, got ${count}`);
  for (let i = 0; i < nr; i++) map.set(raw[4 + 2 * i], { value: raw[3 + 2 * i], enabled: raw[1], running: raw[2] });
  return map;
}

/** The triple of active event `slot` in a CounterSet.read() buffer. */
export function readingAt(out: ArrayLike<number>, slot: number): RawReading {
  return { value: out[3 * slot], enabled: out[3 * slot + 1], running: out[3 * slot + 2] };
}

// ------------------------------------------------------------------ multiplex scaling

export interface ScaledCount {
  /** Estimated count over the interval; null = "not counted" (the group never ran). */
  value: number | null;
  /** Unscaled count over the interval. */
  raw: number;
  /** time_running / time_enabled over the interval, 0..1; null when never enabled. */
  fractionRunning: number | null;
}

/**
 * Count between two cumulative readings, scaled for multiplexing: raw · Δenabled / Δrunning
 * (perf's perf_counts_values__scale). Deltas of the times, not their totals, because
 * PERF_EVENT_IOC_RESET resets counts but never time_enabled/time_running (perf_event_open(2);
 * docs/platform-notes.md P3; nanobench 131f4c4). Δrunning == 0 means the event was never on a
 * counter: "not counted" (null), never 0.
 */
export function scaleDelta(before: RawReading, after: RawReading): ScaledCount {
  const raw = after.value - before.value;
  const enabled = after.enabled - before.enabled;
  const running = after.running - before.running;
  const fractionRunning = enabled > 0 ? Math.min(1, running / enabled) : null;
  if (running <= 0) return { value: null, raw, fractionRunning };
  return { value: running >= enabled ? raw : (raw * enabled) / running, raw, fractionRunning };
}

/** Scaling of a reading taken since open (both times start at 0 at open). */
export function scaleReading(r: RawReading): ScaledCount {
  return scaleDelta({ value: 0, enabled: 0, running: 0 }, r);
}

/** "% running" as perf stat prints it; null when the event was never enabled. */
export function percentRunning(c: ScaledCount): number | null {
  return c.fractionRunning === null ? null : 100 * c.fractionRunning;
}

// ------------------------------------------------------------------ overhead and per-op

/**
 * The constant cost of the measurement itself (e.g. counts seen by an empty read/read
 * pair), calibrated as the minimum of N samples like nanobench's calibrate(): the minimum
 * is the run least disturbed by noise. Null values (not counted) are ignored.
 */
export function calibrateOverhead(samples: readonly (number | null)[]): number {
  let min = Infinity;
  for (const s of samples) if (s !== null && Number.isFinite(s) && s < min) min = s;
  return Number.isFinite(min) ? Math.max(0, min) : 0;
}

/** value − overhead, clamped at 0 (a count cannot be negative); null stays null. */
export function subtractOverhead(value: number | null, overhead: number): number | null {
  return value === null ? null : Math.max(0, value - overhead);
}

/** Per-operation value; null when not counted or no operations (docs/platform-notes.md P27). */
export function perOperation(value: number | null, operations: number): number | null {
  if (value === null || !(operations > 0)) return null;
  return value / operations;
}

// ------------------------------------------------------------------ derived metrics

export type EventValues = Partial<Record<CounterEventName, number | null>>;

export interface DerivedMetrics {
  /** instructions / cycles. */
  ipc: number | null;
  /** cache-misses / cache-references. */
  cacheMissRate: number | null;
  /** branch-misses / branches. */
  branchMissRate: number | null;
  /** cycles / task-clock ns = GHz (perf stat's "GHz" next to cycles). */
  ghz: number | null;
}

/** a / b, null when either is missing or b is not positive. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined || !(b > 0)) return null;
  return a / b;
}

export function deriveMetrics(v: EventValues): DerivedMetrics {
  return {
    ipc: ratio(v.instructions, v.cycles),
    cacheMissRate: ratio(v['cache-misses'], v['cache-references']),
    branchMissRate: ratio(v['branch-misses'], v.branches),
    ghz: ratio(v.cycles, v['task-clock']),
  };
}

// ------------------------------------------------------------------ why an open failed

export interface PerfPermission {
  /** /proc/sys/kernel/perf_event_paranoid; null when unreadable. */
  paranoid: number | null;
  /** euid 0, or CAP_PERFMON / CAP_SYS_ADMIN in CapEff. */
  privileged: boolean;
}

const CAP_SYS_ADMIN = 21n;
const CAP_PERFMON = 38n; // Linux 5.8+

/** Privileged for perf: euid 0 or CAP_PERFMON/CAP_SYS_ADMIN in /proc/self/status CapEff (hex). */
export function isPerfPrivileged(euid: number | null, capEffHex: string | null): boolean {
  if (euid === 0) return true;
  if (!capEffHex || !/^[0-9a-f]+$/i.test(capEffHex)) return false;
  const caps = BigInt('0x' + capEffHex);
  return ((caps >> CAP_PERFMON) & 1n) === 1n || ((caps >> CAP_SYS_ADMIN) & 1n) === 1n;
}

/** exclude_kernel is mandatory unprivileged at paranoid >= 2 (EACCES otherwise; P2). Unknown paranoid: be safe. */
export function defaultExcludeKernel(p: PerfPermission): boolean {
  return !p.privileged && (p.paranoid === null || p.paranoid >= 2);
}

export const NO_PMU_REASON = 'no hardware PMU (virtual machine without a virtual PMU, WSL2 or container)';

/**
 * Human reason for a failed perf_event_open, by errno code (perf_event_open(2) ERRORS;
 * docs/platform-notes.md P1, P2, P10; perf treats ENOENT/ENXIO/ENODEV on cycles as "no PMU").
 */
export function openErrorReason(code: string, kind: 'hardware' | 'software', p: PerfPermission): string {
  const paranoid = p.paranoid === null ? 'unknown' : String(p.paranoid);
  switch (code) {
    case 'ENOENT':
    case 'ENODEV':
    case 'ENXIO':
    case 'EOPNOTSUPP':
      return kind === 'hardware' ? NO_PMU_REASON : `event not supported by this kernel (${code})`;
    case 'EACCES':
      return (
        `not permitted at perf_event_paranoid=${paranoid}: lower it (sysctl ` +
        `kernel.perf_event_paranoid=2 or less) or grant CAP_PERFMON`
      );
    case 'EPERM':
      return (
        `refused (EPERM): a seccomp filter (a container, e.g. Docker's default profile, ` +
        `allows perf_event_open only with CAP_PERFMON/CAP_SYS_ADMIN) or ` +
        `perf_event_paranoid=${paranoid} at the Debian/Ubuntu levels 3/4`
      );
    case 'EMFILE':
    case 'ENFILE':
      return 'out of file descriptors: each event needs one (raise ulimit -n)';
    case 'EINVAL':
      return 'invalid attributes for this PMU: group too large for the free counters or an unsupported attribute';
    case 'EBUSY':
      return 'the PMU is held exclusively by another event (EBUSY)';
    case 'ENOSYS':
      return 'perf_event_open is not available on this system';
    default:
      return `perf_event_open failed (${code})`;
  }
}

/** Caveat for context-switches / cpu-migrations under exclude_kernel (docs/platform-notes.md P4). */
export const KERNEL_EXCLUDED_CAVEAT =
  'reads 0 with exclude_kernel=1 (scheduler events are raised in kernel mode and ' +
  'dropped by perf_exclude_event); use getrusage(RUSAGE_THREAD) or ' +
  '/proc/thread-self/sched instead';
