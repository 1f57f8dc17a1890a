// Counters over native/counters.cc (raw perf_event_open wrappers). Grouping, the fallback
// of a failing member to a group of its own, id → slot mapping and the human reasons live
// here; the arithmetic lives in counters-math.ts.

import { readFileSync } from 'node:fs';
import { toPlatformError, unsupported, PlatformError } from './errors.js';
import {
  EVENT_TABLE,
  KERNEL_EXCLUDED_CAVEAT,
  defaultExcludeKernel,
  groupEvents,
  isCounterEventName,
  isPerfPrivileged,
  openErrorReason,
  scatterGroupReading,
  type PerfPermission,
} from './counters-math.js';
import {
  COUNTER_EVENTS,
  type Capability,
  type CounterEventAvailability,
  type CounterEventName,
  type CounterGroupOptions,
  type CounterSet,
  type Counters,
} from './types.js';

export interface PerfOpenFlags {
  excludeKernel?: boolean;
  excludeHv?: boolean;
  disabled?: boolean;
  inherit?: boolean;
  enableOnExec?: boolean;
  pid?: number;
  cpu?: number;
}

/** What native/counters.cc exports. */
export interface CountersAddon {
  perfConstants: { supported: boolean; reason?: string };
  perfOpen(type: number, config: number, groupFd: number, flags: PerfOpenFlags): number;
  perfId(fd: number): number;
  perfIoctl(fd: number, op: 'enable' | 'disable' | 'reset'): void;
  perfReadGroup(fd: number, out: Float64Array): number;
  perfClose(fd: number): void;
}

/** Words of the largest group read (3 + 2 · 32), as native/perf.h kMaxGroupWords. */
const GROUP_WORDS = 67;
const ALL_EVENTS: CounterEventName[] = [...COUNTER_EVENTS];
const THREAD_CAVEAT =
  'counts the calling thread only: V8 GC and compiler threads are not included (docs/platform-notes.md P6)';

/** perf_event_paranoid and privilege of this process, read from /proc (null/false when unreadable). */
export function readPerfPermission(): PerfPermission {
  const read = (p: string): string | null => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      return null;
    }
  };
  const paranoidText = read('/proc/sys/kernel/perf_event_paranoid');
  const paranoid = paranoidText === null ? null : Number.parseInt(paranoidText, 10);
  const capEff = /^CapEff:\s*([0-9a-f]+)/im.exec(read('/proc/self/status') ?? '')?.[1] ?? null;
  const euid = typeof process.geteuid === 'function' ? process.geteuid() : null;
  return { paranoid: Number.isNaN(paranoid) ? null : paranoid, privileged: isPerfPrivileged(euid, capEff) };
}

/** Availability of an event from a caught native error (or success), with the human reason. */
export function availability(
  name: CounterEventName,
  error: { code?: string; errno?: number } | null,
  perm: PerfPermission,
  excludeKernel: boolean,
): CounterEventAvailability {
  const kind = EVENT_TABLE[name].kind;
  if (error) {
    const code = error.code ?? 'EUNKNOWN';
    const a: CounterEventAvailability = {
      name,
      kind,
      available: false,
      code,
      reason: openErrorReason(code, kind, perm),
    };
    if (error.errno !== undefined) a.errno = error.errno;
    return a;
  }
  const a: CounterEventAvailability = { name, kind, available: true };
  if (excludeKernel && (name === 'context-switches' || name === 'cpu-migrations')) a.reason = KERNEL_EXCLUDED_CAVEAT;
  return a;
}

interface OpenedGroups {
  events: CounterEventAvailability[];
  active: CounterEventName[];
  leaders: number[];
  fds: number[];
  slotOfId: Map<number, number>;
}

// The first event of each group that opens leads it (disabled, so nothing counts before
// enable()); a member that cannot join is retried alone, so the event that fails is named.
function openGroups(
  addon: CountersAddon,
  names: CounterEventName[],
  excludeKernel: boolean,
  pid: number,
  perm: PerfPermission,
): OpenedGroups {
  const r: OpenedGroups = { events: [], active: [], leaders: [], fds: [], slotOfId: new Map() };
  const base = { excludeKernel, excludeHv: true, pid, cpu: -1 };
  const tryOpen = (name: CounterEventName, group: number): { fd?: number; error?: PlatformError } => {
    try {
      return {
        fd: addon.perfOpen(EVENT_TABLE[name].type, EVENT_TABLE[name].config, group, { ...base, disabled: group < 0 }),
      };
    } catch (e) {
      return { error: toPlatformError(e) };
    }
  };
  for (const group of groupEvents(names)) {
    let leader = -1;
    for (const name of group) {
      const asMember = leader >= 0 ? tryOpen(name, leader) : null;
      const opened = asMember?.fd !== undefined ? asMember : tryOpen(name, -1);
      const ev = availability(name, opened.error ?? null, perm, excludeKernel);
      r.events.push(ev);
      if (opened.fd === undefined) continue;
      if (asMember?.error) {
        ev.reason =
          `opened in a group of its own, so its ratio with ${group[0]} is not coherent ` +
          `(joining failed: ${asMember.error.code})`;
      }
      r.fds.push(opened.fd);
      try {
        r.slotOfId.set(addon.perfId(opened.fd), r.active.length);
      } catch (e) {
        closeAll(addon, r.fds); // nothing of a half-built set may leak its fds
        throw toPlatformError(e);
      }
      r.active.push(name);
      if (opened !== asMember) {
        r.leaders.push(opened.fd);
        if (leader < 0) leader = opened.fd;
      }
    }
  }
  return r;
}

function closeAll(addon: CountersAddon, fds: number[]): void {
  for (const fd of fds) {
    try {
      addon.perfClose(fd);
    } catch {
      // already closed: nothing to release
    }
  }
}

class NativeCounterSet implements CounterSet {
  readonly events: CounterEventAvailability[];
  readonly active: CounterEventName[];
  private readonly scratch = new Float64Array(GROUP_WORDS);
  private closed = false;

  constructor(
    private readonly addon: CountersAddon,
    private readonly g: OpenedGroups,
    readonly excludeKernel: boolean,
  ) {
    this.events = g.events;
    this.active = g.active;
  }

  private ioctl(op: 'enable' | 'disable' | 'reset', caller: () => void): void {
    if (this.closed) throw new PlatformError(`counters ${op}: set is closed`, 'EBADF');
    try {
      for (const fd of this.g.leaders) this.addon.perfIoctl(fd, op);
    } catch (e) {
      throw toPlatformError(e, caller);
    }
  }
  enable(): void {
    this.ioctl('enable', this.enable);
  }
  disable(): void {
    this.ioctl('disable', this.disable);
  }
  reset(): void {
    this.ioctl('reset', this.reset);
  }

  read(out: Float64Array): void {
    if (this.closed) throw new PlatformError('counters read: set is closed', 'EBADF');
    if (out.length < 3 * this.active.length)
      throw new RangeError(`read: need ${3 * this.active.length} slots, got ${out.length}`);
    try {
      for (const fd of this.g.leaders) {
        const n = this.addon.perfReadGroup(fd, this.scratch);
        scatterGroupReading(this.scratch, n, this.g.slotOfId, out);
      }
    } catch (e) {
      throw toPlatformError(e, this.read);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeAll(this.addon, this.g.fds);
  }
}

export function createNativeCounters(addon: CountersAddon): Counters {
  const perm = readPerfPermission();
  const supported = addon.perfConstants.supported;
  const notSupportedReason = addon.perfConstants.reason ?? 'perf_event_open is not available';
  let probed: CounterEventAvailability[] | null = null;

  const counters: Counters = {
    capability(): Capability {
      if (!supported) return { supported: false, reason: notSupportedReason };
      probed ??= counters.probe();
      const missing = probed.filter((e) => !e.available);
      if (missing.length === probed.length)
        return { supported: false, reason: missing[0]?.reason ?? notSupportedReason };
      // One note for all missing events (docs/platform-notes.md P1), then the per-thread caveat.
      const notes = [...new Set(missing.map((e) => `${e.kind} counters unavailable: ${e.reason}`))];
      return { supported: true, reason: [...notes, THREAD_CAVEAT].join('; ') };
    },
    probe(options?: CounterGroupOptions): CounterEventAvailability[] {
      if (!supported) {
        return ALL_EVENTS.map((name) => ({
          name,
          kind: EVENT_TABLE[name].kind,
          available: false,
          code: 'ENOSYS',
          reason: notSupportedReason,
        }));
      }
      const excludeKernel = options?.excludeKernel ?? defaultExcludeKernel(perm);
      const g = openGroups(addon, ALL_EVENTS, excludeKernel, options?.pid ?? 0, perm);
      closeAll(addon, g.fds);
      return g.events;
    },
    open(events: CounterEventName[], options?: CounterGroupOptions): CounterSet {
      if (!supported) throw unsupported('counters', notSupportedReason);
      const bad = events.filter((e) => !isCounterEventName(e));
      if (bad.length > 0) throw new PlatformError(`unknown counter event(s): ${bad.join(', ')}`, 'EINVAL');
      const pid = options?.pid ?? 0;
      if (!Number.isInteger(pid) || pid < 0)
        throw new PlatformError(`pid must be an integer >= 0, got ${pid}`, 'EINVAL');
      const excludeKernel = options?.excludeKernel ?? defaultExcludeKernel(perm);
      return new NativeCounterSet(addon, openGroups(addon, events, excludeKernel, pid, perm), excludeKernel);
    },
  };
  return counters;
}
