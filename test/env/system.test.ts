import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makeSystemCommand } from '../../src/cli/commands/system.js';
import { defaultStatePath, readControls, systemReset, systemShow, systemTune } from '../../src/env/system.js';
import { bareMetal, kvmGuest, makeTree, readAt, removeTrees, type Tree } from './fixtures.js';
import { captureIo } from '../helpers/io.js';

afterEach(removeTrees);

const STATE = '/var/lib/cyclebench/system-state.json';
const NOW = () => new Date('2025-01-02T03:04:05.000Z');
const CPU = 'sys/devices/system/cpu';

/** Bare metal plus an intel_pstate turbo switch and a mixed governor, so restore must be per file. */
function mixedMachine(): Tree {
  return {
    ...bareMetal(),
    [`${CPU}/cpu3/cpufreq/scaling_governor`]: 'schedutil\n',
    [`${CPU}/intel_pstate/no_turbo`]: '0\n',
  };
}

function snapshot(root: string, tree: Tree): Record<string, string> {
  return Object.fromEntries(
    Object.keys(tree)
      .filter((k) => !k.endsWith('/'))
      .map((k) => [k, readAt(root, k)]),
  );
}

describe('system tune / reset on a fixture sysfs', () => {
  it('tune sets performance and boost/turbo off; reset restores every file byte for byte', () => {
    const tree = mixedMachine();
    const root = makeTree(tree);
    const before = snapshot(root, tree);

    const tuned = systemTune({ root, statePath: STATE, uid: 0, now: NOW });
    expect(tuned.errors).toEqual([]);
    expect(tuned.exitCode).toBe(0);
    for (let c = 0; c < 4; c++) expect(readAt(root, `${CPU}/cpu${c}/cpufreq/scaling_governor`)).toBe('performance\n');
    expect(readAt(root, `${CPU}/cpufreq/boost`)).toBe('0\n');
    expect(readAt(root, `${CPU}/intel_pstate/no_turbo`)).toBe('1\n'); // inverted switch
    expect(tuned.lines).toContain('governor:cpu3: schedutil → performance');
    expect(tuned.lines).toContain('turbo:intel_pstate: 0 → 1');
    const saved = JSON.parse(readAt(root, STATE));
    expect(saved).toMatchObject({ version: 1, savedAt: '2025-01-02T03:04:05.000Z' });
    expect(saved.controls).toContainEqual({
      id: 'governor:cpu3',
      path: `${CPU}/cpu3/cpufreq/scaling_governor`,
      value: 'schedutil',
    });

    // A second tune must keep the original saved state, not the tuned values.
    const again = systemTune({ root, statePath: STATE, uid: 0, now: () => new Date(0) });
    expect(again.lines.some((l) => l.startsWith('keeping the state saved'))).toBe(true);
    expect(JSON.parse(readAt(root, STATE)).savedAt).toBe('2025-01-02T03:04:05.000Z');

    const reset = systemReset({ root, statePath: STATE, uid: 0 });
    expect(reset.errors).toEqual([]);
    expect(reset.exitCode).toBe(0);
    expect(snapshot(root, tree)).toEqual(before);
    expect(existsSync(join(root, STATE))).toBe(false);
    expect(systemReset({ root, statePath: STATE, uid: 0 }).lines).toEqual([
      `no saved state at ${STATE}: nothing to reset`,
    ]);
  });

  it('on a VM without cpufreq it says so per control, writes nothing and saves no state', () => {
    const tree = kvmGuest();
    const root = makeTree(tree);
    const before = snapshot(root, tree);
    const out = systemTune({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(0);
    expect(out.lines[0]).toMatch(/^governor: no cpufreq control .*; unchanged$/);
    expect(out.lines[1]).toMatch(/^boost\/turbo: no control .*; unchanged$/);
    expect(out.lines[2]).toBe('nothing to tune on this machine; nothing was changed and no state was saved');
    expect(existsSync(join(root, STATE))).toBe(false);
    expect(snapshot(root, tree)).toEqual(before);
    expect(readControls(root).controls).toEqual([]);
  });

  it('refuses tune and reset when not root, changing nothing', () => {
    const tree = bareMetal();
    const root = makeTree(tree);
    const before = snapshot(root, tree);
    for (const run of [systemTune, systemReset]) {
      const out = run({ root, statePath: STATE, uid: 1000 });
      expect(out.exitCode).toBe(2);
      expect(out.errors).toHaveLength(1);
      expect(out.errors[0]).toMatch(/must run as root/);
    }
    expect(snapshot(root, tree)).toEqual(before);
  });

  it('show needs no privilege and lists controls and saved state', () => {
    const root = makeTree(bareMetal());
    const out = systemShow({ root, statePath: STATE, uid: 1000 });
    expect(out.lines).toContain('governor:cpu0: powersave (tune sets performance)');
    expect(out.lines).toContain('boost:cpufreq: 1 (tune sets 0)');
    expect(out.lines.at(-1)).toBe(`saved state: none (${STATE})`);
  });

  it('skips a CPU whose driver offers no performance governor', () => {
    const root = makeTree({ ...bareMetal(), [`${CPU}/cpu0/cpufreq/scaling_available_governors`]: 'schedutil\n' });
    const { controls, absent } = readControls(root);
    expect(controls.some((c) => c.id === 'governor:cpu0')).toBe(false);
    expect(absent[0]).toMatch(/governor cpu0: the driver offers no "performance" governor/);
  });

  it('a corrupt state file is one error line and changes nothing', () => {
    const root = makeTree({ ...bareMetal(), [STATE.slice(1)]: '{not json' });
    const out = systemReset({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors).toHaveLength(1);
  });

  it('the default state file lives in a root-only directory, not /var/tmp or $XDG_STATE_HOME', () => {
    expect(defaultStatePath()).toBe(STATE);
  });
});

describe('system reset trusts only a state file root wrote, for controls tune knows', () => {
  const planted = (controls: unknown[]) =>
    JSON.stringify({ version: 1, savedAt: '2025-01-01T00:00:00.000Z', controls });

  function plant(text: string): { root: string; before: Record<string, string>; tree: Tree } {
    const tree = { ...bareMetal(), 'tmp/x': 'original\n', [STATE.slice(1)]: text };
    const root = makeTree(tree);
    return { root, tree, before: snapshot(root, tree) };
  }

  it('a planted path outside the CPU controls (tmp/x) is refused with one line and nothing is written', () => {
    const { root, tree, before } = plant(planted([{ id: 'governor:cpu0', path: 'tmp/x', value: 'owned' }]));
    const out = systemReset({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors).toEqual([
      `${STATE}: saved path "tmp/x" is not a CPU frequency control that tune sets; nothing was written`,
    ]);
    expect(snapshot(root, tree)).toEqual(before);
  });

  it('a ../ path that climbs out of the CPU directory is refused', () => {
    const path = `${CPU}/cpu0/cpufreq/../../../../../tmp/x`;
    const { root, tree, before } = plant(planted([{ id: 'governor:cpu0', path, value: 'owned' }]));
    const out = systemReset({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors[0]).toMatch(/is not a CPU frequency control that tune sets/);
    expect(snapshot(root, tree)).toEqual(before);
  });

  it('a known path with a forged value or a control this machine lacks is refused', () => {
    const gov = `${CPU}/cpu0/cpufreq/scaling_governor`;
    for (const c of [
      { id: 'governor:cpu0', path: gov, value: 'x\ny' },
      { id: 'governor:cpu9', path: `${CPU}/cpu9/cpufreq/scaling_governor`, value: 'powersave' },
      { id: 'boost:cpufreq', path: gov, value: '1' },
    ]) {
      const { root, tree, before } = plant(planted([c]));
      const out = systemReset({ root, statePath: STATE, uid: 0 });
      expect(out.exitCode).toBe(2);
      expect(out.errors).toHaveLength(1);
      expect(snapshot(root, tree)).toEqual(before);
    }
  });

  it('a state file writable by others is refused', () => {
    const gov = `${CPU}/cpu0/cpufreq/scaling_governor`;
    const { root, tree, before } = plant(planted([{ id: 'governor:cpu0', path: gov, value: 'powersave' }]));
    chmodSync(join(root, STATE), 0o666);
    const out = systemReset({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors).toEqual([`${STATE} is writable by group or others; refusing to use it`]);
    expect(snapshot(root, tree)).toEqual(before);
  });

  it('a state file that is a symbolic link is refused', () => {
    const { root, tree } = plant('{}');
    rmSync(join(root, STATE));
    symlinkSync(join(root, 'tmp/x'), join(root, STATE));
    const before = snapshot(root, tree);
    const out = systemReset({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors).toEqual([`${STATE} is a symbolic link; refusing to use it`]);
    expect(snapshot(root, tree)).toEqual(before);
  });

  it.runIf(process.geteuid?.() === 0)('a state file owned by another user is refused (needs root to chown)', () => {
    const gov = `${CPU}/cpu0/cpufreq/scaling_governor`;
    const { root, tree, before } = plant(planted([{ id: 'governor:cpu0', path: gov, value: 'powersave' }]));
    chownSync(join(root, STATE), 1000, 1000);
    const out = systemReset({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors).toEqual([`${STATE} is owned by uid 1000, not root; refusing to use it`]);
    expect(snapshot(root, tree)).toEqual(before);
  });

  it('tune refuses to write its state through a planted symlink', () => {
    const tree = { ...bareMetal(), 'tmp/x': 'original\n' };
    const root = makeTree(tree);
    mkdirSync(join(root, 'var/lib/cyclebench'), { recursive: true });
    symlinkSync(join(root, 'tmp/x'), join(root, STATE));
    const before = snapshot(root, tree);
    const out = systemTune({ root, statePath: STATE, uid: 0 });
    expect(out.exitCode).toBe(2);
    expect(out.errors[0]).toMatch(/symbolic link/);
    expect(snapshot(root, tree)).toEqual(before);
  });
});

describe('cyclebench system command', () => {
  it('tune then reset via the command, with --state-file', async () => {
    const tree = bareMetal();
    const root = makeTree(tree);
    const before = snapshot(root, tree);
    const cmd = makeSystemCommand({ root, uid: 0 });
    const io = captureIo();
    expect(await cmd(['tune', '--state-file', '/state.json'], io)).toBe(0);
    expect(existsSync(join(root, 'state.json'))).toBe(true);
    expect(await cmd(['reset', '--state-file', '/state.json'], io)).toBe(0);
    expect(snapshot(root, tree)).toEqual(before);
  });

  it('not root: one clear line on stderr, exit 2', async () => {
    const io = captureIo();
    expect(await makeSystemCommand({ root: makeTree(bareMetal()), uid: 1000 })(['tune'], io)).toBe(2);
    expect(io.err()).toBe(
      'cyclebench system tune: must run as root (it writes /sys); try: sudo cyclebench system tune\n',
    );
  });

  it('usage errors exit 2 with one line and where the help is', async () => {
    for (const args of [[], ['frobnicate'], ['show', '--bogus'], ['show', 'extra']]) {
      const io = captureIo();
      expect(await makeSystemCommand({ root: makeTree(kvmGuest()), uid: 0 })(args, io)).toBe(2);
      expect(io.err()).toMatch(/^cyclebench system: [^\n]+\nsee cyclebench system --help\n$/);
    }
  });
});
