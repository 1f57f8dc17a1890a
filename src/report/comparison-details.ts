// The words of a comparison's reasons and notes (src/analysis/compare.ts, src/compare/), part of
// the one registry of detail words (src/report/details.ts DETAIL_TEXT): why a verdict is not the
// plain one, and what else is worth knowing about each side.
import { MACHINE_CHANGE } from '../analysis/slow-processes.js';
import type { DetailValues, EnvironmentValues } from '../results/schema.js';
import { pEquals } from '../statistics/p-value.js';
import { MAX_UNITS_ADVICE, withinNoiseReason } from '../statistics/threshold.js';
import { formatNs, percent, trimmedPercent } from '../text/format.js';
import { escapeTerminal } from '../text/escape.js';

type ComparisonCode =
  | 'different-checksums'
  | 'assumption-broken'
  | 'too-few-processes'
  | 'ratio-undefined'
  | 'ci-includes-one'
  | 'within-noise'
  | 'cannot-tell'
  | 'rank-test-unsure'
  | 'side-failed'
  | 'side-unmeasured'
  | 'side-contaminated'
  | 'cannot-estimate'
  | 'environment-differs'
  | 'no-common-count'
  | 'too-few-counts'
  | 'sample-advice'
  | 'side-outliers'
  | 'grubbs'
  | 'side-multimodal'
  | 'checksums-differ'
  | 'checksums-unstable'
  | 'detectable'
  | 'odd-process-compared'
  | 'odd-process-kept'
  | 'run-drifted'
  | 'machine-changed'
  | 'not-after-adjustment'
  | 'environment-allowed'
  | 'instruction-counts';

const p = pEquals;

/** The name of each environment fact a comparison checks (src/compare/assumptions.ts ENVIRONMENT_FACTS). */
export const FACT_LABEL: Record<string, string> = {
  'cpu.model': 'CPU model',
  'frequency.governor': 'CPU frequency governor',
  'frequency.boost.enabled': 'turbo/boost',
  'node.version': 'Node version',
  'node.v8': 'V8 version',
  'conditions.cpus': 'pinning',
  'conditions.noAslr': 'ASLR disabled',
  'conditions.aslr': 'ASLR mode',
  'conditions.mlock': 'memory locking (mlock)',
  'conditions.prestartCpus': 'worker start-up (ahead of its turn, or at it: --no-prestart)',
  'conditions.nodeFlags': 'set of Node/V8 flags of the workers (--flags)',
  'benchmark.typescript': "the TypeScript file's loader (tsx compiles, Node strips types)",
};

/**
 * An environment fact as text. Facts are stored as JSON text, so a string escaped for output
 * beforehand comes back raw here: the terminal rule (src/text/escape.ts) applies again.
 */
function show(fact: string, json: string): string {
  return escapeTerminal(decoded(fact, json));
}

function decoded(fact: string, json: string): string {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return json;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return 'none';
    return fact === 'conditions.nodeFlags' ? v.join(' ') : `CPUs ${v.join(',')}`;
  }
  if (v === null) return 'not pinned';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** "Node version differs: v20.1.0 vs v20.2.0; the environment changed during the baseline run". */
function environmentProblems(v: EnvironmentValues): string {
  const facts = v.facts.map(
    (f, i) => `${FACT_LABEL[f] ?? f} differs: ${show(f, v.bases[i])} vs ${show(f, v.contenders[i])}`,
  );
  const changed = v.changedDuring.map((side) => `the environment changed during the ${side} run`);
  return [...facts, ...changed].join('; ');
}

const CONTAMINATING_TEXT: Record<string, string> = {
  'environment-changed': 'the environment changed during the run',
  'optimized-away': 'the work was optimized away (not a speed)',
};

function ciIncludesOne(v: DetailValues['ci-includes-one']): string {
  // Two decimals for an adjusted level (99.17 %), none for a round one (95 %, as elsewhere).
  const ci = typeof v.confidence === 'number' ? `the ${+(v.confidence * 100).toFixed(2)} % CI` : 'the CI';
  // An interval reaching past the noise threshold cannot say "the same speed": it cannot tell.
  if (v.wide === true)
    return (
      `cannot tell: ${ci} of the ratio includes 1 but reaches beyond ±${percent(v.threshold ?? NaN)}` +
      `${typeof v.pValue === 'number' ? ` (the rank test leans to a difference, p ${p(v.pValue)})` : ''}; ` +
      'more processes (--forks) would narrow it'
    );
  if (typeof v.pValue !== 'number') return `${ci} of the ratio includes 1`;
  return (
    `treat them as the same speed: ${ci} of the ratio includes 1, though the rank test leans to a difference ` +
    `(p ${p(v.pValue)}); more processes (--forks) would settle it`
  );
}

/** What would settle a 'cannot-tell' verdict: about N units a side, or none reachable. */
export function resolveAdvice(needed: number | null, unit: string | undefined): string {
  const u = unit ?? 'processes';
  return typeof needed === 'number'
    ? `about ${needed} ${u} a side would settle it`
    : `more than ${MAX_UNITS_ADVICE} ${u} a side would be needed: not reachable here`;
}

/** "cannot tell: the 95 % CI [0.54, 2.27] includes 1 but reaches beyond ±1.0 %; about 40 processes a side …". */
function cannotTell(v: DetailValues['cannot-tell']): string {
  const ci = typeof v.confidence === 'number' ? `the ${+(v.confidence * 100).toFixed(2)} % CI` : 'the CI';
  const range = `[${v.ciLow.toFixed(3)}, ${v.ciHigh.toFixed(3)}]`;
  const t = `±${percent(v.threshold)}`;
  const what =
    v.includesOne === false
      ? `${ci} of the ratio ${range} excludes 1 but reaches beyond ${t}: the change may or may not exceed the threshold`
      : `${ci} of the ratio ${range} includes 1 but reaches beyond ${t}`;
  return `cannot tell: ${what}; ${resolveAdvice(v.needed, v.unit)}`;
}

function sampleAdvice(v: DetailValues['sample-advice']): string {
  const head = `${v.side}: CI half-width ${percent(v.halfWidth)} > target ${percent(v.target)}; `;
  // Advice is capped as everywhere (statistics/threshold.ts MAX_UNITS_ADVICE).
  if (typeof v.processes === 'number' && v.processes > MAX_UNITS_ADVICE)
    return `${head}more than ${MAX_UNITS_ADVICE} processes would be needed to reach it: not reachable here`;
  const processes =
    typeof v.processes === 'number'
      ? `${v.processes} processes`
      : 'at least 2 processes (between-process spread unknown with 1)';
  const batches = typeof v.batches === 'number' ? `${v.batches} batches per process` : 'more batches';
  return `${head}about ${processes} and ${batches} would reach it (at ${Math.round(v.confidence * 100)} % confidence)`;
}

export const COMPARISON_DETAIL_TEXT: { [C in ComparisonCode]: (v: DetailValues[C]) => string } = {
  'different-checksums': () => 'the benchmarks returned different checksums: they did different work',
  'assumption-broken': (v) => v.problem,
  'too-few-processes': (v) =>
    `too few processes for a verdict (need ${v.need} per side, have ${v.base} and ${v.contender})`,
  'ratio-undefined': () => 'the ratio or its CI is undefined',
  'ci-includes-one': ciIncludesOne,
  'within-noise': (v) => withinNoiseReason(v.change, v.threshold),
  'cannot-tell': cannotTell,
  'rank-test-unsure': (v) =>
    `probably ${v.verdict}: the CI of the ratio excludes 1 but the rank test does not confirm it ` +
    `(p ${p(v.pValue)}); confirm with more processes (--forks)`,
  'side-failed': (v) => `${v.side} failed (${v.kind}): ${v.message}`,
  'side-unmeasured': (v) => `${v.side} has no measurement${typeof v.message === 'string' ? `: ${v.message}` : ''}`,
  'side-contaminated': (v) => `${v.side} is contaminated: ${v.flags.map((f) => CONTAMINATING_TEXT[f] ?? f).join('; ')}`,
  'cannot-estimate': (v) => `cannot estimate: ${v.message}`,
  'environment-differs': environmentProblems,
  'no-common-count': () =>
    'no common instruction count: run both sides with --counters simulate (or hardware counters)',
  'too-few-counts': () => 'fewer than 2 processes with counts on a side',
  'sample-advice': sampleAdvice,
  'side-outliers': (v) =>
    `${v.side}: outliers (Tukey fences on relative residuals per process, kept): ` +
    `${v.mild} mild, ${v.severe} severe of ${v.total} batches`,
  grubbs: (v) =>
    `${v.side}: Grubbs' test on per-process ${v.statistic} (α = ${v.alpha}): ` +
    `G = ${v.g.toFixed(2)}, critical ${v.critical.toFixed(2)}, ` +
    (typeof v.outlier === 'number' ? `process #${v.outlier} is an outlier (kept)` : 'no outlying process'),
  'side-multimodal': (v) =>
    `${v.side}: multimodal per-iteration times (Ashman's D ${v.ashmanD.toFixed(1)}, smaller mode ` +
    `${percent(v.share)}): the mean is not meaningful`,
  'checksums-differ': (v) =>
    `results differ: different result checksums (${v.base} vs ${v.contender}); the timing ` +
    'compares two computations',
  'checksums-unstable': (v) =>
    `result checksums not compared: they vary between the processes of the ${v.sides.join(' and ')}`,
  detectable: (v) =>
    'smallest difference detectable at 80 % power with these processes: ' +
    `${(v.minimumDetectable * 100).toFixed(1)} %`,
  'odd-process-compared': (v) => {
    const f = v.factor;
    const how = f >= 1 ? `${f.toFixed(2)}× slower` : `${(1 / f).toFixed(2)}× faster`;
    return (
      `${v.side} process ${v.process} left out: relative to its run it read ${how} than the other ` +
      `${v.of - 1} processes of both runs, which agreed within ${percent(v.spread)}`
    );
  },
  'odd-process-kept': (v) =>
    `${v.side} process ${v.process} is left out of its run's headline (it read ` +
    `${v.factor.toFixed(2)}× its siblings) but kept here: a comparison leaves a process out only with 5 or ` +
    'more processes on each side, so this interval carries it',
  'not-after-adjustment': (v) =>
    v.inRun
      ? `${v.verdict} on its own (p ${p(v.pValue)}), but not among the run's ${v.family} comparisons with a ` +
        `.baseline() (Holm, family-wise ${trimmedPercent(v.alpha)})`
      : `${v.verdict} on its own (p ${p(v.pValue)}), but not among the ${v.family} compared benchmarks ` +
        `(Holm, family-wise ${trimmedPercent(v.alpha)}); --per-row judges each on its own`,
  'run-drifted': (v) =>
    `the machine changed speed during the ${v.side}'s run: its ${v.planned} planned processes read ` +
    `${formatNs(v.plannedMean)}, the ${v.added} added after them ${formatNs(v.addedMean)} ` +
    `(p ${p(v.pValue)}), and '${v.verdict === 'no-difference' ? 'no difference' : v.verdict}' does not hold ` +
    'against each on its own: run both sides again, or pair them (run --against)',
  'machine-changed': (v) => {
    const slower = v.factor >= 1 ? 'contender' : 'baseline';
    const f = v.factor >= 1 ? v.factor : 1 / v.factor;
    const said = `'${v.verdict === 'no-difference' ? 'no difference' : v.verdict}'`;
    if (v.sameRun)
      return (
        `the processes compared ran in different states of the machine: the ${slower}'s ${v.yardstick} ` +
        `yardstick read ${f.toFixed(2)}× the other's over them, and ${said} could be that alone: run again on ` +
        'a quieter machine'
      );
    // Below MACHINE_CHANGE (src/analysis/slow-processes.ts) only a faster or slower verdict between two
    // runs is held to the move: the move is small, the difference within twice it.
    if (f < MACHINE_CHANGE)
      return (
        `the ${slower}'s run read its ${v.yardstick} yardstick ${percent(f - 1)} slower than the other ` +
        `side's, and ${said} is within twice that: a difference this small between two runs is told ` +
        'only by pairing them (run --against)'
      );
    return (
      `the machine ran slower during the ${slower}'s run: its ${v.yardstick} yardstick read ${f.toFixed(2)}× ` +
      `the other side's, and ${said} could be that alone: run both sides again, or pair them (run --against)`
    );
  },
  'environment-allowed': (v) => `environment differs (allowed): ${environmentProblems(v)}`,
  'instruction-counts': (v) =>
    `${v.event === 'sim-instructions' ? 'simulated instructions/op' : 'instructions/op'}: ` +
    `${v.base.toFixed(1)} → ${v.contender.toFixed(1)}`,
};
