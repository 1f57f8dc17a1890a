import { afterEach, describe, expect, it } from 'vitest';
import { adviceFor, type Advice, type Knob } from '../../src/env/advice.js';
import { boostOffCommand } from '../../src/env/advice-cpu.js';
import { collectEnvironment } from '../../src/env/environment.js';
import { fakePlatform, FAKE_NODE, probeWith, type FakeOptions } from '../helpers/fake-platform.js';
import { bareMetal, containerLike, kvmGuest, makeTree, removeTrees, type Tree } from './fixtures.js';

afterEach(removeTrees);

function advise(tree: Tree, fake: FakeOptions = {}, uid = 1000, node = FAKE_NODE): Map<Knob, Advice> {
  const env = collectEnvironment(fakePlatform(fake), { root: makeTree(tree), node, uid });
  return new Map(adviceFor(env).map((a) => [a.knob, a]));
}

const ALL_KNOBS: Knob[] = [
  'governor',
  'boost',
  'smt',
  'isolated-cpus',
  'thermal',
  'clocksource',
  'aslr',
  'counters',
  'memlock',
  'load',
  'virtualization',
  'node-flags',
];

describe('advice', () => {
  it('covers every knob with a state and a reason, and a fix whenever it warns', () => {
    for (const tree of [bareMetal(), kvmGuest(), containerLike()]) {
      const a = advise(tree);
      expect([...a.keys()]).toEqual(ALL_KNOBS);
      for (const x of a.values()) {
        expect(x.state.length).toBeGreaterThan(0);
        expect(x.why.length).toBeGreaterThan(0);
        if (x.status === 'warn') expect(x.fix).toBeTruthy();
        if (x.status === 'ok') expect(x.fix).toBeNull();
      }
    }
  });

  it('bare metal: exact commands for governor, boost, SMT; isolated CPUs and throttling noticed', () => {
    const a = advise(bareMetal(), { probe: probeWith(null) });
    expect(a.get('governor')).toMatchObject({ status: 'warn', state: 'powersave' });
    expect(a.get('governor')!.fix).toMatch(/^sudo cpupower frequency-set -g performance/);
    expect(a.get('boost')).toMatchObject({ status: 'warn' });
    expect(a.get('boost')!.fix).toMatch(/^echo 0 \| sudo tee \/sys\/devices\/system\/cpu\/cpufreq\/boost/);
    expect(a.get('smt')!.fix).toMatch(/^echo off \| sudo tee \/sys\/devices\/system\/cpu\/smt\/control/);
    expect(a.get('isolated-cpus')).toMatchObject({
      status: 'ok',
      state: 'isolated: 2-3 (cyclebench pins there by default)',
    });
    expect(a.get('thermal')).toMatchObject({ status: 'warn', state: 'throttled 5 time(s) since boot' });
    expect(a.get('counters')).toMatchObject({ status: 'ok', fix: null }); // CAP_PERFMON in the fixture's CapEff
    const t = bareMetal();
    const unprivileged = {
      ...t,
      'proc/self/status': t['proc/self/status']!.replace('000001ffffffffff', '0000000000000000'),
    };
    const u = advise(unprivileged, { probe: probeWith(null) });
    expect(u.get('counters')).toMatchObject({
      status: 'info',
      state: 'hardware counters available, user space only (perf_event_paranoid=2)',
    });
    expect(u.get('counters')!.fix).toMatch(/^sudo sysctl kernel.perf_event_paranoid=1/);
    expect(u.get('memlock')).toMatchObject({ status: 'info' });
    expect(u.get('memlock')!.fix).toMatch(/^sudo prlimit --memlock=unlimited:unlimited --pid \$\$/);
    expect(a.get('virtualization')!.status).toBe('ok');
    expect(a.get('memlock')!.status).toBe('ok'); // CAP_IPC_LOCK in the fixture's CapEff
    expect(a.get('load')!.status).toBe('ok');
  });

  it('boost-off commands per control file, including the inverted intel_pstate switch', () => {
    expect(boostOffCommand('/sys/devices/system/cpu/intel_pstate/no_turbo')).toBe(
      'echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo',
    );
    expect(boostOffCommand('/sys/devices/system/cpu/cpufreq/policy0/boost')).toBe(
      'echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/policy*/boost',
    );
  });

  it('KVM guest: governor, boost and PMU cannot be changed from inside the VM', () => {
    const a = advise(kvmGuest());
    expect(a.get('governor')).toMatchObject({ status: 'n/a' });
    expect(a.get('governor')!.fix).toMatch(/^cannot be changed from inside this VM/);
    expect(a.get('boost')!.fix).toMatch(/^cannot be changed from inside this VM/);
    expect(a.get('counters')!.status).toBe('warn');
    expect(a.get('counters')!.fix).toMatch(
      /^cannot be changed from inside this VM: the hypervisor must expose a virtual PMU/,
    );
    expect(a.get('isolated-cpus')!.fix).toMatch(/isolcpus=1 nohz_full=1 rcu_nocbs=1/);
    expect(a.get('virtualization')).toMatchObject({ status: 'warn', state: 'virtual machine (hypervisor bit set)' });
    expect(a.get('aslr')!.fix).toMatch(/cyclebench run --aslr off/);
    expect(a.get('smt')!.state).toMatch(/vCPUs may still be SMT siblings/);
  });

  it('container: paranoid, seccomp and memlock fixes are container-specific', () => {
    const a = advise(containerLike(), { probe: probeWith('EACCES', 13) });
    expect(a.get('counters')!.fix).toMatch(/^sudo sysctl kernel.perf_event_paranoid=2/);
    const s = advise(containerLike(), { probe: probeWith('EPERM', 1) });
    expect(s.get('counters')!.fix).toMatch(/^docker run --cap-add PERFMON/);
    expect(a.get('memlock')).toMatchObject({
      status: 'info',
      fix: 'docker run --cap-add IPC_LOCK --ulimit memlock=-1:-1',
    });
    expect(a.get('aslr')).toMatchObject({ status: 'info', state: 'off for this process (personality 00040000)' });
    expect(a.get('load')).toMatchObject({ status: 'warn' }); // 9.5 on 8 CPUs
    expect(a.get('isolated-cpus')!.status).toBe('n/a');
    expect(a.get('virtualization')).toMatchObject({ status: 'info', state: 'container (docker)' });
  });

  it('warns about JIT/GC flags in NODE_OPTIONS and names the fix', () => {
    const a = advise(kvmGuest(), {}, 0, { ...FAKE_NODE, nodeOptions: '--max-old-space-size=512' });
    expect(a.get('node-flags')).toMatchObject({
      status: 'warn',
      fix: 'unset NODE_OPTIONS (it passes --max-old-space-size=512 to every worker)',
    });
  });

  it('global ASLR off: restore command', () => {
    const a = advise({ ...bareMetal(), 'proc/sys/kernel/randomize_va_space': '0\n' });
    expect(a.get('aslr')!.fix).toMatch(/^sudo sysctl kernel.randomize_va_space=2/);
  });

  it('a non-tsc clocksource gets the switch command', () => {
    const a = advise({ ...bareMetal(), 'sys/devices/system/clocksource/clocksource0/current_clocksource': 'hpet\n' });
    expect(a.get('clocksource')).toMatchObject({
      status: 'warn',
      fix: 'echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource',
    });
  });
});
