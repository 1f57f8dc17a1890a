import { afterEach, describe, expect, it } from 'vitest';
import { makeEnvCommand } from '../../src/cli/commands/env.js';
import { expectContract } from '../helpers/env-contract.js';
import { fakePlatform, FAKE_NODE } from '../helpers/fake-platform.js';
import { kvmGuest, makeTree, removeTrees } from './fixtures.js';
import { captureIo } from '../helpers/io.js';

afterEach(removeTrees);

const SECTIONS = ['Platform & clock', 'Counters', 'Scheduling & memory', 'Layout', 'Machine', 'Advice'];
const HW_REASON =
  'hardware events fail with ENOENT; no virtual PMU: this virtual machine exposes no hardware performance counters (/sys/bus/event_source/devices has no "cpu" PMU)';

function fakeCommand() {
  return makeEnvCommand({
    platform: () => fakePlatform(),
    root: makeTree(kvmGuest()),
    node: FAKE_NODE,
    uid: 0,
    now: () => new Date(0),
  });
}

const count = (hay: string, needle: string) => hay.split(needle).length - 1;

describe('cyclebench env (fake platform, KVM-guest fixture)', () => {
  it('prints every section and the hardware-counter reason exactly once', async () => {
    const io = captureIo();
    expect(await fakeCommand()([], io)).toBe(0);
    const text = io.out();
    for (const s of SECTIONS) expect(text).toMatch(new RegExp(`^${s}`, 'm'));
    expect(count(text, HW_REASON)).toBe(1);
    expect(count(text, 'no virtual PMU:')).toBe(1);
    expect(text).toContain('  hardware             unavailable: ' + HW_REASON + '\n');
    expect(text).toContain(
      '  software             available: task-clock, page-faults, context-switches, cpu-migrations\n',
    );
    expect(text).toContain('  clock                tsc, 2596.10 MHz (calibration), ticks are cycles\n');
    expect(text).toContain('  governor             none (no cpufreq driver)\n');
    expect(text).toContain('  ASLR                 on\n');
    expect(text).toContain('  CPU                  AMD EPYC (2 logical cores)\n');
    expect(text).toContain(
      '  [WARN] counters: hardware counters unavailable (reason under Counters); perf_event_paranoid=2\n',
    );
    expect(io.err()).toBe('');
  });

  it('--json prints exactly one JSON object with every contract key and the advice', async () => {
    const io = captureIo();
    expect(await fakeCommand()(['--json'], io)).toBe(0);
    const obj = JSON.parse(io.out());
    expectContract(obj);
    expect(obj.counters.hardware.reason).toBe(HW_REASON);
    expect(obj.collectedAt).toBe('1970-01-01T00:00:00.000Z');
    expect(obj.advice.map((a: { knob: string }) => a.knob)).toContain('governor');
    expect(obj.cpu).toMatchObject({ model: 'AMD EPYC', logicalCores: 2 });
    expect(obj.node).toEqual(FAKE_NODE);
  });

  it('an unknown option is one line plus where the help is, exit 2', async () => {
    const io = captureIo();
    expect(await fakeCommand()(['--bogus'], io)).toBe(2);
    expect(io.err()).toBe("cyclebench env: Unknown option '--bogus'\nsee cyclebench env --help\n");
    expect(io.out()).toBe('');
  });

  it('a positional argument is refused too', async () => {
    const io = captureIo();
    expect(await fakeCommand()(['extra'], io)).toBe(2);
  });
});

describe('cyclebench env (real platform, structure only)', () => {
  it('--json satisfies the contract on this machine', async () => {
    const io = captureIo();
    expect(await makeEnvCommand()(['--json'], io)).toBe(0);
    expectContract(JSON.parse(io.out()));
  });

  it('text output names the hardware reason at most once', async () => {
    const io = captureIo();
    expect(await makeEnvCommand()([], io)).toBe(0);
    const obj = await (async () => {
      const j = captureIo();
      await makeEnvCommand()(['--json'], j);
      return JSON.parse(j.out());
    })();
    for (const s of SECTIONS) expect(io.out()).toMatch(new RegExp(`^${s}`, 'm'));
    if (!obj.counters.hardware.available) expect(count(io.out(), obj.counters.hardware.reason)).toBe(1);
  });
});
