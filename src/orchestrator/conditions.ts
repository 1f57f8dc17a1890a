// Decides which environment knobs a run can really apply, once, before any fork starts.
// A knob the machine refuses is turned off with one clear line and the run goes on
// (a refused personality means "ASLR stays on"). A CPU outside the allowed set is an error of
// the user's: the run is refused (ConditionError), since measuring unpinned is not what was asked.
import { readdirSync, readFileSync } from 'node:fs';
import * as DEFAULTS from '../defaults.js';
import { parseCpuList } from '../platform/cpu-list.js';
import { idlestCpu, loadBetween, parseProcStat, type CpuLoad } from '../env/cpu-load.js';
import type { Platform } from '../platform/types.js';
import { percent } from '../text/format.js';

/** A condition the user asked for that this machine cannot give (a user error: one line, exit 2). */
export class ConditionError extends Error {
  override name = 'ConditionError';
}

export type AslrMode = 'inherit' | 'off' | 'randomize';

/**
 * What a pin covers. 'process': every thread of the worker on the chosen CPU(s), set
 * before exec. 'thread': the worker starts on the *other* allowed CPUs, so V8's platform
 * threads (GC, compiler) and libuv's are created there, then the JS thread alone moves
 * to the chosen CPU. The default is the one measured to give the lower between-process
 * spread on the reference machine (docs/measurements.md "Pinning policy").
 */
export type PinPolicy = 'process' | 'thread';
export const DEFAULT_PIN_POLICY: PinPolicy = DEFAULTS.DEFAULT_PIN_POLICY;

/** SCHED_FIFO priority of the measuring thread (low: above every normal task, below kernel RT threads). */
export const FIFO_PRIORITY = 1;

/** How long the idlest-CPU choice watches /proc/stat: 20 ticks of 10 ms per CPU. */
export const IDLEST_WINDOW_MS = 200;

/**
 * How a CPU is picked when none is named. 'idlest': the allowed CPU idlest over IDLEST_WINDOW_MS
 * at the start of the run; 'highest': the highest-numbered allowed CPU (pyperf's choice; CPU 0
 * takes most interrupts). An isolated CPU (isolcpus=) wins over both. The default is the one
 * that kept the 2x-work ratio closest to 2 with the fewest preempted batches, quiet and under a
 * CPU hog, in bench/engine/policies.ts (docs/measurements.md "CPU choice and batch length").
 */
export type CpuChoice = 'idlest' | 'highest';
export const DEFAULT_CPU_CHOICE: CpuChoice = DEFAULTS.DEFAULT_CPU_CHOICE;

/** Idle shares of the allowed CPUs over a short window (injectable for tests). */
export type IdleSampler = (allowed: number[]) => CpuLoad[] | null;

export interface ConditionRequest {
  /** Explicit CPUs, null for the default choice, a choice, or false for no pinning. */
  cpu: number[] | null | false | CpuChoice;
  aslr: AslrMode;
  mlock: boolean;
  /** Default DEFAULT_PIN_POLICY. */
  pin?: PinPolicy;
  /** Run the measuring thread under SCHED_FIFO (root or CAP_SYS_NICE). */
  fifo?: boolean;
  /** Start each worker ahead of its turn on the CPUs the measuring one does not use (default true). */
  prestart?: boolean;
}

export interface ResolvedConditions {
  /** The CPUs the measuring (JS) thread runs on, null when not pinned. */
  cpus: number[] | null;
  /** Why those CPUs (e.g. "idlest at start: CPU 0 12 % idle, CPU 1 97 % idle"), null when named or not pinned. */
  cpuReason: string | null;
  /** Policy in force when pinned ('process' when the machine has no other CPU for helpers). */
  pin: PinPolicy;
  /** The affinity the worker process starts with (before exec): `cpus`, or the helper CPUs under 'thread'. */
  spawnCpus: number[] | null;
  aslr: AslrMode;
  noAslr: boolean;
  mlock: boolean;
  fifo: boolean;
  /**
   * CPUs on which the next worker starts up (Node, its modules, the file's loaders) while the
   * current one measures; null when each worker starts at its turn (not pinned, no other allowed
   * CPU, or turned off). The start-up then overlaps the measuring worker's set-up and warm-up
   * on another CPU, not its CPU.
   */
  prestartCpus: number[] | null;
  notes: string[];
}

/** The conditions as a result file records them (environment.conditions). */
export function conditionsRecord(c: ResolvedConditions): Record<string, unknown> {
  return {
    cpus: c.cpus,
    cpuReason: c.cpuReason,
    pin: c.cpus ? c.pin : null,
    helperCpus: c.pin === 'thread' ? c.spawnCpus : null,
    aslr: c.aslr,
    noAslr: c.noAslr,
    mlock: c.mlock,
    fifo: c.fifo,
    prestartCpus: c.prestartCpus,
  };
}

/**
 * Default CPU: an isolated CPU when the kernel has some (isolcpus=), else the highest-numbered allowed one
 * (pyperf does the same; CPU 0 takes most interrupts).
 */
export function pickCpu(allowed: number[], isolated: number[]): number | null {
  const iso = isolated.filter((c) => allowed.includes(c));
  if (iso.length > 0) return iso[iso.length - 1];
  return allowed.length > 0 ? Math.max(...allowed) : null;
}

function readIsolated(root = '/'): number[] {
  try {
    // Unparsable text counts as no isolated CPUs.
    return parseCpuList(readFileSync(`${root}sys/devices/system/cpu/isolated`, 'utf8')) ?? [];
  } catch {
    return [];
  }
}

/** The NUMA node of a CPU (its nodeN entry in sysfs), null when the kernel does not say. */
export type NodeOf = (cpu: number) => number | null;

export function readNumaNode(cpu: number, root = '/'): number | null {
  try {
    const entry = readdirSync(`${root}sys/devices/system/cpu/cpu${cpu}`).find((e) => /^node\d+$/.test(e));
    return entry ? Number(entry.slice(4)) : null;
  } catch {
    return null;
  }
}

export function resolveConditions(
  req: ConditionRequest,
  platform: Platform,
  sampleIdle: IdleSampler = watchIdle,
  nodeOf: NodeOf = readNumaNode,
): ResolvedConditions {
  const notes: string[] = [];
  let cpus: number[] | null = null;
  let cpuReason: string | null = null;
  if (req.cpu !== false) {
    const sched = platform.sched.capability();
    if (!sched.supported) {
      notes.push(`pinning is off: ${sched.reason}`);
    } else {
      const allowed = platform.sched.getAffinity(0);
      if (req.cpu === null || typeof req.cpu === 'string') {
        const picked = pickDefaultCpu(allowed, readIsolated(), req.cpu ?? DEFAULT_CPU_CHOICE, sampleIdle);
        cpus = picked.cpu === null ? null : [picked.cpu];
        cpuReason = picked.reason;
      } else {
        const outside = req.cpu.filter((c) => !allowed.includes(c));
        if (outside.length > 0)
          throw new ConditionError(`--cpu ${outside.join(',')} is outside the allowed CPUs (${allowed.join(',')})`);
        cpus = req.cpu;
      }
    }
  }
  let noAslr = false;
  if (req.aslr === 'off') {
    const why = probeNoAslr(platform);
    if (why === null) noAslr = true;
    else notes.push(`--aslr off: ${why}; ASLR stays on`);
  }
  let mlock = false;
  if (req.mlock) {
    const cap = platform.memory.capability();
    const why = cap.supported ? mlockRefusal(readProc('status'), readProc('limits')) : cap.reason;
    if (why === null) mlock = true;
    else notes.push(`--mlock: ${why}; memory stays unlocked`);
  }
  let pin: PinPolicy = req.pin ?? DEFAULT_PIN_POLICY;
  let spawnCpus = cpus;
  if (cpus && pin === 'thread') {
    const helpers = platform.sched.getAffinity(0).filter((c) => !cpus!.includes(c));
    if (helpers.length > 0) spawnCpus = helpers;
    else {
      if (req.pin === 'thread')
        notes.push(
          `--pin thread: no allowed CPU is left for helper threads ` +
            `besides ${cpus.join(',')}; pinning the whole process`,
        );
      pin = 'process';
    }
  }
  let fifo = false;
  if (req.fifo) {
    const why = fifoRefusal(platform, readProc('status'), readProc('limits'));
    if (why === null) fifo = true;
    else notes.push(`--fifo: ${why}; the normal scheduler stays in force`);
    if (fifo && !cpus) notes.push('--fifo without pinning: the real-time thread may run on any CPU');
  }
  // Only CPUs of the measuring CPU's NUMA node: a worker's start-up memory stays on the node
  // where it was first touched, so one started on another node would measure remote memory.
  const node = cpus ? nodeOf(cpus[0]) : null;
  const others = cpus ? platform.sched.getAffinity(0).filter((c) => !cpus!.includes(c) && nodeOf(c) === node) : [];
  const prestartCpus = req.prestart !== false && others.length > 0 ? (pin === 'thread' ? spawnCpus : others) : null;
  return {
    cpus,
    cpuReason,
    pin,
    spawnCpus,
    prestartCpus,
    aslr: noAslr || req.aslr !== 'off' ? req.aslr : 'inherit',
    noAslr,
    mlock,
    fifo,
    notes,
  };
}

/** The CPU for workers when none is named, and why. */
export function pickDefaultCpu(
  allowed: number[],
  isolated: number[],
  choice: CpuChoice,
  sampleIdle: IdleSampler,
): { cpu: number | null; reason: string | null } {
  const iso = isolated.filter((c) => allowed.includes(c));
  if (iso.length > 0) return { cpu: iso[iso.length - 1], reason: 'isolated CPU' };
  if (choice === 'idlest') {
    const loads = sampleIdle(allowed);
    const best = loads ? idlestCpu(loads) : null;
    if (best && loads) {
      const shares = loads.map((l) => `CPU ${l.cpu} ${percent(l.idle, 0)} idle`).join(', ');
      return { cpu: best.cpu, reason: `idlest over ${IDLEST_WINDOW_MS} ms at the start: ${shares}` };
    }
  }
  const c = pickCpu(allowed, []);
  return { cpu: c, reason: c === null ? null : 'highest allowed CPU' };
}

/** Watches /proc/stat for IDLEST_WINDOW_MS (the orchestrator has nothing else to do yet). */
function watchIdle(allowed: number[]): CpuLoad[] | null {
  try {
    const before = readFileSync('/proc/stat', 'utf8');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, IDLEST_WINDOW_MS);
    const loads = loadBetween(parseProcStat(before), parseProcStat(readFileSync('/proc/stat', 'utf8')), allowed);
    return loads.length > 0 ? loads : null;
  } catch {
    return null;
  }
}

function readProc(name: string): string {
  try {
    return readFileSync(`/proc/self/${name}`, 'utf8');
  } catch {
    return '';
  }
}

/** CAP_SYS_NICE is bit 23 of the capability sets (include/uapi/linux/capability.h). */
const CAP_SYS_NICE = 23n;

/** Why SCHED_FIFO cannot be used, or null when it can (the worker's own attempt is the final word). */
export function fifoRefusal(platform: Platform, procStatus: string, procLimits: string): string | null {
  const cap = platform.sched.capability();
  if (!cap.supported) return cap.reason ?? 'scheduling control is not available';
  const m = /^CapEff:\s*([0-9a-f]+)$/m.exec(procStatus);
  const hasCap = !m || (BigInt(`0x${m[1]}`) & (1n << CAP_SYS_NICE)) !== 0n;
  // Without the capability, RLIMIT_RTPRIO (man2/sched_setscheduler.2) may still allow it.
  const rt = /^Max realtime priority\s+(\d+|unlimited)/m.exec(procLimits);
  const rtprio = rt ? (rt[1] === 'unlimited' ? 99 : Number(rt[1])) : 0;
  if (!hasCap && rtprio < FIFO_PRIORITY)
    return 'needs root, CAP_SYS_NICE or an RLIMIT_RTPRIO of at least 1 (sudo, or `ulimit -r 1` granted in limits.conf)';
  return null;
}

/** CAP_IPC_LOCK is bit 14 of the capability sets (include/uapi/linux/capability.h). */
const CAP_IPC_LOCK = 14n;

/**
 * Why mlockall(MCL_CURRENT) would fail in a worker, or null when it may succeed (the worker's
 * own attempt is the final word: src/orchestrator/mlock-outcome.ts). Without CAP_IPC_LOCK the
 * kernel refuses it with ENOMEM when the process's mapped size exceeds RLIMIT_MEMLOCK
 * (mm/mlock.c, mlockall()); a worker is a Node process too, so it maps at least about as much
 * as this one (VmSize).
 */
export function mlockRefusal(procStatus: string, procLimits: string): string | null {
  const cap = /^CapEff:\s*([0-9a-f]+)$/m.exec(procStatus);
  if (!cap || (BigInt(`0x${cap[1]}`) & (1n << CAP_IPC_LOCK)) !== 0n) return null;
  const limit = /^Max locked memory\s+(\d+|unlimited)\s/m.exec(procLimits);
  const size = /^VmSize:\s*(\d+) kB$/m.exec(procStatus);
  if (!limit || limit[1] === 'unlimited' || !size) return null;
  const limitKiB = Number(limit[1]) / 1024;
  if (Number(size[1]) <= limitKiB) return null;
  const mib = (kib: number) => `${Math.round(kib / 1024)} MiB`;
  return (
    `mlockall needs CAP_IPC_LOCK (root) or an RLIMIT_MEMLOCK of at least a Node process's ` +
    `${mib(Number(size[1]))} of mappings (the limit is ${mib(limitKiB)}; \`ulimit -l unlimited\`)`
  );
}

/** Sets and restores ADDR_NO_RANDOMIZE on this thread to learn whether the kernel (or seccomp) allows it. */
function probeNoAslr(platform: Platform): string | null {
  const cap = platform.layout.capability();
  if (!cap.supported) return cap.reason ?? 'personality() is not available';
  try {
    const before = platform.layout.getPersonality();
    platform.layout.setPersonality(before | platform.layout.ADDR_NO_RANDOMIZE);
    const stuck = (platform.layout.getPersonality() & platform.layout.ADDR_NO_RANDOMIZE) !== 0;
    platform.layout.setPersonality(before);
    return stuck ? null : 'the personality flag did not stick (AppArmor or seccomp)';
  } catch (e) {
    const err = e as { code?: string; message: string };
    return err.code === 'EPERM'
      ? "personality(ADDR_NO_RANDOMIZE) was refused with EPERM (a seccomp profile such as Docker's default)"
      : err.message;
  }
}
