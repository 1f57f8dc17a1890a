import { afterEach, describe, expect, it } from 'vitest';
import { readMachineFacts, type MachineFacts } from '../../src/env/facts.js';
import { parseCapEff, parseMemlock } from '../../src/env/sysctl.js';
import { formatCpuList, parseCpuList } from '../../src/env/read.js';
import { FAKE_NODE } from '../helpers/fake-platform.js';
import { bareMetal, containerLike, kvmGuest, makeTree, removeTrees } from './fixtures.js';

afterEach(removeTrees);

const read = (tree: Record<string, string>) => readMachineFacts({ root: makeTree(tree), node: FAKE_NODE, uid: 0 });

/** Every null leaf must be explained: its dotted path (or an ancestor's) is a key of `reasons`. */
function unexplainedNulls(f: MachineFacts): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (v === null) {
      const explained = Object.keys(f.reasons).some(
        (k) => path === k || path.startsWith(k + '.') || k.startsWith(path + '.'),
      );
      if (!explained) out.push(path);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    }
  };
  const { reasons: _r, ...rest } = f;
  walk(rest, '');
  return out;
}

describe('parsers', () => {
  it('parses kernel CPU lists and formats them back', () => {
    expect(parseCpuList('0-3,5,8-9\n')).toEqual([0, 1, 2, 3, 5, 8, 9]);
    expect(parseCpuList('\n')).toEqual([]);
    expect(parseCpuList('x')).toBeNull();
    expect(formatCpuList([5, 0, 1, 2, 9])).toBe('0-2,5,9');
  });
  it('parses RLIMIT_MEMLOCK and CapEff', () => {
    expect(parseMemlock('Max locked memory         unlimited            unlimited            bytes')).toEqual({
      soft: 'unlimited',
      hard: 'unlimited',
    });
    // Docker's default capability set lacks CAP_IPC_LOCK (bit 14), CAP_SYS_ADMIN (21) and CAP_PERFMON (38).
    expect(parseCapEff('00000000a80425fb')).toEqual({ ipcLock: false, perfmon: false, sysAdmin: false });
    expect(parseCapEff('000001ffffffffff')).toEqual({ ipcLock: true, perfmon: true, sysAdmin: true });
  });
});

describe('readMachineFacts on fixture trees', () => {
  it('bare metal: cpufreq, boost, SMT, isolated CPUs, throttle counts', () => {
    const f = read(bareMetal());
    expect(f.cpu).toMatchObject({
      model: 'Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz',
      vendor: 'GenuineIntel',
      logicalCores: 4,
      isolated: [2, 3],
    });
    expect(f.cpu.smt).toEqual({ active: true, control: 'on', threadsPerCore: 2 });
    expect(f.cpu.flags).toEqual({ constantTsc: true, nonstopTsc: true, tscKnownFreq: true, hypervisor: false });
    expect(f.frequency.governor).toBe('powersave');
    expect(f.frequency.driver).toBe('acpi-cpufreq');
    expect(f.frequency.perCpu?.map((p) => p.curMHz)).toEqual([3000, 3100, 3200, 3300]);
    expect(f.frequency.curMHz).toBe(3150);
    expect(f.frequency.curMHzSource).toBe('cpufreq');
    expect(f.frequency.boost).toEqual({ enabled: true, controls: ['/sys/devices/system/cpu/cpufreq/boost'] });
    expect(f.thermal.total).toBe(5);
    expect(f.thermal.throttleCounts?.['cpu1/core_throttle_count']).toBe(5);
    expect(f.kernel.perf).toMatchObject({ paranoid: 2, hasCpuPmu: true, nmiWatchdog: 1 });
    expect(f.virtualization).toMatchObject({ kind: 'none', hypervisorFlag: false, dmiVendor: 'Dell Inc.' });
    expect(f.aslr).toEqual({ current: 'on', randomizeVaSpace: 2, personality: '00000000', addrNoRandomize: false });
    expect(unexplainedNulls(f)).toEqual([]);
  });

  it('KVM guest: no cpufreq and no PMU are nulls with reasons, frequency from cpuinfo', () => {
    const f = read(kvmGuest());
    expect(f.cpu).toMatchObject({ model: 'AMD EPYC', logicalCores: 2, isolated: [] });
    expect(f.cpu.smt).toEqual({ active: false, control: 'notsupported', threadsPerCore: 1 });
    expect(f.frequency.governor).toBeNull();
    expect(f.reasons['frequency.governor']).toMatch(/no cpufreq driver/);
    expect(f.frequency.boost.enabled).toBeNull();
    expect(f.reasons['frequency.boost.enabled']).toMatch(/no boost\/turbo control/);
    expect(f.frequency).toMatchObject({ curMHz: 2445.428, curMHzSource: 'cpuinfo' });
    expect(f.kernel.perf.hasCpuPmu).toBe(false);
    expect(f.kernel.clocksource).toEqual({ current: 'tsc', available: ['tsc', 'hpet', 'acpi_pm'] });
    expect(f.virtualization).toMatchObject({ kind: 'vm', hypervisorFlag: true, hypervisor: null, container: null });
    expect(f.thermal.throttleCounts).toBeNull();
    expect(f.kernel.memory).toEqual({ totalKb: 16384000, memlock: { soft: 8388608, hard: 8388608 } });
    expect(f.kernel.load).toEqual({ one: 0.65, five: 0.3, fifteen: 0.12, runnable: 1, total: 200 });
    expect(unexplainedNulls(f)).toEqual([]);
  });

  it('container: paranoid 3, seccomp filter, ASLR off by personality, no isolated file', () => {
    const f = read(containerLike());
    expect(f.kernel.perf.paranoid).toBe(3);
    expect(f.kernel.seccomp).toBe(2);
    expect(f.kernel.capabilities).toEqual({ ipcLock: false, perfmon: false, sysAdmin: false });
    expect(f.aslr).toEqual({ current: 'off', randomizeVaSpace: 2, personality: '00040000', addrNoRandomize: true });
    expect(f.virtualization).toMatchObject({ kind: 'container', container: 'docker' });
    expect(f.cpu.isolated).toBeNull();
    expect(f.reasons['cpu.isolated']).toBe('/sys/devices/system/cpu/isolated is not present');
    expect(f.kernel.affinity).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(unexplainedNulls(f)).toEqual([]);
  });

  it('an empty root never throws: everything is null with a reason', () => {
    const f = read({ 'nothing/': '' });
    expect(f.cpu.model).toBeNull();
    expect(f.kernel.perf.paranoid).toBeNull();
    expect(f.aslr.current).toBe('on'); // unknown is reported as the kernel default, with reasons
    expect(f.reasons['aslr.randomizeVaSpace']).toMatch(/not present/);
    expect(unexplainedNulls(f)).toEqual([]);
  });

  it('randomize_va_space=0 means ASLR off for everyone', () => {
    const f = read({ ...bareMetal(), 'proc/sys/kernel/randomize_va_space': '0\n' });
    expect(f.aslr.current).toBe('off');
  });
});

describe('readMachineFacts on this machine (structure only)', () => {
  it('reads the real /proc and /sys with the right types', () => {
    const f = readMachineFacts();
    expect(typeof f.cpu.logicalCores).toBe('number');
    expect(f.cpu.model === null || typeof f.cpu.model === 'string').toBe(true);
    expect(Array.isArray(f.cpu.online)).toBe(true);
    expect(['on', 'off']).toContain(f.aslr.current);
    expect(f.kernel.perf.paranoid === null || Number.isInteger(f.kernel.perf.paranoid)).toBe(true);
    expect(f.kernel.load === null || typeof f.kernel.load.one === 'number').toBe(true);
    expect(f.frequency.governor === null || typeof f.frequency.governor === 'string').toBe(true);
    expect(f.node.version).toBe(process.version);
    expect(f.node.v8).toBe(process.versions.v8);
    expect(unexplainedNulls(f)).toEqual([]);
  });
});
