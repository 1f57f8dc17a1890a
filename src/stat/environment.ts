// The environment record embedded in stat results.
// TODO(env): use collectEnvironment(platform) from src/env/environment.ts once it lands;
// until then a minimal record of what moves whole-command timings the most.

import { cpus, loadavg, release } from 'node:os';
import { readFileSync } from 'node:fs';
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
 * Whether counters opened for an unprivileged user must exclude the kernel:
 * perf_event_paranoid >= 2 and not root (NATIVE-NOTES P2). CAP_PERFMON is not checked;
 * a process holding it without being root gets the conservative answer.
 */
export function defaultExcludeKernel(): boolean {
  const paranoid = Number(readTrim('/proc/sys/kernel/perf_event_paranoid') ?? '2');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return !root && paranoid >= 2;
}
