// The native platform: wraps the addon's raw exports. Arguments are validated here,
// before crossing into C++ (better-sqlite3 style, habit 3), and native errors come
// back through callNative with the caller's stack. Arithmetic stays in TypeScript.

import { readFileSync } from 'node:fs';
import { callNative, PlatformError, unsupported } from './errors.js';
import { createNativeChildRunner } from './native-child.js';
import { createNativeCounters } from './native-counters.js';
import { createNativeSimulation, type SimulationAddon } from './native-simulation.js';
import type {
  Capability,
  Clock,
  ClockInfo,
  ClockSource,
  Layout,
  Memory,
  Platform,
  SchedPolicy,
  Scheduling,
  ThreadRusage,
} from './types.js';

/** Raw clock facts as the addon reports them (0 / -1 mean "unknown"). */
export interface RawClockInfo {
  source: ClockSource;
  reportedHz: number;
  calibratedHz: number;
  calibrationNs: number;
  invariant: number;
  hypervisor: number;
  ticksAreCycles: boolean;
  resolutionTicks: number;
  reportsCpu: boolean;
}

/** The exports of native/{clock,sched,memory,layout}.cc (counters and child live elsewhere). */
export interface CoreAddon {
  clockBind(buf: Float64Array): void;
  clockStart(): void;
  clockEnd(): void;
  clockStartLfence(): void;
  clockNow(): number;
  clockInfo(): RawClockInfo;
  schedSupported: boolean;
  schedGetAffinity(tid?: number): number[];
  schedSetAffinity(cpus: number[], tid?: number): void;
  schedGetCpu(): number;
  schedGettid(): number;
  schedThreadRusage(): ThreadRusage;
  schedSetFifo(priority: number, rtLimitUs: number): void;
  schedGetPolicy(): number;
  memorySupported: boolean;
  memoryLockAll(): void;
  memoryUnlockAll(): void;
  memoryLocked(): boolean;
  layoutSupported: boolean;
  ADDR_NO_RANDOMIZE: number;
  layoutGetPersonality(): number;
  layoutSetPersonality(value: number): number;
}

export type NativeAddon = CoreAddon & Record<string, unknown>;

/** CPUID's TSC frequency is used only when calibration confirms it within this fraction. */
export const CPUID_AGREEMENT = 0.01;
const CLOCKSOURCE_FILE = '/sys/devices/system/clocksource/clocksource0/current_clocksource';

function invalid(message: string): PlatformError {
  return new PlatformError(message, 'EINVAL');
}

function checkTid(tid: number): void {
  if (!Number.isSafeInteger(tid) || tid < 0) throw invalid(`tid must be a non-negative integer, got ${tid}`);
}

export function readClocksource(): string | null {
  try {
    return readFileSync(CLOCKSOURCE_FILE, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Pure: turns the addon's raw facts into ClockInfo, choosing hz and naming its source. */
export function assembleClockInfo(raw: RawClockInfo, clocksource: string | null): ClockInfo {
  const reported = raw.reportedHz > 0 ? raw.reportedHz : null;
  const calibrated = raw.calibratedHz > 0 ? raw.calibratedHz : null;
  let hz: number;
  let hzSource: ClockInfo['hzSource'];
  if (raw.source === 'clock_gettime') {
    hz = 1e9;
    hzSource = 'nominal';
  } else if (calibrated === null) {
    hz = reported ?? 1e9;
    hzSource = raw.source === 'cntvct' ? 'cntfrq' : 'cpuid';
  } else if (reported !== null && Math.abs(reported - calibrated) <= CPUID_AGREEMENT * calibrated) {
    // The CPU's own figure, confirmed by calibration (P14); both are reported.
    hz = reported;
    hzSource = raw.source === 'cntvct' ? 'cntfrq' : 'cpuid';
  } else {
    hz = calibrated;
    hzSource = 'calibration';
  }
  return {
    source: raw.source,
    hz,
    hzSource,
    reportedHz: reported,
    calibratedHz: calibrated,
    calibrationNs: calibrated === null ? null : raw.calibrationNs,
    invariant: raw.invariant < 0 ? null : raw.invariant === 1,
    clocksource,
    hypervisor: raw.hypervisor < 0 ? null : raw.hypervisor === 1,
    ticksAreCycles: raw.ticksAreCycles,
    resolutionTicks: raw.resolutionTicks,
    reportsCpu: raw.reportsCpu,
  };
}

function nativeClock(addon: NativeAddon): Clock {
  let info: ClockInfo | undefined;
  return {
    info: () => (info ??= assembleClockInfo(callNative(addon.clockInfo), readClocksource())),
    bind(buf: Float64Array) {
      if (!(buf instanceof Float64Array) || buf.length < 4) {
        throw invalid('clock.bind expects a Float64Array of length >= 4');
      }
      callNative(addon.clockBind, buf);
    },
    // Hot path: the addon's functions themselves, no wrapper (P16). Before bind() they
    // throw an Error with code EINVAL.
    start: addon.clockStart,
    end: addon.clockEnd,
    now: () => addon.clockNow(),
  };
}

function nativeSched(addon: NativeAddon): Scheduling {
  const capability: Capability = addon.schedSupported
    ? { supported: true, reason: 'affinity is per thread: tid 0 is the calling (JS) thread only' }
    : { supported: false, reason: 'scheduling control needs Linux' };
  return {
    capability: () => capability,
    getAffinity(tid = 0) {
      checkTid(tid);
      return callNative(addon.schedGetAffinity, tid);
    },
    setAffinity(cpus: number[], tid = 0) {
      checkTid(tid);
      if (!Array.isArray(cpus) || cpus.length === 0) throw invalid('cpus must be a non-empty array');
      for (const c of cpus) {
        if (!Number.isInteger(c) || c < 0 || c >= 1 << 20) throw invalid(`invalid CPU number ${c}`);
      }
      callNative(addon.schedSetAffinity, cpus, tid);
    },
    currentCpu: () => addon.schedGetCpu(),
    threadId: () => callNative(addon.schedGettid),
    threadRusage: () => callNative(addon.schedThreadRusage),
    setFifo(priority: number, rtLimitUs?: number) {
      if (!Number.isInteger(priority) || priority < 1 || priority > 99) {
        throw invalid(`SCHED_FIFO priority must be an integer in 1..99, got ${priority}`);
      }
      const limit = rtLimitUs ?? 0;
      if (!Number.isFinite(limit) || limit < 0)
        throw invalid(`RLIMIT_RTTIME must be a non-negative number of µs, got ${rtLimitUs}`);
      callNative(addon.schedSetFifo, priority, Math.round(limit));
    },
    policy() {
      // Linux's SCHED_* numbering (include/uapi/linux/sched.h); 4 is unused.
      const names: Record<number, SchedPolicy> = {
        0: 'other',
        1: 'fifo',
        2: 'rr',
        3: 'batch',
        5: 'idle',
        6: 'deadline',
      };
      return names[callNative(addon.schedGetPolicy)] ?? 'unknown';
    },
  };
}

function nativeMemory(addon: NativeAddon): Memory {
  let hooked = false;
  const unlockAtExit = () => {
    if (addon.memoryLocked()) addon.memoryUnlockAll();
  };
  return {
    capability: () =>
      addon.memorySupported
        ? { supported: true, reason: 'needs CAP_IPC_LOCK (V8 maps ~700 MB of reservations)' }
        : { supported: false, reason: 'memory locking needs Linux' },
    lockAll() {
      if (!addon.memorySupported) throw unsupported('mlockall', 'memory locking needs Linux');
      // Registered before locking: V8 aborts at teardown while pages are locked (P17).
      if (!hooked) {
        process.on('exit', unlockAtExit);
        hooked = true;
      }
      callNative(addon.memoryLockAll);
    },
    unlockAll: () => callNative(addon.memoryUnlockAll),
    locked: () => addon.memoryLocked(),
  };
}

function nativeLayout(addon: NativeAddon): Layout {
  return {
    capability: () =>
      addon.layoutSupported ? { supported: true } : { supported: false, reason: 'personality(2) needs Linux' },
    ADDR_NO_RANDOMIZE: addon.ADDR_NO_RANDOMIZE,
    getPersonality: () => callNative(addon.layoutGetPersonality),
    setPersonality(value: number) {
      if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
        throw invalid(`personality must be a 32-bit unsigned integer, got ${value}`);
      }
      return callNative(addon.layoutSetPersonality, value);
    },
  };
}

export function createNativePlatform(addon: NativeAddon): Platform {
  return {
    kind: 'native',
    clock: nativeClock(addon),
    counters: createNativeCounters(addon as unknown as Parameters<typeof createNativeCounters>[0]),
    sched: nativeSched(addon),
    memory: nativeMemory(addon),
    layout: nativeLayout(addon),
    child: createNativeChildRunner(addon as unknown as Parameters<typeof createNativeChildRunner>[0]),
    simulation: createNativeSimulation(addon as unknown as SimulationAddon),
  };
}
