// Known-answer tests for the counter arithmetic. Every expected value is computed by hand
// in the comment next to it, from the formulas in perf_event_open(2) and perf's
// perf_counts_values__scale (est = value · enabled / running).
import { describe, expect, it } from 'vitest';
import {
  NO_PMU_REASON,
  calibrateOverhead,
  defaultExcludeKernel,
  deriveMetrics,
  EVENT_TABLE,
  groupEvents,
  isPerfPrivileged,
  openErrorReason,
  parseGroupReading,
  percentRunning,
  perOperation,
  ratio,
  scaleDelta,
  scaleReading,
  scatterGroupReading,
  subtractOverhead,
} from '../../src/platform/counters-math.js';
import { execCandidates } from '../../src/platform/native-child.js';
import { COUNTER_EVENTS, HARDWARE_EVENTS, SOFTWARE_EVENTS } from '../../src/platform/types.js';

describe('the counter event list', () => {
  it('names every event of the perf table once, hardware first, in the table order', () => {
    expect([...COUNTER_EVENTS]).toEqual(Object.keys(EVENT_TABLE));
    expect(HARDWARE_EVENTS.every((e) => EVENT_TABLE[e].kind === 'hardware')).toBe(true);
    expect(SOFTWARE_EVENTS.every((e) => EVENT_TABLE[e].kind === 'software')).toBe(true);
    expect(new Set(COUNTER_EVENTS).size).toBe(COUNTER_EVENTS.length);
  });
});

describe('multiplex scaling by deltas (docs/platform-notes.md P3)', () => {
  it('scales the count delta by the delta of enabled over running', () => {
    // Δraw = 4000-1000 = 3000, Δenabled = 3e6-1e6 = 2e6, Δrunning = 1.5e6-0.5e6 = 1e6
    // → 3000 · 2e6 / 1e6 = 6000, running 50 %.
    const c = scaleDelta({ value: 1000, enabled: 1e6, running: 5e5 }, { value: 4000, enabled: 3e6, running: 1.5e6 });
    expect(c).toEqual({ value: 6000, raw: 3000, fractionRunning: 0.5 });
    expect(percentRunning(c)).toBe(50);
  });

  it('uses deltas after PERF_EVENT_IOC_RESET (counts reset, times do not)', () => {
    // After a reset the value restarts at 0 while enabled/running keep accumulating:
    // Δraw = 500, Δenabled = 1e6, Δrunning = 0.25e6 → 500 · 4 = 2000 (25 % running).
    // Scaling by the totals instead would give 500 · 2e6 / 1.25e6 = 800: wrong by 2.5×.
    const c = scaleDelta({ value: 0, enabled: 1e6, running: 1e6 }, { value: 500, enabled: 2e6, running: 1.25e6 });
    expect(c.value).toBe(2000);
    expect(percentRunning(c)).toBe(25);
  });

  it('reports running == 0 as not counted (null), never 0', () => {
    const c = scaleDelta({ value: 0, enabled: 0, running: 0 }, { value: 0, enabled: 5e5, running: 0 });
    expect(c.value).toBeNull();
    expect(percentRunning(c)).toBe(0);
    expect(scaleReading({ value: 0, enabled: 0, running: 0 })).toEqual({ value: null, raw: 0, fractionRunning: null });
  });

  it('leaves a fully running count unscaled', () => {
    // enabled == running → value = raw = 123 exactly (no floating-point round trip).
    expect(scaleReading({ value: 123, enabled: 777, running: 777 })).toEqual({
      value: 123,
      raw: 123,
      fractionRunning: 1,
    });
  });
});

describe('raw group layout', () => {
  // [nr=2, enabled=100, running=50, value0=11, id0=7, value1=22, id1=9]
  const raw = [2, 100, 50, 11, 7, 22, 9];

  it('parses by id', () => {
    const m = parseGroupReading(raw);
    expect(m.get(7)).toEqual({ value: 11, enabled: 100, running: 50 });
    expect(m.get(9)).toEqual({ value: 22, enabled: 100, running: 50 });
  });

  it('scatters triples into slots by id, ignoring unknown ids', () => {
    const out = new Float64Array(6).fill(-1);
    const placed = scatterGroupReading(
      raw,
      raw.length,
      new Map([
        [9, 0],
        [7, 1],
        [42, 2],
      ]),
      out,
    );
    expect(placed).toBe(2);
    expect(Array.from(out)).toEqual([22, 100, 50, 11, 100, 50]);
  });

  it('refuses a truncated read', () => {
    expect(() => parseGroupReading(raw, 5)).toThrow(RangeError);
    expect(scatterGroupReading(raw, 2, new Map([[7, 0]]), new Float64Array(3))).toBe(0);
  });
});

describe('overhead and per-operation', () => {
  it('calibrates the overhead as the minimum of N, ignoring not-counted samples', () => {
    expect(calibrateOverhead([5, 3, null, 4])).toBe(3);
    expect(calibrateOverhead([null])).toBe(0);
    expect(calibrateOverhead([])).toBe(0);
  });

  it('subtracts it, clamped at 0', () => {
    expect(subtractOverhead(10, 3)).toBe(7);
    expect(subtractOverhead(2, 3)).toBe(0);
    expect(subtractOverhead(null, 3)).toBeNull();
  });

  it('normalises per operation and refuses 0 operations (docs/platform-notes.md P27)', () => {
    expect(perOperation(1000, 4)).toBe(250);
    expect(perOperation(1000, 0)).toBeNull();
    expect(perOperation(null, 4)).toBeNull();
  });
});

describe('derived metrics', () => {
  it('computes IPC, miss rates and GHz from known counts', () => {
    // 3e9 instructions / 2e9 cycles = 1.5 IPC; 2e9 cycles / 1e9 ns = 2 GHz;
    // 50 / 1000 cache = 0.05; 5 / 200 branches = 0.025.
    const m = deriveMetrics({
      cycles: 2e9,
      instructions: 3e9,
      'task-clock': 1e9,
      'cache-references': 1000,
      'cache-misses': 50,
      branches: 200,
      'branch-misses': 5,
    });
    expect(m).toEqual({ ipc: 1.5, cacheMissRate: 0.05, branchMissRate: 0.025, ghz: 2 });
  });

  it('returns null when an input is missing, not counted or zero', () => {
    const m = deriveMetrics({ 'task-clock': 1e9, instructions: null, cycles: 10 });
    expect(m).toEqual({ ipc: null, cacheMissRate: null, branchMissRate: null, ghz: 1e-8 });
    expect(ratio(1, 0)).toBeNull();
  });
});

describe('permissions and reasons', () => {
  it('decides privilege from euid and CapEff', () => {
    expect(isPerfPrivileged(0, null)).toBe(true);
    expect(isPerfPrivileged(1000, '0000000000000000')).toBe(false);
    expect(isPerfPrivileged(1000, '0000004000000000')).toBe(true); // bit 38 CAP_PERFMON
    expect(isPerfPrivileged(1000, '0000000000200000')).toBe(true); // bit 21 CAP_SYS_ADMIN
    expect(isPerfPrivileged(1000, '0000000000100000')).toBe(false); // bit 20 CAP_SYS_PACCT
  });

  it('excludes the kernel when unprivileged at paranoid >= 2 or unknown', () => {
    expect(defaultExcludeKernel({ paranoid: 2, privileged: false })).toBe(true);
    expect(defaultExcludeKernel({ paranoid: 2, privileged: true })).toBe(false);
    expect(defaultExcludeKernel({ paranoid: 1, privileged: false })).toBe(false);
    expect(defaultExcludeKernel({ paranoid: null, privileged: false })).toBe(true);
  });

  it('names the cause of each open errno', () => {
    const p = { paranoid: 2, privileged: false };
    for (const code of ['ENOENT', 'ENODEV', 'ENXIO', 'EOPNOTSUPP'])
      expect(openErrorReason(code, 'hardware', p)).toBe(NO_PMU_REASON);
    expect(openErrorReason('ENOENT', 'software', p)).not.toBe(NO_PMU_REASON);
    expect(openErrorReason('EACCES', 'hardware', p)).toMatch(/perf_event_paranoid=2.*CAP_PERFMON/);
    expect(openErrorReason('EPERM', 'software', { paranoid: 3, privileged: false })).toMatch(
      /seccomp.*Docker.*paranoid=3/,
    );
    expect(openErrorReason('EMFILE', 'software', p)).toMatch(/file descriptors/);
    expect(openErrorReason('EINVAL', 'hardware', p)).toMatch(/group too large/);
    expect(openErrorReason('EBUSY', 'hardware', p)).toMatch(/exclusive/);
  });
});

describe('grouping and exec search', () => {
  it('splits requested events along the fixed groups', () => {
    expect(groupEvents(['page-faults', 'cycles', 'task-clock'])).toEqual([['cycles'], ['task-clock', 'page-faults']]);
  });

  it('builds execvp candidates from PATH', () => {
    expect(execCandidates('ls', '/a:/b/:')).toEqual(['/a/ls', '/b/ls', './ls']);
    expect(execCandidates('./x', '/a')).toEqual(['./x']);
  });
});
