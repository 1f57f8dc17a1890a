// The kernel's CPU list format, read by the platform (affinity), env (facts) and the orchestrator (isolated CPUs).

/**
 * Parses a kernel CPU list ("0-3,5,8-9", as in /sys/devices/system/cpu/online and
 * Cpus_allowed_list; format: Documentation/admin-guide/cputopology.rst). Empty → [].
 * Returns null when the text is not a CPU list.
 */
export function parseCpuList(text: string): number[] | null {
  const t = text.trim();
  if (t === '') return [];
  const out: number[] = [];
  for (const part of t.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) return null;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo) return null;
    for (let c = lo; c <= hi; c++) out.push(c);
  }
  return out;
}
