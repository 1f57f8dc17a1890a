// The metric catalogue of `cyclebench stat` and the extraction of one run's values from
// a raw ChildRunResult. Counter values are scaled for multiplexing by counters-math
// (value · enabled / running; running == 0 means "not counted", never zero: docs/platform-notes.md P3).

import { scaleReading } from '../platform/counters-math.js';
import type { ChildRunResult, CounterEventName } from '../platform/types.js';
import type { MetricName } from './types.js';

export interface MetricDef {
  name: MetricName;
  unit: string;
  /** Counter event behind the metric, if any. */
  event?: CounterEventName;
}

/** Display order follows perf stat: software counters, hardware counters, then times. */
export const METRICS: readonly MetricDef[] = [
  { name: 'task-clock', unit: 'ms', event: 'task-clock' },
  { name: 'context-switches', unit: 'count', event: 'context-switches' },
  { name: 'cpu-migrations', unit: 'count', event: 'cpu-migrations' },
  { name: 'page-faults', unit: 'count', event: 'page-faults' },
  { name: 'cycles', unit: 'count', event: 'cycles' },
  { name: 'instructions', unit: 'count', event: 'instructions' },
  { name: 'branches', unit: 'count', event: 'branches' },
  { name: 'branch-misses', unit: 'count', event: 'branch-misses' },
  { name: 'cache-references', unit: 'count', event: 'cache-references' },
  { name: 'cache-misses', unit: 'count', event: 'cache-misses' },
  { name: 'wall-time', unit: 'ms' },
  { name: 'user-time', unit: 'ms' },
  { name: 'system-time', unit: 'ms' },
  { name: 'max-rss', unit: 'KiB' },
];

export const ALL_EVENTS: readonly CounterEventName[] = METRICS.flatMap((m) => (m.event ? [m.event] : []));

export function isEventName(s: string): s is CounterEventName {
  return (ALL_EVENTS as readonly string[]).includes(s);
}

export interface RunValues {
  values: Partial<Record<MetricName, number | null>>;
  running: Partial<Record<CounterEventName, number>>;
  /** Voluntary + involuntary context switches from wait4, used when the counter cannot see them. */
  rusageSwitches: number | null;
}

const NS_PER_MS = 1e6;

/** One run's metric values from the raw runner result (no statistics here). */
export function extractRun(
  r: ChildRunResult,
  excludeKernel: boolean,
  requested: readonly CounterEventName[],
): RunValues {
  const values: Partial<Record<MetricName, number | null>> = {};
  const running: Partial<Record<CounterEventName, number>> = {};
  values['wall-time'] = r.wallNs / NS_PER_MS;
  const ru = r.rusage;
  values['user-time'] = ru ? ru.userNs / NS_PER_MS : null;
  values['system-time'] = ru ? ru.systemNs / NS_PER_MS : null;
  values['max-rss'] = ru ? ru.maxRssKb : null;
  const { active, raw } = r.counters;
  active.forEach((ev, i) => {
    const c = scaleReading({ value: raw[3 * i], enabled: raw[3 * i + 1], running: raw[3 * i + 2] });
    values[ev] = c.value === null ? null : ev === 'task-clock' ? c.value / NS_PER_MS : c.value;
    if (c.fractionRunning !== null && c.fractionRunning < 1) running[ev] = c.fractionRunning;
  });
  const rusageSwitches = ru ? ru.voluntarySwitches + ru.involuntarySwitches : null;
  // With exclude_kernel the scheduler's software events read 0 (docs/platform-notes.md P4): take
  // context switches from the child's own rusage instead, and drop the migration count.
  // The same fallback serves a platform that could not open the counter at all.
  if (requested.includes('context-switches') && (excludeKernel || !active.includes('context-switches'))) {
    values['context-switches'] = rusageSwitches;
    delete running['context-switches']; // wait4 is never multiplexed
  }
  if (excludeKernel && active.includes('cpu-migrations')) values['cpu-migrations'] = null;
  return { values, running, rusageSwitches };
}
