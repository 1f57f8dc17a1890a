import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { idlestCpu, loadBetween, parseProcStat } from '../../src/env/cpu-load.js';

const stat = (rows: number[][]) =>
  ['cpu  1 2 3 4 5 6 7 8 0 0', ...rows.map((r, i) => `cpu${i} ${r.join(' ')} 0 0`), 'intr 12 3', 'ctxt 99'].join('\n');

describe('per-CPU load from /proc/stat', () => {
  // user nice system idle iowait irq softirq steal
  const before = parseProcStat(
    stat([
      [100, 0, 10, 1000, 5, 0, 1, 0],
      [100, 0, 10, 1000, 5, 0, 1, 0],
    ]),
  );
  // CPU 0: 20 ticks, all busy (a hog); CPU 1: 20 ticks, 18 idle, 1 iowait, 1 stolen
  const after = parseProcStat(
    stat([
      [118, 0, 12, 1000, 5, 0, 1, 0],
      [100, 0, 10, 1018, 6, 0, 1, 1],
    ]),
  );

  it('parses the per-CPU lines only, idle including iowait', () => {
    expect([...before.keys()]).toEqual([0, 1]);
    expect(before.get(0)).toEqual({ idle: 1005, steal: 0, total: 1116 });
  });

  it('turns two readings into idle and steal shares', () => {
    expect(loadBetween(before, after, [0, 1])).toEqual([
      { cpu: 0, idle: 0, steal: 0 },
      { cpu: 1, idle: 19 / 20, steal: 1 / 20 },
    ]);
  });

  it('keeps to the allowed CPUs', () => {
    expect(loadBetween(before, after, [0]).map((l) => l.cpu)).toEqual([0]);
    expect(loadBetween(before, after, [7])).toEqual([]);
  });

  it('chooses the idlest, then the least stolen, then the highest', () => {
    expect(idlestCpu(loadBetween(before, after, [0, 1]))?.cpu).toBe(1);
    expect(
      idlestCpu([
        { cpu: 0, idle: 0.5, steal: 0.1 },
        { cpu: 1, idle: 0.5, steal: 0.2 },
      ])?.cpu,
    ).toBe(0);
    expect(
      idlestCpu([
        { cpu: 0, idle: 0.5, steal: 0 },
        { cpu: 3, idle: 0.5, steal: 0 },
      ])?.cpu,
    ).toBe(3);
    expect(idlestCpu([])).toBeNull();
  });

  it.skipIf(process.platform !== 'linux')("reads this machine's /proc/stat", () => {
    const cpus = parseProcStat(readFileSync('/proc/stat', 'utf8'));
    expect(cpus.size).toBeGreaterThan(0);
    for (const t of cpus.values()) expect(t.total).toBeGreaterThanOrEqual(t.idle);
  });
});
