// CPU facts: model, logical cores, SMT, isolated CPUs and the TSC flags, from /proc/cpuinfo
// and /sys/devices/system/cpu (Documentation/ABI/testing/sysfs-devices-system-cpu).

import { FactNotes, listDir, parseColonLines, parseCpuList, readText } from './read.js';

export interface CpuFacts {
  model: string | null;
  vendor: string | null;
  /** Online logical CPUs (hardware threads). */
  logicalCores: number | null;
  online: number[] | null;
  smt: {
    /** /sys/devices/system/cpu/smt/active, else inferred from cpu0's thread siblings. */
    active: boolean | null;
    /** smt/control: on | off | forceoff | notsupported | notimplemented. */
    control: string | null;
    threadsPerCore: number | null;
  };
  /** /sys/devices/system/cpu/isolated (isolcpus=); [] when none are isolated. */
  isolated: number[] | null;
  /** x86 /proc/cpuinfo flags; null elsewhere. */
  flags: {
    constantTsc: boolean;
    nonstopTsc: boolean;
    tscKnownFreq: boolean;
    hypervisor: boolean;
  } | null;
  /** Mean of the "cpu MHz" lines (the kernel's own estimate), when present. */
  cpuinfoMHz: number | null;
}

interface CpuinfoBlock {
  fields: Map<string, string>;
}

export function parseCpuinfo(text: string): CpuinfoBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((b) => ({ fields: parseColonLines(b) }))
    .filter((b) => b.fields.size > 0);
}

export function readCpuFacts(root: string, notes: FactNotes): CpuFacts {
  const info = readText(root, 'proc/cpuinfo');
  const blocks = info.ok ? parseCpuinfo(info.text) : [];
  if (!info.ok) notes.missing('cpu.cpuinfo', info.reason);
  const processors = blocks.filter((b) => b.fields.has('processor'));
  const first = processors[0]?.fields ?? blocks[0]?.fields;
  // The SoC-wide block (no "processor" key) holds "Hardware"/"Model" on some ARM kernels.
  const global = blocks.find((b) => !b.fields.has('processor'))?.fields;

  const model =
    first?.get('model name') ?? global?.get('Model') ?? global?.get('Hardware') ?? first?.get('cpu model') ?? null;
  const vendor =
    first?.get('vendor_id') ??
    (first?.has('CPU implementer') ? `arm implementer ${first.get('CPU implementer')}` : null);

  /** A CPU list of /sys/devices/system/cpu (null, with the reason noted, when unreadable or unparsable). */
  const cpuList = (file: 'online' | 'isolated'): number[] | null => {
    const path = `sys/devices/system/cpu/${file}`;
    const text = notes.text(root, path, `cpu.${file}`);
    if (text === null) return null;
    return parseCpuList(text) ?? notes.missing(`cpu.${file}`, `unparsable /${path}: ${JSON.stringify(text)}`);
  };
  const online = cpuList('online');
  const logicalCores = online?.length || processors.length || null;

  const flagText = first?.get('flags');
  const flagSet = new Set(flagText ? flagText.split(/\s+/) : []);
  const flags = flagText
    ? {
        constantTsc: flagSet.has('constant_tsc'),
        nonstopTsc: flagSet.has('nonstop_tsc'),
        tscKnownFreq: flagSet.has('tsc_known_freq'),
        hypervisor: flagSet.has('hypervisor'),
      }
    : null;
  if (!flags) notes.missing('cpu.flags', 'no x86 "flags" line in /proc/cpuinfo (not x86, or cpuinfo unreadable)');

  const mhz = processors.map((b) => Number(b.fields.get('cpu MHz'))).filter((n) => Number.isFinite(n) && n > 0);

  const isolated = cpuList('isolated');

  return {
    model: model ?? notes.missing('cpu.model', info.ok ? 'no model line in /proc/cpuinfo' : info.reason),
    vendor: vendor ?? notes.missing('cpu.vendor', 'no vendor line in /proc/cpuinfo'),
    logicalCores:
      logicalCores ??
      notes.missing('cpu.logicalCores', 'neither /sys/devices/system/cpu/online nor /proc/cpuinfo lists CPUs'),
    online,
    smt: readSmt(root, notes, online),
    isolated,
    flags,
    cpuinfoMHz: mhz.length
      ? mhz.reduce((a, b) => a + b, 0) / mhz.length
      : notes.missing('cpu.cpuinfoMHz', 'no "cpu MHz" lines in /proc/cpuinfo'),
  };
}

function readSmt(root: string, notes: FactNotes, online: number[] | null): CpuFacts['smt'] {
  const control = notes.text(root, 'sys/devices/system/cpu/smt/control', 'cpu.smt.control');
  const activeText = readText(root, 'sys/devices/system/cpu/smt/active');
  const cpu = online?.[0] ?? 0;
  const siblingsText = readText(root, `sys/devices/system/cpu/cpu${cpu}/topology/thread_siblings_list`);
  const siblings = siblingsText.ok ? parseCpuList(siblingsText.text) : null;
  const threadsPerCore =
    siblings?.length ||
    notes.missing('cpu.smt.threadsPerCore', siblingsText.ok ? 'unparsable thread_siblings_list' : siblingsText.reason);
  let active: boolean | null;
  if (activeText.ok) active = activeText.text.trim() === '1';
  else if (threadsPerCore !== null) active = threadsPerCore > 1;
  else active = notes.missing('cpu.smt.active', `${activeText.reason}, and no thread_siblings_list`);
  return { active, control, threadsPerCore };
}

/** Per-CPU thermal throttle counters (x86 therm_throt; Documentation/ABI/testing/sysfs-devices-system-cpu). */
export function readThrottleCounts(
  root: string,
  notes: FactNotes,
  online: number[] | null,
): Record<string, number> | null {
  const cpus =
    online ??
    (listDir(root, 'sys/devices/system/cpu') ?? []).filter((d) => /^cpu\d+$/.test(d)).map((d) => Number(d.slice(3)));
  const counts: Record<string, number> = {};
  for (const cpu of cpus) {
    const dir = `sys/devices/system/cpu/cpu${cpu}/thermal_throttle`;
    for (const f of listDir(root, dir) ?? []) {
      if (!f.endsWith('_count')) continue;
      const r = readText(root, `${dir}/${f}`);
      const n = r.ok ? Number.parseInt(r.text, 10) : NaN;
      if (Number.isFinite(n)) counts[`cpu${cpu}/${f}`] = n;
    }
  }
  if (Object.keys(counts).length === 0) {
    return notes.missing(
      'thermal.throttleCounts',
      'no /sys/devices/system/cpu/cpu*/thermal_throttle/*_count files (not exposed by this CPU/kernel, typical in VMs)',
    );
  }
  return counts;
}
