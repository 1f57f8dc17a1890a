// The words of a comparison's reasons and notes (src/analysis/compare.ts, src/compare/), part of
// the one registry of detail words (src/report/details.ts DETAIL_TEXT): why a verdict is not the
// plain one, and what else is worth knowing about each side.
import type { DetailValue } from '../results/schema.js';
import { formatPValue } from '../statistics/p-value.js';
import { MAX_UNITS_ADVICE, withinNoiseReason } from '../statistics/threshold.js';
import { percent } from '../text/format.js';
import { escapeTerminal } from '../text/escape.js';

type Values = Record<string, DetailValue>;
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
  | 'environment-allowed'
  | 'instruction-counts';

const num = (x: DetailValue | undefined): number => (typeof x === 'number' ? x : NaN);
const list = (x: DetailValue | undefined): DetailValue[] => (Array.isArray(x) ? x : []);
/** "= 0.031" or "< 1e-16". */
const p = (x: DetailValue | undefined): string => {
  const f = formatPValue(typeof x === 'number' ? x : null);
  return f.startsWith('<') ? f : `= ${f}`;
};

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
};

/**
 * An environment fact as text. Facts are stored as JSON text, so a string escaped for output
 * beforehand comes back raw here: the terminal rule (src/text/escape.ts) applies again.
 */
function show(json: DetailValue | undefined): string {
  return escapeTerminal(decoded(json));
}

function decoded(json: DetailValue | undefined): string {
  let v: unknown;
  try {
    v = JSON.parse(String(json));
  } catch {
    return String(json);
  }
  if (Array.isArray(v)) return v.length ? `CPUs ${v.join(',')}` : 'none';
  if (v === null) return 'not pinned';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** "Node version differs: v20.1.0 vs v20.2.0; the environment changed during the baseline run". */
function environmentProblems(v: Values): string {
  const bases = list(v.bases);
  const contenders = list(v.contenders);
  const facts = list(v.facts).map(
    (f, i) => `${FACT_LABEL[String(f)] ?? String(f)} differs: ${show(bases[i])} vs ${show(contenders[i])}`,
  );
  const changed = list(v.changedDuring).map((side) => `the environment changed during the ${String(side)} run`);
  return [...facts, ...changed].join('; ');
}

const CONTAMINATING_TEXT: Record<string, string> = {
  'environment-changed': 'the environment changed during the run',
  'optimized-away': 'the work was optimized away (not a speed)',
};

function ciIncludesOne(v: Values): string {
  // Two decimals for an adjusted level (99.17 %), none for a round one (95 %, as elsewhere).
  const ci = typeof v.confidence === 'number' ? `the ${+(v.confidence * 100).toFixed(2)} % CI` : 'the CI';
  // An interval reaching past the noise threshold cannot say "the same speed": it cannot tell.
  if (v.wide === true)
    return (
      `cannot tell: ${ci} of the ratio includes 1 but reaches beyond ±${percent(num(v.threshold))}` +
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
export function resolveAdvice(needed: DetailValue | undefined, unit: DetailValue | undefined): string {
  const u = typeof unit === 'string' ? unit : 'processes';
  return typeof needed === 'number'
    ? `about ${needed} ${u} a side would settle it`
    : `more than ${MAX_UNITS_ADVICE} ${u} a side would be needed: not reachable here`;
}

/** "cannot tell: the 95 % CI [0.54, 2.27] includes 1 but reaches beyond ±1.0 %; about 40 processes a side …". */
function cannotTell(v: Values): string {
  const ci = typeof v.confidence === 'number' ? `the ${+(v.confidence * 100).toFixed(2)} % CI` : 'the CI';
  const range = `[${num(v.ciLow).toFixed(3)}, ${num(v.ciHigh).toFixed(3)}]`;
  const t = `±${percent(num(v.threshold))}`;
  const what =
    v.includesOne === false
      ? `${ci} of the ratio ${range} excludes 1 but reaches beyond ${t}: the change may or may not exceed the threshold`
      : `${ci} of the ratio ${range} includes 1 but reaches beyond ${t}`;
  return `cannot tell: ${what}; ${resolveAdvice(v.needed, v.unit)}`;
}

function sampleAdvice(v: Values): string {
  const head = `${String(v.side)}: CI half-width ${percent(num(v.halfWidth))} > target ${percent(num(v.target))}; `;
  // Advice is capped as everywhere (statistics/threshold.ts MAX_UNITS_ADVICE).
  if (typeof v.processes === 'number' && v.processes > MAX_UNITS_ADVICE)
    return `${head}more than ${MAX_UNITS_ADVICE} processes would be needed to reach it: not reachable here`;
  const processes =
    typeof v.processes === 'number'
      ? `${v.processes} processes`
      : 'at least 2 processes (between-process spread unknown with 1)';
  const batches = typeof v.batches === 'number' ? `${v.batches} batches per process` : 'more batches';
  return `${head}about ${processes} and ${batches} would reach it (at ${Math.round(num(v.confidence) * 100)} % confidence)`;
}

export const COMPARISON_DETAIL_TEXT: Record<ComparisonCode, (v: Values) => string> = {
  'different-checksums': () => 'the benchmarks returned different checksums: they did different work',
  'assumption-broken': (v) => String(v.problem),
  'too-few-processes': (v) =>
    `too few processes for a verdict (need ${num(v.need)} per side, have ${num(v.base)} and ${num(v.contender)})`,
  'ratio-undefined': () => 'the ratio or its CI is undefined',
  'ci-includes-one': ciIncludesOne,
  'within-noise': (v) => withinNoiseReason(num(v.change), num(v.threshold)),
  'cannot-tell': cannotTell,
  'rank-test-unsure': (v) =>
    `probably ${String(v.verdict)}: the CI of the ratio excludes 1 but the rank test does not confirm it ` +
    `(p ${p(v.pValue)}); confirm with more processes (--forks)`,
  'side-failed': (v) => `${String(v.side)} failed (${String(v.kind)}): ${String(v.message)}`,
  'side-unmeasured': (v) =>
    `${String(v.side)} has no measurement${typeof v.message === 'string' ? `: ${v.message}` : ''}`,
  'side-contaminated': (v) =>
    `${String(v.side)} is contaminated: ${list(v.flags)
      .map((f) => CONTAMINATING_TEXT[String(f)] ?? String(f))
      .join('; ')}`,
  'cannot-estimate': (v) => `cannot estimate: ${String(v.message)}`,
  'environment-differs': environmentProblems,
  'no-common-count': () =>
    'no common instruction count: run both sides with --counters simulate (or hardware counters)',
  'too-few-counts': () => 'fewer than 2 processes with counts on a side',
  'sample-advice': sampleAdvice,
  'side-outliers': (v) =>
    `${String(v.side)}: outliers (Tukey fences on relative residuals per process, kept): ` +
    `${num(v.mild)} mild, ${num(v.severe)} severe of ${num(v.total)} batches`,
  grubbs: (v) =>
    `${String(v.side)}: Grubbs' test on per-process ${String(v.statistic)} (α = ${num(v.alpha)}): ` +
    `G = ${num(v.g).toFixed(2)}, critical ${num(v.critical).toFixed(2)}, ` +
    (typeof v.outlier === 'number' ? `process #${v.outlier} is an outlier (kept)` : 'no outlying process'),
  'side-multimodal': (v) =>
    `${String(v.side)}: multimodal per-iteration times (Ashman's D ${num(v.ashmanD).toFixed(1)}, smaller mode ` +
    `${percent(num(v.share))}): the mean is not meaningful`,
  'checksums-differ': (v) =>
    `results differ: different result checksums (${String(v.base)} vs ${String(v.contender)}); the timing ` +
    'compares two computations',
  'checksums-unstable': (v) =>
    `result checksums not compared: they vary between the processes of the ${list(v.sides).join(' and ')}`,
  detectable: (v) =>
    'smallest difference detectable at 80 % power with these processes: ' +
    `${(num(v.minimumDetectable) * 100).toFixed(1)} %`,
  'odd-process-compared': (v) => {
    const f = num(v.factor);
    const how = f >= 1 ? `${f.toFixed(2)}× slower` : `${(1 / f).toFixed(2)}× faster`;
    return (
      `${String(v.side)} process ${num(v.process)} left out: relative to its run it read ${how} than the other ` +
      `${num(v.of) - 1} processes of both runs, which agreed within ${percent(num(v.spread))}`
    );
  },
  'odd-process-kept': (v) =>
    `${String(v.side)} process ${num(v.process)} is left out of its run's headline (it read ` +
    `${num(v.factor).toFixed(2)}× its siblings) but kept here: a comparison leaves a process out only with 5 or ` +
    'more processes on each side, so this interval carries it',
  'environment-allowed': (v) => `environment differs (allowed): ${environmentProblems(v)}`,
  'instruction-counts': (v) =>
    `${v.event === 'sim-instructions' ? 'simulated instructions/op' : 'instructions/op'}: ` +
    `${num(v.base).toFixed(1)} → ${num(v.contender).toFixed(1)}`,
};
