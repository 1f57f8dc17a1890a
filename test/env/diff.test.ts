import { afterEach, describe, expect, it } from 'vitest';
import { diffEnvironment, LOAD_JUMP, settingsChanged } from '../../src/env/diff.js';
import { readMachineFacts } from '../../src/env/facts.js';
import { FAKE_NODE } from '../helpers/fake-platform.js';
import { bareMetal, kvmGuest, makeTree, removeTrees, type Tree } from './fixtures.js';

afterEach(removeTrees);

const facts = (t: Tree) => readMachineFacts({ root: makeTree(t), node: FAKE_NODE, uid: 0 });

describe('diffEnvironment', () => {
  it('reports nothing when nothing changed', () => {
    expect(diffEnvironment(facts(bareMetal()), facts(bareMetal()))).toEqual([]);
    expect(diffEnvironment(facts(kvmGuest()), facts(kvmGuest()))).toEqual([]);
  });

  it('reports governor, frequency, boost, clocksource, load and throttle changes with warnings', () => {
    const after: Tree = {
      ...bareMetal(),
      'sys/devices/system/cpu/cpu2/cpufreq/scaling_governor': 'performance\n',
      'sys/devices/system/cpu/cpufreq/boost': '0\n',
      'sys/devices/system/clocksource/clocksource0/current_clocksource': 'hpet\n',
      'proc/loadavg': '2.10 0.50 0.10 3/200 4242\n',
      'sys/devices/system/cpu/cpu3/thermal_throttle/core_throttle_count': '2\n',
    };
    for (let c = 0; c < 4; c++) after[`sys/devices/system/cpu/cpu${c}/cpufreq/scaling_cur_freq`] = '1200000\n';
    const changes = diffEnvironment(facts(bareMetal()), facts(after));
    expect(changes.map((c) => c.field)).toEqual([
      'frequency.perCpu.2.governor',
      'frequency.curMHz',
      'frequency.boost.enabled',
      'kernel.clocksource.current',
      'kernel.load.one',
      'thermal.total',
    ]);
    expect(changes[0]).toMatchObject({ before: 'powersave', after: 'performance' });
    expect(changes[0]!.warning).toMatch(/CPU 2 governor changed during the run \(powersave → performance\)/);
    expect(changes[1]).toMatchObject({ before: 3150, after: 1200 });
    expect(changes[3]!.warning).toMatch(/tsc → hpet/);
    expect(changes[4]).toMatchObject({ before: 0.1, after: 2.1 });
    expect(changes[5]).toMatchObject({
      before: 5,
      after: 7,
      warning: 'the CPU was thermally throttled 2 time(s) during the run',
    });
  });

  it('ignores a load rise the benchmark itself can cause (< LOAD_JUMP)', () => {
    const after = { ...kvmGuest(), 'proc/loadavg': `${(0.65 + LOAD_JUMP - 0.1).toFixed(2)} 0.30 0.12 1/200 4242\n` };
    expect(diffEnvironment(facts(kvmGuest()), facts(after))).toEqual([]);
  });

  it('reports a load rise as load, which does not make the run incomparable; a setting change does', () => {
    const after = { ...kvmGuest(), 'proc/loadavg': '8.40 0.30 0.12 1/200 4242\n' };
    const changes = diffEnvironment(facts(kvmGuest()), facts(after));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ field: 'kernel.load.one', load: true });
    expect(settingsChanged(changes)).toBe(false);
    expect(settingsChanged([...changes, { field: 'cpu.governor', before: 'a', after: 'b', warning: 'w' }])).toBe(true);
  });

  it('ignores a small cpuinfo frequency jitter on a VM', () => {
    const t = kvmGuest();
    const after = { ...t, 'proc/cpuinfo': t['proc/cpuinfo']!.replaceAll('2445.428', '2500.000') };
    expect(diffEnvironment(facts(t), facts(after))).toEqual([]);
  });
});
