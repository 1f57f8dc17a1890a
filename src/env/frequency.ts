// Frequency scaling facts: cpufreq governor per CPU, boost/turbo, current frequency
// (Documentation/admin-guide/pm/cpufreq.rst, intel_pstate.rst, amd-pstate.rst).
// A VM usually has no cpufreq at all: the host decides the frequency.

import { FactNotes, listDir, readText } from './read.js';

export interface CpuFrequency {
  cpu: number;
  governor: string | null;
  curMHz: number | null;
  minMHz: number | null;
  maxMHz: number | null;
}

/** Which file controls boost/turbo and what "enabled" means for it. */
export type BoostControl =
  /** cpufreq/boost: 1 = boost allowed (acpi-cpufreq, amd-pstate). */
  | { kind: 'cpufreq-boost'; path: string }
  /** intel_pstate/no_turbo: 0 = turbo allowed (inverted). */
  | { kind: 'intel-no-turbo'; path: string }
  /** cpufreq/policyN/boost: per-policy switch (amd-pstate, Linux 6.11+). */
  | { kind: 'policy-boost'; path: string };

export interface FrequencyFacts {
  driver: string | null;
  /** The governor shared by every CPU, 'mixed' when they differ. */
  governor: string | null;
  perCpu: CpuFrequency[] | null;
  /** Mean current frequency, from cpufreq when present, else /proc/cpuinfo's "cpu MHz". */
  curMHz: number | null;
  curMHzSource: 'cpufreq' | 'cpuinfo' | null;
  boost: { enabled: boolean | null; controls: string[] };
}

const CPU = 'sys/devices/system/cpu';

function khzToMHz(root: string, rel: string): number | null {
  const r = readText(root, rel);
  const n = r.ok ? Number.parseInt(r.text, 10) : NaN;
  return Number.isFinite(n) ? n / 1000 : null;
}

export function readFrequencyFacts(
  root: string,
  notes: FactNotes,
  online: number[] | null,
  cpuinfoMHz: number | null,
): FrequencyFacts {
  const cpus = online ?? [0];
  const perCpu: CpuFrequency[] = [];
  for (const cpu of cpus) {
    const dir = `${CPU}/cpu${cpu}/cpufreq`;
    if (listDir(root, dir) === null) continue;
    const g = readText(root, `${dir}/scaling_governor`);
    perCpu.push({
      cpu,
      governor: g.ok ? g.text.trim() : null,
      curMHz: khzToMHz(root, `${dir}/scaling_cur_freq`),
      minMHz: khzToMHz(root, `${dir}/scaling_min_freq`),
      maxMHz: khzToMHz(root, `${dir}/scaling_max_freq`),
    });
  }
  const noCpufreq =
    `no ${'/' + CPU}/cpu*/cpufreq directory: no cpufreq driver (usual in a VM, ` + `where the host sets the frequency)`;
  const governors = [...new Set(perCpu.map((p) => p.governor).filter((g): g is string => g !== null))];
  const driver = perCpu.length
    ? notes.text(root, `${CPU}/cpu${perCpu[0]!.cpu}/cpufreq/scaling_driver`, 'frequency.driver')
    : notes.missing('frequency.driver', noCpufreq);
  const governor =
    governors.length === 1
      ? governors[0]!
      : governors.length > 1
        ? 'mixed'
        : notes.missing('frequency.governor', perCpu.length ? 'scaling_governor is not readable' : noCpufreq);
  if (!perCpu.length) notes.missing('frequency.perCpu', noCpufreq);

  const cur = perCpu.map((p) => p.curMHz).filter((x): x is number => x !== null);
  let curMHz: number | null;
  let curMHzSource: FrequencyFacts['curMHzSource'] = null;
  if (cur.length) {
    curMHz = cur.reduce((a, b) => a + b, 0) / cur.length;
    curMHzSource = 'cpufreq';
  } else if (cpuinfoMHz !== null) {
    curMHz = cpuinfoMHz;
    curMHzSource = 'cpuinfo';
  } else {
    const why = 'neither scaling_cur_freq nor "cpu MHz" in /proc/cpuinfo is readable';
    curMHz = notes.missing('frequency.curMHz', why);
    notes.missing('frequency.curMHzSource', why);
  }

  return {
    driver,
    governor,
    perCpu: perCpu.length ? perCpu : null,
    curMHz,
    curMHzSource,
    boost: readBoost(root, notes),
  };
}

/** Every boost/turbo control file present under ROOT, in the order the kernel documents them. */
export function findBoostControls(root: string): BoostControl[] {
  const out: BoostControl[] = [];
  if (readText(root, `${CPU}/cpufreq/boost`).ok) out.push({ kind: 'cpufreq-boost', path: `${CPU}/cpufreq/boost` });
  if (readText(root, `${CPU}/intel_pstate/no_turbo`).ok)
    out.push({ kind: 'intel-no-turbo', path: `${CPU}/intel_pstate/no_turbo` });
  for (const d of listDir(root, `${CPU}/cpufreq`) ?? []) {
    const path = `${CPU}/cpufreq/${d}/boost`;
    if (/^policy\d+$/.test(d) && readText(root, path).ok) out.push({ kind: 'policy-boost', path });
  }
  return out;
}

/** Whether a control's file content means "boost/turbo enabled". */
export function boostEnabled(kind: BoostControl['kind'], content: string): boolean {
  const v = content.trim();
  return kind === 'intel-no-turbo' ? v === '0' : v === '1';
}

function readBoost(root: string, notes: FactNotes): FrequencyFacts['boost'] {
  const controls = findBoostControls(root);
  const states = controls.map((c) => {
    const r = readText(root, c.path);
    return r.ok ? boostEnabled(c.kind, r.text) : false;
  });
  const enabled = controls.length
    ? states.some(Boolean)
    : notes.missing(
        'frequency.boost.enabled',
        `no boost/turbo control (/${CPU}/cpufreq/boost, /${CPU}/intel_pstate/no_turbo, policy*/boost)`,
      );
  return { enabled, controls: controls.map((c) => '/' + c.path) };
}
