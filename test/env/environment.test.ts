import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { collectEnvironment, type Environment } from '../../src/env/environment.js';
import { fakePlatform, FAKE_CLOCK, FAKE_NODE, probeWith, type FakeOptions } from '../helpers/fake-platform.js';
import { expectContract } from '../helpers/env-contract.js';
import { bareMetal, containerLike, kvmGuest, makeTree, removeTrees, type Tree } from './fixtures.js';

afterEach(removeTrees);

const NOW = () => new Date('2025-01-02T03:04:05.000Z');

function collect(tree: Tree, fake: FakeOptions = {}, uid = 1000): Environment {
  return collectEnvironment(fakePlatform(fake), { root: makeTree(tree), node: FAKE_NODE, uid, now: NOW });
}

describe('collectEnvironment with a fake platform', () => {
  it('KVM guest: hardware ENOENT → one no-virtual-PMU reason; software available', () => {
    const env = collect(kvmGuest());
    expectContract(env);
    expect(env.platform).toBe('native');
    expect(env).not.toHaveProperty('platformReason');
    expect(env.clock).toEqual(FAKE_CLOCK);
    expect(env.collectedAt).toBe('2025-01-02T03:04:05.000Z');
    expect(env.counters.hardware).toEqual({
      available: false,
      cause: 'no-pmu',
      reason:
        'hardware events fail with ENOENT; no virtual PMU: this virtual machine exposes no hardware performance counters (/sys/bus/event_source/devices has no "cpu" PMU)',
    });
    expect(env.counters.software).toEqual({ available: true });
    expect(env.perfEventParanoid).toBe(2);
    expect(env.affinity).toEqual({ cpus: [0, 1], source: 'platform' });
  });

  it('EACCES with paranoid 3 names perf_event_paranoid', () => {
    const env = collect(containerLike(), { probe: probeWith('EACCES', 13) });
    expect(env.counters.hardware.cause).toBe('paranoid');
    expect(env.counters.hardware.reason).toBe(
      'perf_event_paranoid=3 forbids all unprivileged perf_event_open (Debian/Ubuntu kernel patch)',
    );
  });

  it('EPERM under a seccomp filter names seccomp', () => {
    const env = collect(containerLike(), { probe: probeWith('EPERM', 1) });
    expect(env.counters.hardware.cause).toBe('seccomp');
    expect(env.counters.hardware.reason).toMatch(
      /seccomp filter: Docker's default profile allows it only with CAP_PERFMON/,
    );
  });

  it('hardware available on bare metal: no reason', () => {
    const env = collect(bareMetal(), { probe: probeWith(null) });
    expect(env.counters.hardware).toEqual({ available: true });
  });

  it('JS platform: platformReason, all events unavailable with the capability reason, /proc affinity', () => {
    const env = collect(kvmGuest(), {
      kind: 'js',
      fallbackReason: 'CYCLEBENCH_PLATFORM=js forces the pure-JS platform',
      countersSupported: false,
      affinity: 'throw',
    });
    expectContract(env);
    expect(env.platformReason).toBe('CYCLEBENCH_PLATFORM=js forces the pure-JS platform');
    expect(env.counters.events).toHaveLength(10);
    expect(env.counters.events.every((e) => !e.available && e.reason === 'needs the native addon')).toBe(true);
    expect(env.counters.hardware.cause).toBe('platform');
    expect(env.counters.hardware.reason).toMatch(
      /^the platform cannot open counters \(needs the native addon\); besides, no virtual PMU/,
    );
    expect(env.counters.software).toEqual({
      available: false,
      reason: 'the platform cannot open counters (needs the native addon)',
    });
    expect(env.affinity).toEqual({ cpus: [0, 1], source: 'proc' });
  });

  it('a clock that throws still yields a complete record', () => {
    const env = collect(kvmGuest(), { clock: 'throw' });
    expectContract(env);
    expect(env.clock.error).toBe('clock.info() failed: clock broke');
  });
});

const hasLoader = existsSync(new URL('../../src/platform/load.ts', import.meta.url));

describe.skipIf(!hasLoader)('collectEnvironment with the real platform (structure only)', () => {
  it('satisfies the contract on this machine', async () => {
    const { loadPlatform } = await import('../../src/platform/load.js');
    const env = collectEnvironment(loadPlatform());
    expectContract(env as unknown as Record<string, unknown>);
    expect(JSON.parse(JSON.stringify(env))).toEqual(env);
  });
});
