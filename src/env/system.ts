// `cyclebench system show|tune|reset` (as pyperf's `system tune`): tune sets the
// performance governor on every CPU and turns boost/turbo off, after saving the previous
// values; reset writes exactly those values back. Every path (sysfs and the state file)
// is resolved under ROOT so tests run against a fixture tree. Root only; where a control
// does not exist (a VM without cpufreq) it says so and changes nothing. What reset trusts
// in the state file is decided in system-state.ts.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findBoostControls } from './frequency.js';
import { describeError, listDir, parseCpuList, readText } from './read.js';
import {
  checkSavedControls,
  DEFAULT_STATE_PATH,
  readState,
  type SavedState,
  STATE_VERSION,
  type StateRead,
  type SystemControl,
  writeState,
} from './system-state.js';

const CPU = 'sys/devices/system/cpu';
export { STATE_VERSION };
export type { SystemControl };

export interface SystemOptions {
  root?: string;
  /** State file path as seen on the target (resolved under ROOT). Default: defaultStatePath(). */
  statePath?: string;
  uid?: number | null;
  now?: () => Date;
}

export interface SystemOutcome {
  exitCode: 0 | 1 | 2;
  lines: string[];
  errors: string[];
}

/**
 * /var/lib/cyclebench/system-state.json: a directory only root can write. Not
 * $XDG_STATE_HOME or /var/tmp: reset runs as root and writes what the file says, so the
 * file must not be where another user can plant or swap it.
 */
export function defaultStatePath(): string {
  return DEFAULT_STATE_PATH;
}

function cpusOf(root: string): number[] {
  const online = readText(root, `${CPU}/online`);
  const list = online.ok ? parseCpuList(online.text) : null;
  return (
    list ??
    (listDir(root, CPU) ?? [])
      .filter((d) => /^cpu\d+$/.test(d))
      .map((d) => Number(d.slice(3)))
      .sort((a, b) => a - b)
  );
}

/** The tunable controls present under ROOT, and one line per kind of control that is absent. */
export function readControls(root: string): { controls: SystemControl[]; absent: string[] } {
  const controls: SystemControl[] = [];
  const absent: string[] = [];
  for (const cpu of cpusOf(root)) {
    const path = `${CPU}/cpu${cpu}/cpufreq/scaling_governor`;
    const r = readText(root, path);
    if (!r.ok) continue;
    const avail = readText(root, `${CPU}/cpu${cpu}/cpufreq/scaling_available_governors`);
    if (avail.ok && !avail.text.split(/\s+/).includes('performance')) {
      absent.push(`governor cpu${cpu}: the driver offers no "performance" governor (${avail.text.trim()})`);
      continue;
    }
    controls.push({ id: `governor:cpu${cpu}`, path, current: r.text.trim(), tuned: 'performance' });
  }
  if (!controls.some((c) => c.id.startsWith('governor:')) && !absent.length) {
    absent.push(
      `governor: no cpufreq control (/${CPU}/cpu*/cpufreq/scaling_governor is not ` +
        `present; in a VM the host sets the frequency)`,
    );
  }
  const boosts = findBoostControls(root);
  for (const b of boosts) {
    const r = readText(root, b.path);
    if (!r.ok) continue;
    const id =
      b.kind === 'intel-no-turbo'
        ? 'turbo:intel_pstate'
        : b.kind === 'cpufreq-boost'
          ? 'boost:cpufreq'
          : `boost:${b.path.split('/').at(-2)}`;
    // intel_pstate/no_turbo is inverted: 1 turns turbo off (Documentation/admin-guide/pm/intel_pstate.rst).
    controls.push({ id, path: b.path, current: r.text.trim(), tuned: b.kind === 'intel-no-turbo' ? '1' : '0' });
  }
  if (!boosts.length)
    absent.push(
      `boost/turbo: no control (/${CPU}/cpufreq/boost, /${CPU}/intel_pstate/no_turbo, policy*/boost are not present)`,
    );
  return { controls, absent };
}

function statePathOf(o: SystemOptions): string {
  return o.statePath ?? defaultStatePath();
}

function writeValue(root: string, path: string, value: string): string | null {
  try {
    writeFileSync(join(root, path), value + '\n'); // sysfs reads back with a trailing newline, like `echo`
    return null;
  } catch (e) {
    return `${describeError(path, e).replace('could not be read', 'could not be written')}`;
  }
}

function uidOf(o: SystemOptions): number | null {
  return o.uid !== undefined ? o.uid : typeof process.getuid === 'function' ? process.getuid() : null;
}

/** The state file as read for this caller: the process's own uid may own it besides root. */
function stateFor(o: SystemOptions, root: string): StateRead {
  const self = typeof process.geteuid === 'function' ? process.geteuid() : null;
  return readState(root, statePathOf(o), self);
}

function requireRoot(o: SystemOptions, what: string): SystemOutcome | null {
  if (uidOf(o) === 0) return null;
  return { exitCode: 2, lines: [], errors: [`must run as root (it writes /sys); try: sudo cyclebench system ${what}`] };
}

export function systemShow(o: SystemOptions = {}): SystemOutcome {
  const root = o.root ?? '/';
  const { controls, absent } = readControls(root);
  const lines = controls.map(
    (c) => `${c.id}: ${c.current}${c.current === c.tuned ? ' (tuned)' : ` (tune sets ${c.tuned})`}`,
  );
  lines.push(...absent);
  const saved = stateFor(o, root);
  lines.push(
    saved.kind === 'none'
      ? `saved state: none (${statePathOf(o)})`
      : saved.kind === 'error'
        ? `saved state: ${saved.error}`
        : `saved state: ${statePathOf(o)} from ${saved.state.savedAt} (${saved.state.controls.length} control(s)); ` +
          'undo with: sudo cyclebench system reset',
  );
  return { exitCode: 0, lines, errors: [] };
}

export function systemTune(o: SystemOptions = {}): SystemOutcome {
  const refused = requireRoot(o, 'tune');
  if (refused) return refused;
  const root = o.root ?? '/';
  const statePath = statePathOf(o);
  const { controls, absent } = readControls(root);
  const lines = absent.map((l) => `${l}; unchanged`);
  const errors: string[] = [];
  if (!controls.length) {
    lines.push('nothing to tune on this machine; nothing was changed and no state was saved');
    return { exitCode: 0, lines, errors };
  }
  const saved = stateFor(o, root);
  // A state file refused on reading is an input the user must fix: exit 2 (docs/guide.md, "Input files").
  if (saved.kind === 'error')
    return { exitCode: 2, lines, errors: [`${saved.error}; remove it or run system reset first`] };
  if (saved.kind === 'ok') {
    // A second tune must not overwrite the original values with already-tuned ones.
    lines.push(`keeping the state saved at ${statePath} on ${saved.state.savedAt} (from an earlier tune)`);
  } else {
    const state: SavedState = {
      version: STATE_VERSION,
      savedAt: (o.now ?? (() => new Date()))().toISOString(),
      controls: controls.map((c) => ({ id: c.id, path: c.path, value: c.current })),
    };
    try {
      writeState(root, statePath, state);
    } catch (e) {
      return {
        exitCode: 1,
        lines,
        errors: [`could not save the current state to ${statePath} (${(e as Error).message}); nothing was changed`],
      };
    }
    lines.push(`saved the current state to ${statePath}`);
  }
  for (const c of controls) {
    if (c.current === c.tuned) {
      lines.push(`${c.id}: already ${c.tuned}`);
      continue;
    }
    const err = writeValue(root, c.path, c.tuned);
    if (err) errors.push(`${c.id}: ${err}`);
    else lines.push(`${c.id}: ${c.current} → ${c.tuned}`);
  }
  lines.push('undo with: sudo cyclebench system reset');
  return { exitCode: errors.length ? 1 : 0, lines, errors };
}

export function systemReset(o: SystemOptions = {}): SystemOutcome {
  const refused = requireRoot(o, 'reset');
  if (refused) return refused;
  const root = o.root ?? '/';
  const statePath = statePathOf(o);
  const read = stateFor(o, root);
  if (read.kind === 'none')
    return { exitCode: 0, lines: [`no saved state at ${statePath}: nothing to reset`], errors: [] };
  // A state file refused (unreadable, not root's, or naming what tune never sets) is an input the
  // user must fix, exit 2; a control that could not be written back below is a failure, exit 1.
  if (read.kind === 'error') return { exitCode: 2, lines: [], errors: [read.error] };
  const saved = read.state;
  const untrusted = checkSavedControls(saved, readControls(root).controls);
  if (untrusted) return { exitCode: 2, lines: [], errors: [`${statePath}: ${untrusted}; nothing was written`] };
  const lines: string[] = [];
  const errors: string[] = [];
  for (const c of saved.controls) {
    const r = readText(root, c.path);
    if (r.ok && r.text.trim() === c.value) {
      lines.push(`${c.id}: already ${c.value}`);
      continue;
    }
    const err = writeValue(root, c.path, c.value);
    if (err) errors.push(`${c.id}: ${err}`);
    else lines.push(`${c.id}: ${r.ok ? r.text.trim() : '?'} → ${c.value}`);
  }
  if (errors.length) {
    errors.push(`kept ${statePath} so reset can be retried`);
    return { exitCode: 1, lines, errors };
  }
  rmSync(join(root, statePath), { force: true });
  lines.push(`restored the state saved on ${saved.savedAt}; removed ${statePath}`);
  return { exitCode: 0, lines, errors };
}
