// Real perf_event_open syscalls with software events (they work on this PMU-less KVM guest).
// Directions only, never timings. Hardware events must not throw from probe()/open():
// they are either available (a PMU exists) or unavailable with a code and a reason.
import { describe, expect, it } from 'vitest';
import { loadAddon } from '../../src/platform/load.js';
import { toPlatformError } from '../../src/platform/errors.js';
import { NO_PMU_REASON, readingAt, scaleDelta } from '../../src/platform/counters-math.js';
import { createNativeCounters, type CountersAddon } from '../../src/platform/native-counters.js';
import { createJsCounters } from '../../src/platform/js-counters.js';
import type { CounterEventName } from '../../src/platform/types.js';

const loaded = loadAddon();
if (loaded.error !== undefined) throw new Error(`the addon must be built for these tests: ${loaded.error}`);
const addon = loaded.addon as unknown as CountersAddon;
const counters = createNativeCounters(addon);
const HARDWARE: CounterEventName[] = [
  'cycles',
  'instructions',
  'cache-references',
  'cache-misses',
  'branches',
  'branch-misses',
];

function busy(n: number): number {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x + i * 7) % 1000003;
  return x;
}

describe('native counters (software events, real syscalls)', () => {
  it('probe reports every event; software task-clock and page-faults open', () => {
    const events = counters.probe();
    expect(events.map((e) => e.name).sort()).toHaveLength(10);
    for (const name of ['task-clock', 'page-faults'] as const)
      expect(events.find((e) => e.name === name)?.available).toBe(true);
    expect(counters.capability().supported).toBe(true);
  });

  it('hardware events are available, or unavailable with a code and a reason (ENOENT here: no PMU)', () => {
    for (const e of counters.probe().filter((x) => x.kind === 'hardware')) {
      if (e.available) continue;
      expect(e.code).toMatch(/^E[A-Z]+$/);
      expect(e.errno).toBeGreaterThan(0);
      expect(e.reason).toBeTruthy();
      if (e.code === 'ENOENT') expect(e.reason).toBe(NO_PMU_REASON);
    }
    const missing = counters.probe().filter((x) => !x.available && x.kind === 'hardware');
    if (missing.length > 0) expect(counters.capability().reason).toContain('hardware counters unavailable');
  });

  it('task-clock of a busy loop is > 0 and increases; page-faults increase after touching new memory', () => {
    const set = counters.open(['task-clock', 'page-faults', ...HARDWARE]);
    const tc = set.active.indexOf('task-clock');
    const pf = set.active.indexOf('page-faults');
    expect(tc).toBeGreaterThanOrEqual(0);
    expect(pf).toBeGreaterThanOrEqual(0);
    const a = new Float64Array(3 * set.active.length);
    const b = new Float64Array(3 * set.active.length);
    set.enable();
    busy(2e6);
    set.read(a);
    expect(a[3 * tc]).toBeGreaterThan(0);
    busy(2e6);
    const mem = Buffer.allocUnsafeSlow(64 << 20).fill(1); // 16k fresh pages
    set.read(b);
    set.disable();
    const dTask = scaleDelta(readingAt(a, tc), readingAt(b, tc));
    const dFault = scaleDelta(readingAt(a, pf), readingAt(b, pf));
    expect(dTask.value).toBeGreaterThan(0);
    expect(dFault.value).toBeGreaterThan(0);
    expect(mem.length).toBe(64 << 20);
    set.close();
    set.close(); // idempotent
    expect(() => set.read(a)).toThrow(/closed/);
  });

  it('reset zeroes the counts but not the times (why scaling uses deltas, docs/platform-notes.md P3)', () => {
    const set = counters.open(['task-clock']);
    const before = new Float64Array(3);
    const after = new Float64Array(3);
    set.enable();
    busy(2e6);
    set.read(before);
    set.reset();
    set.read(after);
    set.close();
    expect(after[0]).toBeLessThan(before[0]);
    expect(after[1]).toBeGreaterThanOrEqual(before[1]); // time_enabled keeps accumulating
  });

  it('with exclude_kernel, context-switches and cpu-migrations carry the reads-0 caveat (P4)', () => {
    const set = counters.open(['context-switches', 'cpu-migrations'], { excludeKernel: true });
    expect(set.excludeKernel).toBe(true);
    for (const e of set.events) expect(e.reason).toMatch(/exclude_kernel/);
    set.close();
  });

  it('validates before crossing into C++', () => {
    expect(() => counters.open(['nope' as CounterEventName])).toThrow(/unknown counter event/);
    const set = counters.open(['task-clock']);
    expect(() => set.read(new Float64Array(2))).toThrow(RangeError);
    set.close();
  });
});

describe('native errno errors', () => {
  it('carry code, errno and syscall', () => {
    const cases: [() => unknown, string, string][] = [
      // software config 999 is past PERF_COUNT_SW_MAX: perf_swevent_init returns ENOENT
      [() => addon.perfOpen(1, 999, -1, {}), 'ENOENT', 'perf_event_open'],
      [() => addon.perfClose(-1), 'EBADF', 'close'],
      [() => addon.perfReadGroup(-1, new Float64Array(8)), 'EBADF', 'read(perf)'],
    ];
    for (const [fn, code, syscall] of cases) {
      let err: unknown;
      try {
        fn();
      } catch (e) {
        err = toPlatformError(e);
      }
      expect(err).toMatchObject({ code, syscall });
      expect((err as { errno: number }).errno).toBeGreaterThan(0);
    }
  });
});

describe('pure-JS counters', () => {
  it('are unsupported with the reason, and probe lists every event as unavailable', () => {
    const js = createJsCounters();
    expect(js.capability()).toMatchObject({ supported: false, reason: expect.stringContaining('native addon') });
    expect(js.probe().every((e) => !e.available && e.reason)).toBe(true);
    expect(() => js.open(['task-clock'])).toThrow(expect.objectContaining({ code: 'ENOTSUP' }));
  });
});
