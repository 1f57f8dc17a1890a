// How busy each CPU is, from two reads of /proc/stat (proc(5): per-CPU time in USER_HZ ticks,
// 10 ms each on Linux). Used to pin workers to the idlest allowed CPU at the start of a run.

export interface CpuTimes {
  /** Ticks the CPU was idle (idle + iowait). */
  idle: number;
  /** Ticks stolen by the hypervisor (the vCPU wanted to run and could not). */
  steal: number;
  /** All ticks (user … steal; guest time is already inside user and nice). */
  total: number;
}

/** Per-CPU times from the text of /proc/stat, keyed by CPU number. */
export function parseProcStat(text: string): Map<number, CpuTimes> {
  const out = new Map<number, CpuTimes>();
  for (const line of text.split('\n')) {
    const m = /^cpu(\d+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const f = m[2].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => f[i] ?? 0);
    out.set(Number(m[1]), {
      idle: idle + iowait,
      steal,
      total: user + nice + system + idle + iowait + irq + softirq + steal,
    });
  }
  return out;
}

export interface CpuLoad {
  cpu: number;
  /** Share of the window the CPU was idle, 0..1. */
  idle: number;
  /** Share of the window stolen by the hypervisor, 0..1. */
  steal: number;
}

/** Idle and steal shares between two /proc/stat readings, for the CPUs in `cpus`. */
export function loadBetween(before: Map<number, CpuTimes>, after: Map<number, CpuTimes>, cpus: number[]): CpuLoad[] {
  const out: CpuLoad[] = [];
  for (const cpu of cpus) {
    const a = before.get(cpu);
    const b = after.get(cpu);
    if (!a || !b) continue;
    const total = b.total - a.total;
    if (total <= 0) continue;
    out.push({ cpu, idle: (b.idle - a.idle) / total, steal: (b.steal - a.steal) / total });
  }
  return out;
}

/**
 * The idlest CPU: the most idle share, then the least stolen, then (as the default pick does,
 * CPU 0 taking most interrupts) the highest number. Null when nothing was measured.
 */
export function idlestCpu(loads: CpuLoad[]): CpuLoad | null {
  let best: CpuLoad | null = null;
  for (const l of loads) {
    if (
      best === null ||
      l.idle > best.idle ||
      (l.idle === best.idle && (l.steal < best.steal || (l.steal === best.steal && l.cpu > best.cpu)))
    )
      best = l;
  }
  return best;
}
