// Kernel and process facts: clocksource, perf_event settings, ASLR, memory limits, load
// and affinity, all from files (proc(5), Documentation/admin-guide/sysctl/kernel.rst).

import { ADDR_NO_RANDOMIZE } from '../platform/aslr.js';
import { FactNotes, listDir, parseColonLines, parseCpuList, readText } from './read.js';

export interface KernelFacts {
  release: string | null;
  clocksource: { current: string | null; available: string[] | null };
  perf: {
    /**
     * /proc/sys/kernel/perf_event_paranoid: 2 = user-space only (default since 4.6); 3/4 = Debian/Ubuntu "no
     * unprivileged use".
     */
    paranoid: number | null;
    kptrRestrict: number | null;
    /** The NMI watchdog holds one hardware counter on bare metal (fewer left for us). */
    nmiWatchdog: number | null;
    /** /sys/bus/event_source/devices: "cpu" (or cpu_core/cpu_atom, armv8_*) is the core PMU. */
    eventSources: string[] | null;
    hasCpuPmu: boolean | null;
  };
  /** /proc/self/status Seccomp: 0 none, 1 strict, 2 filter (e.g. Docker's default profile). */
  seccomp: number | null;
  /** Effective capabilities (/proc/self/status CapEff) that matter here; null when unreadable. */
  capabilities: { ipcLock: boolean; perfmon: boolean; sysAdmin: boolean } | null;
  memory: {
    totalKb: number | null;
    /** RLIMIT_MEMLOCK soft/hard in bytes; 'unlimited' as the kernel prints it. */
    memlock: { soft: number | 'unlimited' | null; hard: number | 'unlimited' | null };
  };
  load: { one: number; five: number; fifteen: number; runnable: number; total: number } | null;
  /** Cpus_allowed_list of this process's main thread. */
  affinity: number[] | null;
}

export interface AslrFacts {
  /** Off when disabled for everyone (sysctl 0) or for this process (personality flag). */
  current: 'on' | 'off';
  /** /proc/sys/kernel/randomize_va_space: 0 off for everyone, 1 partial, 2 full. */
  randomizeVaSpace: number | null;
  /** /proc/self/personality, hex as the kernel prints it (proc(5), since 2.6.28). */
  personality: string | null;
  addrNoRandomize: boolean | null;
}

export function readKernelFacts(root: string, notes: FactNotes): KernelFacts {
  const cs = 'sys/devices/system/clocksource/clocksource0';
  const avail = notes.text(root, `${cs}/available_clocksource`, 'kernel.clocksource.available');
  const events = listDir(root, 'sys/bus/event_source/devices');
  const status = readText(root, 'proc/self/status');
  const statusMap = status.ok ? parseColonLines(status.text) : null;
  const seccompText = statusMap?.get('Seccomp');
  const affinityText = statusMap?.get('Cpus_allowed_list');

  return {
    release: notes.text(root, 'proc/sys/kernel/osrelease', 'kernel.release'),
    clocksource: {
      current: notes.text(root, `${cs}/current_clocksource`, 'kernel.clocksource.current'),
      available: avail === null ? null : avail.split(/\s+/).filter(Boolean),
    },
    perf: {
      paranoid: notes.int(root, 'proc/sys/kernel/perf_event_paranoid', 'kernel.perf.paranoid'),
      kptrRestrict: notes.int(root, 'proc/sys/kernel/kptr_restrict', 'kernel.perf.kptrRestrict'),
      nmiWatchdog: notes.int(root, 'proc/sys/kernel/nmi_watchdog', 'kernel.perf.nmiWatchdog'),
      eventSources: events ?? notes.missing('kernel.perf.eventSources', '/sys/bus/event_source/devices is not present'),
      hasCpuPmu:
        events === null
          ? notes.missing('kernel.perf.hasCpuPmu', '/sys/bus/event_source/devices is not present')
          : events.some(isCorePmu),
    },
    seccomp:
      seccompText !== undefined && /^\d+$/.test(seccompText)
        ? Number(seccompText)
        : notes.missing('kernel.seccomp', status.ok ? 'no Seccomp line in /proc/self/status' : status.reason),
    capabilities:
      parseCapEff(statusMap?.get('CapEff')) ??
      notes.missing('kernel.capabilities', status.ok ? 'no CapEff line in /proc/self/status' : status.reason),
    memory: {
      totalKb: readMemTotal(root, notes),
      memlock: readMemlock(root, notes),
    },
    load: readLoad(root, notes),
    affinity:
      (affinityText !== undefined ? parseCpuList(affinityText) : null) ??
      notes.missing('kernel.affinity', status.ok ? 'no Cpus_allowed_list in /proc/self/status' : status.reason),
  };
}

/** Capability bit numbers from include/uapi/linux/capability.h. */
const CAP_IPC_LOCK = 14n;
const CAP_SYS_ADMIN = 21n;
const CAP_PERFMON = 38n;

export function parseCapEff(hex: string | undefined): KernelFacts['capabilities'] {
  if (hex === undefined || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  const v = BigInt('0x' + hex);
  const has = (bit: bigint) => ((v >> bit) & 1n) === 1n;
  return { ipcLock: has(CAP_IPC_LOCK), perfmon: has(CAP_PERFMON), sysAdmin: has(CAP_SYS_ADMIN) };
}

/**
 * Core-PMU names in /sys/bus/event_source/devices: x86 "cpu", hybrid "cpu_core"/"cpu_atom", arm
 * "armv8_*"/"armv7_*".
 */
export function isCorePmu(name: string): boolean {
  return name === 'cpu' || name.startsWith('cpu_') || /^armv\d/.test(name);
}

export function readAslrFacts(root: string, notes: FactNotes): AslrFacts {
  const randomizeVaSpace = notes.int(root, 'proc/sys/kernel/randomize_va_space', 'aslr.randomizeVaSpace');
  const personality = notes.text(root, 'proc/self/personality', 'aslr.personality');
  const persona = personality !== null && /^[0-9a-fA-F]+$/.test(personality) ? Number.parseInt(personality, 16) : null;
  const addrNoRandomize =
    persona === null
      ? notes.missing('aslr.addrNoRandomize', 'personality unknown')
      : (persona & ADDR_NO_RANDOMIZE) !== 0;
  // Off when disabled for everyone (sysctl 0) or for this process (personality flag);
  // Google Benchmark's detector misses the sysctl case (docs/platform-notes.md P23).
  const current = randomizeVaSpace === 0 || addrNoRandomize === true ? 'off' : 'on';
  return { current, randomizeVaSpace, personality, addrNoRandomize };
}

function readMemTotal(root: string, notes: FactNotes): number | null {
  const r = readText(root, 'proc/meminfo');
  if (!r.ok) return notes.missing('kernel.memory.totalKb', r.reason);
  const m = /^MemTotal:\s+(\d+)\s*kB/m.exec(r.text);
  return m ? Number(m[1]) : notes.missing('kernel.memory.totalKb', 'no MemTotal line in /proc/meminfo');
}

/** Parses the "Max locked memory" row of /proc/self/limits (columns: soft, hard, units). */
export function parseMemlock(limits: string): { soft: number | 'unlimited'; hard: number | 'unlimited' } | null {
  const m = /^Max locked memory\s+(\S+)\s+(\S+)/m.exec(limits);
  if (!m) return null;
  const v = (s: string) => (s === 'unlimited' ? 'unlimited' : Number(s));
  return { soft: v(m[1]!), hard: v(m[2]!) };
}

function readMemlock(root: string, notes: FactNotes): KernelFacts['memory']['memlock'] {
  const r = readText(root, 'proc/self/limits');
  const parsed = r.ok ? parseMemlock(r.text) : null;
  if (parsed) return parsed;
  const reason = r.ok ? 'no "Max locked memory" row in /proc/self/limits' : r.reason;
  return {
    soft: notes.missing('kernel.memory.memlock.soft', reason),
    hard: notes.missing('kernel.memory.memlock.hard', reason),
  };
}

function readLoad(root: string, notes: FactNotes): KernelFacts['load'] {
  const r = readText(root, 'proc/loadavg');
  const m = r.ok ? /^([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\/(\d+)/.exec(r.text) : null;
  if (!m) return notes.missing('kernel.load', r.ok ? 'unparsable /proc/loadavg' : r.reason);
  return { one: Number(m[1]), five: Number(m[2]), fifteen: Number(m[3]), runnable: Number(m[4]), total: Number(m[5]) };
}
