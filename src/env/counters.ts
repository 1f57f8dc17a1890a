// Counter availability summary for `env`: hardware vs software, and ONE reason naming the
// likely cause when hardware events are missing ("No PMU"; docs/platform-notes.md P1/P2):
// no virtual PMU (ENOENT and friends), perf_event_paranoid (EACCES), seccomp (EPERM).

import {
  HARDWARE_EVENTS,
  SOFTWARE_EVENTS,
  type Capability,
  type CounterEventAvailability,
  type CounterEventName,
  type Platform,
} from '../platform/types.js';
import type { MachineFacts } from './facts.js';

/** Why hardware events are missing, for advice: who or what has to change. */
export type HardwareCause = 'platform' | 'seccomp' | 'paranoid' | 'no-pmu' | 'other';

export interface CounterSummary {
  hardware: { available: boolean; reason?: string; cause?: HardwareCause };
  software: { available: boolean; reason?: string };
  events: CounterEventAvailability[];
}

/** errno codes perf(1) and the man page associate with "this event does not exist here" (no PMU). */
const NO_PMU_CODES = new Set(['ENOENT', 'ENODEV', 'ENXIO', 'EOPNOTSUPP', 'EINVAL']);

/** Probes the platform's counters; never throws. Missing events are filled in as unavailable. */
export function summarizeCounters(platform: Platform, facts: MachineFacts): CounterSummary {
  let capability: Capability;
  let probed: CounterEventAvailability[] = [];
  try {
    capability = platform.counters.capability();
    if (capability.supported) probed = platform.counters.probe();
  } catch (e) {
    capability = { supported: false, reason: `counter probe failed: ${(e as Error).message}` };
  }
  const byName = new Map(probed.map((e) => [e.name, e]));
  const fill = (name: CounterEventName, kind: 'hardware' | 'software'): CounterEventAvailability =>
    byName.get(name) ?? {
      name,
      kind,
      available: false,
      reason: capability.supported
        ? 'not reported by the platform probe'
        : (capability.reason ?? 'counters unsupported'),
    };
  const events = [
    ...HARDWARE_EVENTS.map((n) => fill(n, 'hardware')),
    ...SOFTWARE_EVENTS.map((n) => fill(n, 'software')),
  ];
  for (const e of probed) if (!events.some((x) => x.name === e.name)) events.push(e);

  const hw = events.filter((e) => e.kind === 'hardware');
  const sw = events.filter((e) => e.kind === 'software');
  const hardware: CounterSummary['hardware'] = { available: hw.some((e) => e.available) };
  if (!hardware.available) Object.assign(hardware, hardwareReason(capability, hw, facts));
  const software: CounterSummary['software'] = { available: sw.some((e) => e.available) };
  if (!software.available) software.reason = softwareReason(capability, sw, facts);
  return { hardware, software, events };
}

function noPmuText(facts: MachineFacts): string {
  const where = facts.kernel.perf.hasCpuPmu === false ? ' (/sys/bus/event_source/devices has no "cpu" PMU)' : '';
  const vm = facts.virtualization.kind === 'vm' || facts.virtualization.kind === 'vm+container';
  return vm
    ? `no virtual PMU: this virtual machine exposes no hardware performance counters${where}`
    : `no hardware PMU is available to the kernel${where}`;
}

/** The single explanation printed for missing hardware events, and its cause. Exported for tests. */
export function hardwareReason(
  capability: Capability,
  hw: CounterEventAvailability[],
  facts: MachineFacts,
): { reason: string; cause: HardwareCause } {
  if (!capability.supported) {
    const base = `the platform cannot open counters (${capability.reason ?? 'unsupported'})`;
    return {
      cause: 'platform',
      reason: facts.kernel.perf.hasCpuPmu === false ? `${base}; besides, ${noPmuText(facts)}` : base,
    };
  }
  const codes = new Set(hw.map((e) => e.code).filter((c): c is string => !!c));
  const paranoid = facts.kernel.perf.paranoid;
  if (codes.has('EPERM') && facts.kernel.seccomp === 2) {
    return {
      cause: 'seccomp',
      reason:
        "perf_event_open refused (EPERM) by a seccomp filter: Docker's default profile " +
        'allows it only with CAP_PERFMON or CAP_SYS_ADMIN',
    };
  }
  if (codes.has('EACCES') || codes.has('EPERM')) {
    const reason =
      paranoid !== null && paranoid >= 3
        ? `perf_event_paranoid=${paranoid} forbids all unprivileged perf_event_open (Debian/Ubuntu kernel patch)`
        : `perf_event_open refused (${[...codes].join('/')}) with ` +
          `perf_event_paranoid=${paranoid ?? 'unknown'} for an unprivileged process`;
    return { cause: 'paranoid', reason };
  }
  if ([...codes].some((c) => NO_PMU_CODES.has(c)) || facts.kernel.perf.hasCpuPmu === false) {
    const errs = codes.size ? `hardware events fail with ${[...codes].join('/')}; ` : '';
    return { cause: 'no-pmu', reason: `${errs}${noPmuText(facts)}` };
  }
  return {
    cause: 'other',
    reason: hw.find((e) => e.reason)?.reason ?? 'the platform reported no usable hardware event',
  };
}

function softwareReason(capability: Capability, sw: CounterEventAvailability[], facts: MachineFacts): string {
  if (!capability.supported) return `the platform cannot open counters (${capability.reason ?? 'unsupported'})`;
  const codes = new Set(sw.map((e) => e.code).filter((c): c is string => !!c));
  if (codes.has('EPERM') && facts.kernel.seccomp === 2) return 'perf_event_open refused (EPERM) by a seccomp filter';
  if (codes.has('EACCES'))
    return `perf_event_open refused (EACCES) with perf_event_paranoid=${facts.kernel.perf.paranoid ?? 'unknown'}`;
  return sw.find((e) => e.reason)?.reason ?? 'the platform reported no usable software event';
}
