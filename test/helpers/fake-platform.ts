// A fake Platform for exact env output: a fixed TSC clock and a scripted counter probe.
// Only what collectEnvironment touches is real; everything else throws ENOTSUP.

import type { NodeFacts } from '../../src/env/facts.js';
import { unsupportedSimulation } from '../../src/platform/native-simulation.js';
import type { ClockInfo, CounterEventAvailability, Platform } from '../../src/platform/types.js';

export const FAKE_CLOCK: ClockInfo = {
  source: 'tsc',
  hz: 2_596_100_000,
  hzSource: 'calibration',
  reportedHz: null,
  calibratedHz: 2_596_100_000,
  calibrationNs: 100_000_000,
  invariant: true,
  clocksource: 'tsc',
  hypervisor: true,
  ticksAreCycles: true,
  resolutionTicks: 26,
  reportsCpu: true,
};

const HW = ['cycles', 'instructions', 'cache-references', 'cache-misses', 'branches', 'branch-misses'] as const;
const SW = ['task-clock', 'page-faults', 'context-switches', 'cpu-migrations'] as const;

/** Probe results with every hardware event failing with `code` (or available when code is null). */
export function probeWith(code: string | null, errno = 2): CounterEventAvailability[] {
  return [
    ...HW.map((name): CounterEventAvailability =>
      code === null
        ? { name, kind: 'hardware', available: true }
        : { name, kind: 'hardware', available: false, code, errno, reason: `perf_event_open failed: ${code}` },
    ),
    ...SW.map((name): CounterEventAvailability => ({ name, kind: 'software', available: true })),
  ];
}

export interface FakeOptions {
  kind?: 'native' | 'js';
  fallbackReason?: string;
  probe?: CounterEventAvailability[];
  countersSupported?: boolean;
  affinity?: number[] | 'throw';
  clock?: ClockInfo | 'throw';
}

export function fakePlatform(o: FakeOptions = {}): Platform {
  const nope = (): never => {
    throw Object.assign(new Error('not in the fake'), { code: 'ENOTSUP' });
  };
  const supported = o.countersSupported ?? true;
  return {
    kind: o.kind ?? 'native',
    ...(o.fallbackReason ? { fallbackReason: o.fallbackReason } : {}),
    clock: {
      info: () => {
        if (o.clock === 'throw') throw new Error('clock broke');
        return o.clock ?? FAKE_CLOCK;
      },
      bind: nope,
      start: nope,
      end: nope,
      now: () => 0,
    },
    counters: {
      capability: () => (supported ? { supported: true } : { supported: false, reason: 'needs the native addon' }),
      probe: () => (supported ? (o.probe ?? probeWith('ENOENT')) : nope()),
      open: nope,
    },
    sched: {
      capability: () => ({ supported: true }),
      getAffinity: () => {
        if (o.affinity === 'throw') throw new Error('no sched');
        return o.affinity ?? [0, 1];
      },
      setAffinity: nope,
      currentCpu: () => -1,
      threadId: () => 1,
      threadRusage: nope,
      setFifo: nope,
      policy: () => 'unknown',
    },
    memory: {
      capability: () => ({ supported: false, reason: 'fake' }),
      lockAll: nope,
      unlockAll: nope,
      locked: () => false,
    },
    layout: {
      capability: () => ({ supported: false, reason: 'fake' }),
      getPersonality: () => 0,
      setPersonality: nope,
      ADDR_NO_RANDOMIZE: 0x0040000,
    },
    child: { capability: () => ({ supported: false, reason: 'fake' }), run: nope, kill: nope },
    simulation: unsupportedSimulation('fake'),
  };
}

export const FAKE_NODE: NodeFacts = { version: 'v20.20.2', v8: '11.3.244.8-node.38', execArgv: [], nodeOptions: null };
