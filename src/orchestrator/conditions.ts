// Decides which environment knobs a run can really apply, once, before any fork starts.
// A knob the machine refuses is turned off with one clear line and the run goes on
// (a refused personality means "ASLR stays on"; a CPU outside the allowed set is an
// error of the user's, also reported and dropped rather than fatal).
import { readFileSync } from 'node:fs';
import { parseCpuList as readCpuList } from '../env/read.js';
import type { Platform } from '../platform/types.js';

export type AslrMode = 'inherit' | 'off' | 'randomize';

export interface ConditionRequest {
  /** Explicit CPUs, or null to pick one, or false for no pinning. */
  cpu: number[] | null | false;
  aslr: AslrMode;
  mlock: boolean;
}

export interface ResolvedConditions {
  cpus: number[] | null;
  aslr: AslrMode;
  noAslr: boolean;
  mlock: boolean;
  notes: string[];
}

/** Default CPU: an isolated CPU when the kernel has some (isolcpus=), else the highest-numbered allowed one (pyperf does the same; CPU 0 takes most interrupts). */
export function pickCpu(allowed: number[], isolated: number[]): number | null {
  const iso = isolated.filter((c) => allowed.includes(c));
  if (iso.length > 0) return iso[iso.length - 1];
  return allowed.length > 0 ? Math.max(...allowed) : null;
}

/** A kernel CPU list ("0-2,5"); unparsable text counts as no CPUs (env/read.ts does the parsing). */
export function parseCpuList(text: string): number[] {
  return readCpuList(text) ?? [];
}

function readIsolated(root = '/'): number[] {
  try {
    return parseCpuList(readFileSync(`${root}sys/devices/system/cpu/isolated`, 'utf8'));
  } catch {
    return [];
  }
}

export function resolveConditions(req: ConditionRequest, platform: Platform): ResolvedConditions {
  const notes: string[] = [];
  let cpus: number[] | null = null;
  if (req.cpu !== false) {
    const sched = platform.sched.capability();
    if (!sched.supported) {
      notes.push(`pinning is off: ${sched.reason}`);
    } else {
      const allowed = platform.sched.getAffinity(0);
      if (req.cpu === null) {
        const c = pickCpu(allowed, readIsolated());
        cpus = c === null ? null : [c];
      } else {
        const outside = req.cpu.filter((c) => !allowed.includes(c));
        if (outside.length > 0) notes.push(`--cpu ${outside.join(',')} is outside the allowed CPUs (${allowed.join(',')}); pinning is off`);
        else cpus = req.cpu;
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
    if (cap.supported) mlock = true;
    else notes.push(`--mlock: ${cap.reason}; memory stays unlocked`);
  }
  return { cpus, aslr: noAslr || req.aslr !== 'off' ? req.aslr : 'inherit', noAslr, mlock, notes };
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
    return err.code === 'EPERM' ? 'personality(ADDR_NO_RANDOMIZE) was refused with EPERM (a seccomp profile such as Docker\'s default)' : err.message;
  }
}
