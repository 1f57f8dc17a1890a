// The words of the details about a benchmark's processes as a whole (src/analysis/slow-processes.ts,
// odd-process.ts, src/api/more-processes.ts, src/api/finish-run.ts), part of the one registry of
// detail words (src/report/details.ts DETAIL_TEXT): which processes the estimate left out, and why
// processes were added or not.
import { spreadChoseCount } from '../analysis/more-processes.js';
import type { DetailValues } from '../results/schema.js';
import { trimmedPercent } from '../text/format.js';
import { v8Clause } from './v8-words.js';

type ProcessCode =
  'slow-processes' | 'odd-process' | 'processes-added' | 'processes-budget' | 'processes-settled' | 'processes-missing';

/** "a slow state", "a faster state than the rest of the run", or "another state than the rest of the run". */
function stateWords(factors: readonly number[]): string {
  if (factors.every((f) => f > 1)) return 'a slow state';
  if (factors.every((f) => f < 1)) return 'a faster state than the rest of the run';
  return 'another state than the rest of the run';
}

function slowProcesses(v: DetailValues['slow-processes']): string {
  const factors = v.factors.map((f) => `${f.toFixed(2)}×`).join(', ');
  const jit = v8Clause(v, 'their', 'measured batches');
  const head =
    `${v.slow} of ${v.of} processes ran in ${stateWords(v.factors)} (the reference work took ${factors} ` +
    `the run's usual state: the host's state, not the kernel)${jit ? `; ${jit}` : ''}`;
  if (v.leftOut) return `${head}; left out of the estimate`;
  return (
    `contended: ${head}; too few other processes to leave them out, so the result mixes the host's states: ` +
    'rerun on a quieter machine or add processes (--forks)'
  );
}

/**
 * Why processes were added (src/api/more-processes.ts): the planned ones disagreed (their
 * half-width was above the threshold), some of them ran in a slow state, or both.
 */
function whyAdded(v: { planned: number; halfWidth: number; above: number; replaced?: number }): string {
  const r = v.replaced ?? 0;
  const slow = `${r} of them ran in another state than the rest of the run`;
  if (!spreadChoseCount(v)) return slow;
  const spread = `±${(v.halfWidth * 100).toFixed(1)} % after ${v.planned}, above ±${v.above * 100} %`;
  return `their results disagreed (${spread}${r > 0 ? `; ${slow}` : ''})`;
}

function oddProcess(v: DetailValues['odd-process']): string {
  const f = v.factor;
  const how = f >= 1 ? `${f.toFixed(2)}× slower than` : `${(1 / f).toFixed(2)}× faster than`;
  const y = v.yardstick;
  // Within 5 % the yardstick cannot account for a gap of 10 % or more; beyond, the host may have.
  const host =
    y === null
      ? 'no yardstick to tell a slow host from a slow state of its own'
      : Math.abs(y - 1) <= 0.05
        ? `its yardsticks read at most ${y.toFixed(2)}× the others', so the state was its own (compiled code, memory layout), not the host's`
        : `its yardsticks read at most ${y.toFixed(2)}× the others', so the host may account for part of it`;
  const jit = v8Clause(v, 'its', 'measured batches');
  const left = 'left out of the estimate (the raw data keeps it)';
  if (v.byV8)
    return (
      `process ${v.process} read ${how} the median of the other ${v.of - 1} and slower than each of them, which ` +
      `spread ${(v.spread * 100).toFixed(1)} %, too much for the times alone to name one process; ${jit}: its ` +
      `compiled code changed while it was measured; ${host}; ${left}`
    );
  return (
    `process ${v.process} read ${how} the median of the other ${v.of - 1}, which agreed within ` +
    `${(v.spread * 100).toFixed(1)} %; ${jit ? `${jit}; ` : ''}${host}; ${left}`
  );
}

export const PROCESS_DETAIL_TEXT: { [C in ProcessCode]: (v: DetailValues[C]) => string } = {
  'slow-processes': slowProcesses,
  'odd-process': oddProcess,
  'processes-added': (v) =>
    `${v.processes - v.planned} process${v.processes - v.planned === 1 ? '' : 'es'} added to the ${v.planned} ` +
    `planned: ${whyAdded(v)}, so the ` +
    (typeof v.kept === 'number' && v.kept < v.processes
      ? `estimate is over the ${v.kept} of all ${v.processes} not left out`
      : `estimate is over all ${v.processes}`),
  'processes-budget': (v) =>
    `the ${v.planned} planned processes asked for ${v.wanted} more because ${whyAdded(v)}; the run's ` +
    `budget of ${v.budgetS} s (--budget) had room for ${v.added}, so ` +
    (!spreadChoseCount(v)
      ? "fewer processes than planned ran in the run's usual state"
      : `the interval stays wider than the ±${v.above * 100} % the added processes aim at`),
  'processes-settled': (v) =>
    `no processes added, though the planned ones disagreed (±${(v.halfWidth * 100).toFixed(1)} %, above ` +
    `±${v.above * 100} %): against ${v.baseline} they already read ${v.ratio.toFixed(2)}× ` +
    `[${v.ciLow.toFixed(2)}, ${v.ciHigh.toFixed(2)}] (${trimmedPercent(v.confidence)} interval), ${v.verdict} ` +
    'by a margin more processes would rarely change; the headline interval stays as wide as they make it',
  'processes-missing': (v) =>
    `interrupted: ${v.measured} of ${v.planned} planned processes measured, so the interval covers ` +
    'fewer states of the machine than planned',
};
