// The one registry of finding codes in words: for each code (src/results/schema.ts
// FINDING_CODES) a short line worded for action, as the default terminal output prints
// under its table. The findings themselves are data (src/analysis/findings.ts).
import { type Finding, type FindingCode, FINDING_CODES } from '../results/schema.js';
import { formatHalfWidth, percent } from '../text/format.js';
import { MAX_UNITS_ADVICE } from '../statistics/threshold.js';

type Values = Finding['values'];

const pct = (x: unknown, digits = 1): string =>
  typeof x === 'number' && Number.isFinite(x) ? percent(x, digits) : '?';
/** "±3.2 %", or ">±100 %" for an interval that reaches zero (formatHalfWidth). */
const hw = (x: unknown): string => (typeof x === 'number' && Number.isFinite(x) ? formatHalfWidth(x, true) : '±?');
const num = (x: unknown): string => (typeof x === 'number' && Number.isFinite(x) ? String(x) : '?');

/** The CI and the rank test of a baseline comparison disagree: what that leaves the reader with. */
function testsDisagree(v: Values): string {
  const vs = `vs ${String(v.baseline)}`;
  if (v.verdict !== 'no-difference' && v.verdict !== 'cannot-tell')
    return `${vs}: probably ${String(v.verdict)} (${num(v.ratio)}×), but the rank test is not sure; confirm with more --forks`;
  if (v.wide !== true && v.verdict === 'no-difference')
    return `${vs}: treat as the same speed (the rank test leans to a difference); add --forks to settle it`;
  const threshold = typeof v.threshold === 'number' ? Math.round(v.threshold * 1e4) / 100 : null;
  return (
    `${vs}: cannot tell (the interval reaches beyond ±${num(threshold)} % and the rank test leans to a ` +
    'difference); add --forks to settle it'
  );
}

const CONTAMINATION_WORD: Record<string, string> = {
  'gc-during-batches': 'garbage collection',
  // Preempted batches are replaced, so the switches left in measured batches are the thread's own waits.
  'context-switches': 'waits (voluntary context switches)',
  migrations: 'CPU migrations',
  'page-faults': 'page faults',
};

/**
 * More processes as advice, when a practical number would do. Beyond MAX_UNITS_ADVICE (the one cap
 * of every advice, statistics/threshold.ts) the processes disagree too much for more of them to
 * settle it (e.g. two speeds across processes).
 */
function forksAdvice(v: Values): string {
  if (typeof v.needed !== 'number' || !(v.needed > num2(v.processes))) return '';
  return v.needed <= MAX_UNITS_ADVICE ? ` or --forks ${v.needed}` : '; processes disagree: see --verbose';
}

/** The short line of each code: what was seen, then what to do (a shorter wording when a second is given). */
export const FINDING_TEXT: Record<FindingCode, (v: Values) => string | [string, string]> = {
  failed: (v) =>
    v.kind === 'interrupted'
      ? 'not measured: the run was interrupted'
      : `failed (${String(v.kind)}): ${String(v.message)}`,
  'optimized-away': () => [
    'no measurable work per call — return the value the kernel computes',
    'no measurable work — return the computed value',
  ],
  // The finding is raised only when the kernel already returns the value or passes it to
  // blackhole(): V8 removed the allocation all the same, so there is nothing to tell the user to do.
  'allocation-dropped': (v) => [
    `allocation removed by the compiler: ${num(v.bytesPerOp)} B/call read for a new value of ≥ ${num(v.floorBytes)} B, ` +
      'though the value escapes — the figure is not the cost of allocating it',
    'allocation removed by the compiler — see --verbose',
  ],
  'estimates-disagree': (v) =>
    v.direction === 'below'
      ? typeof v.cpuPerOpNs === 'number'
        ? [
            "headline below the process's CPU time per op beyond its interval — helper threads' CPU counts " +
              'there (see --verbose)',
            'headline below the CPU time per op — see --verbose',
          ]
        : [
            'headline below the latency median beyond its interval — the two time different things; see --verbose',
            'headline below the latency median — see --verbose',
          ]
      : [
          "headline above the run's batch median and CPU time per op beyond its interval — " +
            'not a reliable figure; run again on a quieter machine (see --verbose)',
          `headline disagrees with the run's other figures — see --verbose`,
        ],
  partial: (v) =>
    `interrupted after ${num(v.measured)} of ${num(v.planned)} processes — fewer machine states than planned; run again`,
  contended: (v) => {
    const state =
      typeof v.otherState === 'number'
        ? `${num(v.otherState)} of ${num(v.processes)} processes ran in another ${v.faster ? '(faster) ' : ''}host ` +
          'state, too many to leave out'
        : null;
    // What became of the preempted batches: replaced by clean ones, or in the figure.
    const fate = v.kept
      ? 'in the figure: no process had clean batches to use instead'
      : typeof v.unreplaced === 'number'
        ? `${num(v.unreplaced)} of ${num(v.planned)} planned batches never ran clean`
        : 'replaced';
    const shared =
      v.preempted !== 0 || state === null
        ? `${num(v.preempted)} of ${num(v.batches)} batches preempted (${fate})`
        : null;
    // Processes that all ran faster are a host that changed state, not programs taking the CPU.
    const lead = shared === null && v.faster ? 'host changed state' : 'CPU shared';
    const advice = shared === null && v.faster ? 'see --verbose' : 'close other programs';
    return `${lead}: ${[state, shared].filter((x) => x !== null).join('; ')} — ${advice}`;
  },
  'inputs-changed': () => [
    'the kernel changed its reused .inputs() — this is not its time on fresh inputs: use .setupEach()',
    'kernel changed its reused inputs — use .setupEach()',
  ],
  noisy: (v) =>
    typeof v.planned === 'number'
      ? [
          `processes disagree: ${hw(v.halfWidth)} over ${num(v.processes)}` +
            `${typeof v.ran === 'number' ? ` of ${num(v.ran)}` : ''} processes ` +
            `(${typeof v.added === 'number' ? v.added : num2(v.processes) - num2(v.planned)} added) — the kernel or ` +
            'the host has states; see --verbose',
          `processes disagree: ${hw(v.halfWidth)} over ${num(v.processes)} processes — see --verbose`,
        ]
      : [
          `noisy: ${hw(v.halfWidth)}${v.contended ? ', CPU shared' : ''} — close other programs` +
            (v.pinned ? forksAdvice(v).replace(/^ or /, ' or use ') : `, use --cpu${forksAdvice(v)}`),
          `noisy: ${hw(v.halfWidth)} — close other programs${v.pinned ? '' : ' or use --cpu'}`,
        ],
  multimodal: () => 'two speeds in the samples — one number hides them; see --verbose',
  // R² below 0.9 is batch noise of about 19 % around the line, or work that does not grow with the
  // iterations; the data does not say which.
  'low-r2': (v) =>
    `batch times scatter around the slope (R² ${num(v.r2)}): noisy batches, or work that does not grow ` +
    'with the iterations — see --verbose',
  'warmup-not-steady': (v) =>
    `warmup did not settle in ${num(v.processes)} of ${num(v.of)} processes` +
    (typeof v.deopts === 'number' && v.deopts > 0
      ? ` (V8 deoptimized code ${v.deopts === 1 ? 'once' : `${v.deopts} times`} there) — see --verbose`
      : ' — raise --warmup-ms'),
  contamination: (v) =>
    `${CONTAMINATION_WORD[String(v.kind)] ?? String(v.kind)} in ${num(v.batches)} of ${num(v.of)} batches ` +
    // Without a figure from the clean batches (too few of them), how far they moved it is unknown.
    (v.unknownEffect ? '— too few clean batches to tell their effect' : 'moved the result'),
  outliers: () => 'outliers in the batch times (kept in the estimate)',
  'environment-changed': () => 'the machine changed during the run — run again',
  'tests-disagree': testsDisagree,
  incomparable: (v) => `cannot be compared with ${String(v.baseline)} — see --verbose`,
  'held-by-family': (v) =>
    `${String(v.verdict)} than ${String(v.baseline)} on its own, not among the run's ${num(v.family)} ` +
    'comparisons with a baseline (Holm): cannot tell',
  'too-few': (v) => `too few processes to compare with ${String(v.baseline)} — use --forks 2 or more`,
  'in-process': () => 'measured in the calling process, not in fresh forks',
};

function num2(x: unknown): number {
  return typeof x === 'number' ? x : Infinity;
}

const RANK: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 };

/** The finding a benchmark's one attention line shows: the most severe, first in code order. */
export function topFinding(findings: readonly Finding[]): Finding | undefined {
  const order = (f: Finding) => RANK[f.severity] * FINDING_CODES.length + FINDING_CODES.indexOf(f.code);
  return [...findings].sort((a, b) => order(a) - order(b))[0];
}

/** "!" for a warning, "✗" for a failure, "" otherwise. */
export function findingMarker(findings: readonly Finding[]): string {
  const top = topFinding(findings);
  if (!top) return '';
  return top.severity === 'error' ? '✗' : top.severity === 'warning' ? '!' : '';
}

/** The finding's line; with `room` (characters), the shorter wording when the longer does not fit. */
export function findingText(f: Finding, room = Infinity): string {
  const text = FINDING_TEXT[f.code](f.values);
  if (typeof text === 'string') return text;
  return [...text[0]].length <= room ? text[0] : text[1];
}

/** One line for a code shared by several benchmarks: how many, the range of the figure, what to do. */
export function findingGroupText(findings: readonly Finding[]): string {
  const code = findings[0].code;
  const n = findings.length;
  if (code === 'noisy') {
    const widths = findings.map((f) => f.values.halfWidth).filter((x): x is number => typeof x === 'number');
    const [lo, hi] = [Math.min(...widths), Math.max(...widths)];
    const from = `±${(lo * 100).toFixed(1)}`;
    const range = !widths.length
      ? ''
      : lo > 1
        ? ` at ${hw(lo)}`
        : hi > 1
          ? ` at ${from} % to ${hw(hi)}`
          : ` at ${from}–${pct(hi)}`;
    return `noisy: ${n} benchmarks${range} — close other programs or ${findings[0].values.pinned ? 'raise --forks' : 'use --cpu'}`;
  }
  return `${findingText(findings[0], 60)} (${n} benchmarks)`;
}
