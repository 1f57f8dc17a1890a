// Before/after comparison of the environment around a run: only changes
// that move numbers, each with a warning a person can act on. Works on MachineFacts as
// well as on a full Environment, so the post-run check need not re-probe the platform.

import type { MachineFacts } from './facts.js';
import { trimmedPercent } from '../text/format.js';

export type EnvSnapshot = Pick<MachineFacts, 'cpu' | 'frequency' | 'kernel' | 'thermal'>;

export interface EnvChange {
  /** Dotted path of the field that changed. */
  field: string;
  before: unknown;
  after: unknown;
  warning: string;
  /**
   * A change of the machine's load, not of its settings: other work competed for the CPUs. The
   * engine's preemption and slow-process handling and the round-robin order of processes are made
   * for that, so it is a warning, not a reason to call the run's comparisons incomparable.
   */
  load?: true;
}

/** A mean frequency change larger than this fraction is reported (cpuinfo MHz jitters by a few %). */
export const FREQUENCY_CHANGE_FRACTION = 0.1;
/**
 * A rise of the 1-minute load average at least this large is reported. The benchmark itself
 * is one runnable task and can raise the 1-minute average by up to 1.0 on its own, so the
 * threshold sits above that.
 */
export const LOAD_JUMP = 1.5;

/** Whether the machine's settings changed (not only its load): a run's comparisons are then incomparable. */
export function settingsChanged(changes: readonly EnvChange[]): boolean {
  return changes.some((c) => !c.load);
}

export function diffEnvironment(before: EnvSnapshot, after: EnvSnapshot): EnvChange[] {
  const out: EnvChange[] = [];
  const add = (field: string, b: unknown, a: unknown, warning: string) =>
    out.push({ field, before: b, after: a, warning });

  const gb = governorMap(before);
  const ga = governorMap(after);
  for (const cpu of new Set([...gb.keys(), ...ga.keys()])) {
    const b = gb.get(cpu) ?? null;
    const a = ga.get(cpu) ?? null;
    if (b !== a)
      add(
        `frequency.perCpu.${cpu}.governor`,
        b,
        a,
        `CPU ${cpu} governor changed during the run (${b} → ${a}): clock speed was not constant`,
      );
  }
  if (gb.size === 0 && ga.size === 0 && before.frequency.governor !== after.frequency.governor) {
    add(
      'frequency.governor',
      before.frequency.governor,
      after.frequency.governor,
      `governor changed during the run (${before.frequency.governor} → ${after.frequency.governor})`,
    );
  }

  const fb = before.frequency.curMHz;
  const fa = after.frequency.curMHz;
  if (fb !== null && fa !== null && fb > 0 && Math.abs(fa - fb) / fb > FREQUENCY_CHANGE_FRACTION) {
    add(
      'frequency.curMHz',
      fb,
      fa,
      `mean CPU frequency moved ${fb.toFixed(0)} → ${fa.toFixed(0)} MHz during the ` +
        `run (> ${trimmedPercent(FREQUENCY_CHANGE_FRACTION, 2, false)}): turbo, thermal limits or another load`,
    );
  }

  if (before.frequency.boost.enabled !== after.frequency.boost.enabled) {
    add(
      'frequency.boost.enabled',
      before.frequency.boost.enabled,
      after.frequency.boost.enabled,
      'boost/turbo was switched during the run',
    );
  }

  const cb = before.kernel.clocksource.current;
  const ca = after.kernel.clocksource.current;
  if (cb !== ca) {
    add(
      'kernel.clocksource.current',
      cb,
      ca,
      `clocksource changed during the run (${cb} → ${ca}); the kernel switches away ` +
        `from tsc when it judges the TSC unstable`,
    );
  }

  const lb = before.kernel.load?.one;
  const la = after.kernel.load?.one;
  if (lb !== undefined && la !== undefined && la - lb >= LOAD_JUMP) {
    out.push({
      field: 'kernel.load.one',
      before: lb,
      after: la,
      warning:
        `1-minute load average rose ${lb.toFixed(2)} → ${la.toFixed(2)} during the run: ` +
        `other work competed for the CPUs`,
      load: true,
    });
  }

  const tb = before.thermal.total;
  const ta = after.thermal.total;
  if (tb !== null && ta !== null && ta > tb) {
    add('thermal.total', tb, ta, `the CPU was thermally throttled ${ta - tb} time(s) during the run`);
  }

  if (before.cpu.smt.active !== after.cpu.smt.active) {
    add('cpu.smt.active', before.cpu.smt.active, after.cpu.smt.active, 'SMT was switched during the run');
  }
  const ib = JSON.stringify(before.cpu.isolated);
  const ia = JSON.stringify(after.cpu.isolated);
  if (ib !== ia)
    add('cpu.isolated', before.cpu.isolated, after.cpu.isolated, 'the set of isolated CPUs changed during the run');
  return out;
}

function governorMap(s: EnvSnapshot): Map<number, string | null> {
  return new Map((s.frequency.perCpu ?? []).map((p) => [p.cpu, p.governor]));
}
