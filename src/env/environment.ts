// The environment record: what `cyclebench env --json` prints and what every result file
// stores under `environment` . Platform capabilities
// (clock, counters, affinity) plus the machine facts. Never throws.

import { hrtimeClockInfo } from '../platform/hrtime-info.js';
import type { ClockInfo, Platform, PlatformKind } from '../platform/types.js';
import { summarizeCounters, type CounterSummary } from './counters.js';
import { readMachineFacts, type FactOptions, type MachineFacts } from './facts.js';

export const ENVIRONMENT_SCHEMA_VERSION = 1;

export interface Environment extends Omit<MachineFacts, 'reasons'> {
  schemaVersion: number;
  collectedAt: string;
  platform: PlatformKind;
  /** Why the native platform is not in use; present when platform is "js". */
  platformReason?: string;
  clock: ClockInfo & { error?: string };
  counters: CounterSummary;
  /** Allowed CPUs of the calling thread. */
  affinity: { cpus: number[] | null; source: 'platform' | 'proc' | null; reason?: string };
  perfEventParanoid: number | null;
  /** Dotted path → why that field is null. */
  reasons: Record<string, string>;
}

export interface EnvironmentOptions extends FactOptions {
  /** Injected for tests; defaults to the wall clock. */
  now?: () => Date;
}

/** A ClockInfo for a platform whose clock.info() threw: the record must still be complete. */
function clockFallback(error: string): Environment['clock'] {
  return { ...hrtimeClockInfo(null, 1), error };
}

function readAffinity(platform: Platform, facts: MachineFacts): Environment['affinity'] {
  try {
    // The JS platform reads /proc itself even though it reports sched as unsupported.
    const cpus = platform.sched.getAffinity(0);
    if (Array.isArray(cpus) && cpus.length) return { cpus: [...cpus], source: 'platform' };
  } catch {
    // fall through to /proc/self/status
  }
  if (facts.kernel.affinity) return { cpus: facts.kernel.affinity, source: 'proc' };
  return { cpus: null, source: null, reason: facts.reasons['kernel.affinity'] ?? 'affinity unknown' };
}

export function collectEnvironment(platform: Platform, options: EnvironmentOptions = {}): Environment {
  const facts = readMachineFacts(options);
  let clock: Environment['clock'];
  try {
    clock = { ...platform.clock.info() };
  } catch (e) {
    clock = clockFallback(`clock.info() failed: ${(e as Error).message}`);
  }
  const { reasons, ...machine } = facts;
  const env: Environment = {
    schemaVersion: ENVIRONMENT_SCHEMA_VERSION,
    collectedAt: (options.now ?? (() => new Date()))().toISOString(),
    platform: platform.kind,
    ...(platform.kind === 'js' || platform.fallbackReason
      ? { platformReason: platform.fallbackReason ?? 'pure-JS platform' }
      : {}),
    clock,
    counters: summarizeCounters(platform, facts),
    affinity: readAffinity(platform, facts),
    perfEventParanoid: facts.kernel.perf.paranoid,
    ...machine,
    reasons: { ...reasons },
  };
  if (env.perfEventParanoid === null) env.reasons.perfEventParanoid = reasons['kernel.perf.paranoid'] ?? 'unknown';
  return env;
}
