// The pure-JS platform: used when the addon is absent, fails to load, or
// CYCLEBENCH_PLATFORM=js. It keeps the same contract (habit 1 and 4): an hrtime
// clock writing the same Float64Array layout, affinity read from /proc where readable,
// everything else unsupported with the reason.

import { readFileSync } from 'node:fs';
import { PlatformError, unsupported } from './errors.js';
import { createJsChildRunner } from './js-child.js';
import { createJsCounters } from './js-counters.js';
import { parseCpuList } from './cpu-list.js';
import { ADDR_NO_RANDOMIZE } from './aslr.js';
import { hrtimeClockInfo } from './hrtime-info.js';
import { readClocksource } from './native.js';
import { unsupportedSimulation } from './native-simulation.js';
import type { Clock, ClockInfo, Layout, Memory, Platform, Scheduling } from './types.js';

const NEEDS_ADDON = 'needs the native addon';
const RESOLUTION_PROBES = 2000;

function hrtimeClock(): Clock {
  let buf: Float64Array | undefined;
  let base = 0n;
  const origin = process.hrtime.bigint();
  let info: ClockInfo | undefined;
  const notBound = () => new PlatformError('clock is not bound: call clock.bind(buf) first', 'EINVAL');
  function resolution(): number {
    let best = Infinity;
    for (let i = 0; i < RESOLUTION_PROBES; i++) {
      const a = process.hrtime.bigint();
      const d = Number(process.hrtime.bigint() - a);
      if (d > 0 && d < best) best = d;
    }
    return Number.isFinite(best) ? best : 1;
  }
  return {
    info: () => (info ??= hrtimeClockInfo(readClocksource(), resolution())),
    bind(b: Float64Array) {
      if (!(b instanceof Float64Array) || b.length < 4) {
        throw new PlatformError('clock.bind expects a Float64Array of length >= 4', 'EINVAL');
      }
      buf = b;
      base = process.hrtime.bigint();
    },
    start() {
      if (!buf) throw notBound();
      buf[0] = Number(process.hrtime.bigint() - base);
      buf[1] = -1;
    },
    end() {
      const t = process.hrtime.bigint();
      if (!buf) throw notBound();
      buf[2] = Number(t - base);
      buf[3] = -1;
    },
    now: () => Number(process.hrtime.bigint() - origin),
  };
}

/** Cpus_allowed_list of a thread (0 = calling thread) from /proc, or null when unreadable. */
export function readAllowedCpus(tid = 0): number[] | null {
  const file = tid === 0 ? '/proc/thread-self/status' : `/proc/self/task/${tid}/status`;
  try {
    const m = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(file, 'utf8'));
    return m ? parseCpuList(m[1]) : null;
  } catch {
    return null;
  }
}

function jsSched(): Scheduling {
  return {
    capability: () => ({ supported: false, reason: `${NEEDS_ADDON} (affinity can only be read, from /proc)` }),
    getAffinity(tid = 0) {
      const cpus = readAllowedCpus(tid);
      if (!cpus) throw unsupported('getAffinity', `${NEEDS_ADDON} (/proc status unreadable)`);
      return cpus;
    },
    setAffinity: () => {
      throw unsupported('setAffinity', NEEDS_ADDON);
    },
    currentCpu: () => -1,
    threadId: () => {
      throw unsupported('threadId', NEEDS_ADDON);
    },
    threadRusage: () => {
      // process.resourceUsage() is process-wide; passing it off as per-thread would lie.
      throw unsupported('threadRusage', NEEDS_ADDON);
    },
    setFifo: () => {
      throw unsupported('setFifo', NEEDS_ADDON);
    },
    policy: () => 'unknown',
  };
}

function jsMemory(): Memory {
  return {
    capability: () => ({ supported: false, reason: NEEDS_ADDON }),
    lockAll: () => {
      throw unsupported('lockAll', NEEDS_ADDON);
    },
    unlockAll: () => {}, // nothing can be locked on this platform
    locked: () => false,
  };
}

function jsLayout(): Layout {
  return {
    capability: () => ({ supported: false, reason: NEEDS_ADDON }),
    ADDR_NO_RANDOMIZE,
    getPersonality() {
      try {
        return Number.parseInt(readFileSync('/proc/self/personality', 'utf8'), 16); // man5/proc.5
      } catch {
        throw unsupported('getPersonality', `${NEEDS_ADDON} (/proc/self/personality unreadable)`);
      }
    },
    setPersonality: () => {
      throw unsupported('setPersonality', NEEDS_ADDON);
    },
  };
}

export function createJsPlatform(reason: string): Platform {
  return {
    kind: 'js',
    fallbackReason: reason,
    clock: hrtimeClock(),
    counters: createJsCounters(),
    sched: jsSched(),
    memory: jsMemory(),
    layout: jsLayout(),
    child: createJsChildRunner(),
    simulation: unsupportedSimulation('Valgrind client requests need the native addon'),
  };
}
