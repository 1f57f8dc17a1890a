// The environment record embedded in stat results.
// Smaller than run's collectEnvironment (src/env/environment.ts) on purpose: `stat` is
// started once per command line and its start-up is part of what users wait for, so it
// reads only what moves whole-command timings the most.

import { cpus, loadavg, release } from 'node:os';
import { readFileSync } from 'node:fs';
import { defaultExcludeKernel as mathDefaultExcludeKernel } from '../platform/counters-math.js';
import { readPerfPermission } from '../platform/native-counters.js';
import type { StatPlatform } from './types.js';

function readTrim(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

export function minimalEnvironment(platform: StatPlatform): Record<string, unknown> {
  const cpu = cpus();
  return {
    collector: 'minimal (src/stat/environment.ts)',
    platform: platform.kind,
    fallbackReason: platform.fallbackReason ?? null,
    node: process.version,
    v8: process.versions.v8,
    os: `${process.platform} ${release()}`,
    arch: process.arch,
    cpuModel: cpu[0]?.model ?? null,
    cpuCount: cpu.length,
    loadavg: loadavg(),
    perfEventParanoid: readTrim('/proc/sys/kernel/perf_event_paranoid'),
    randomizeVaSpace: readTrim('/proc/sys/kernel/randomize_va_space'),
    governor: readTrim('/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor'),
  };
}

/**
 * Whether counters opened on the child must exclude the kernel: unprivileged (no root,
 * CAP_PERFMON or CAP_SYS_ADMIN) and perf_event_paranoid >= 2 (docs/platform-notes.md P2).
 */
export function defaultExcludeKernel(): boolean {
  return mathDefaultExcludeKernel(readPerfPermission());
}
