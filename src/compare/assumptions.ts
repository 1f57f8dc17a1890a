// The assumptions a comparison rests on (answer 4 "incomparable"): the same
// machine setup on both sides, clean runs, and the same computed result. A broken
// assumption makes the pair incomparable, with the reason as data (src/report/details.ts words it); a fact that one
// document does not record cannot be checked and is listed as such, not guessed.
//
// Checksums: ForkResult.checksum folds the value of every batch, so it is a fingerprint of
// the result only when every process of a side agrees on it (the engine may fold a value per
// batch, and batch counts vary with the adaptive stop). Sides that each agree internally and
// disagree with each other computed different things. That is information, not a reason to
// hide the timing: the verdict stands and carries a "results differ" caveat, so a CI gate
// still fails on a contender that got slower while computing something else. A side whose
// processes disagree is not fingerprinted (noted).

import type { AnalysisDetail, BenchmarkResult, Flag } from '../results/schema.js';
import { detail, type EnvironmentValues, type Side } from '../results/detail-schema.js';

export interface EnvironmentDifference {
  /** Dotted path of the fact in ResultDocument.environment, e.g. "node.version". */
  fact: string;
  base: unknown;
  contender: unknown;
}

export interface EnvironmentCheck {
  /** Broken assumptions, e.g. node.version v20.1.0 vs v20.2.0 (src/report/comparison-details.ts words them). */
  differences: EnvironmentDifference[];
  /** Facts (dotted paths) missing from one side, so not checked. */
  unchecked: string[];
}

/** What breaks the comparison of two runs, as detail values: each differing fact, each run that changed. */
export interface EnvironmentProblems {
  differences: EnvironmentDifference[];
  /** 'baseline' / 'contender': the environment changed during that run. */
  changedDuring: string[];
}

/** The problems as a detail's values (each side's value JSON-encoded: a value may be a list). */
export function problemValues(p: EnvironmentProblems): EnvironmentValues {
  return {
    facts: p.differences.map((d) => d.fact),
    bases: p.differences.map((d) => JSON.stringify(d.base)),
    contenders: p.differences.map((d) => JSON.stringify(d.contender)),
    changedDuring: p.changedDuring,
  };
}

export const hasProblems = (p: EnvironmentProblems): boolean => p.differences.length + p.changedDuring.length > 0;

type Env = Record<string, unknown>;

function at(env: Env | undefined, path: string): unknown {
  let v: unknown = env;
  for (const p of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/** The facts that must match, by dotted path in ResultDocument.environment (named in src/report). */
export const ENVIRONMENT_FACTS = [
  'cpu.model',
  'frequency.governor',
  'frequency.boost.enabled',
  'node.version',
  'node.v8',
  // conditions.cpus null means "not pinned", a fact in itself.
  'conditions.cpus',
  'conditions.noAslr',
  'conditions.aslr',
  'conditions.mlock',
  // null means "each worker started at its turn", a fact in itself.
  'conditions.prestartCpus',
  // Extra Node/V8 flags of every worker (`run --flags`); [] when none. Older documents do not record them.
  'conditions.nodeFlags',
] as const;

/** Facts for which null is a value (not "unknown"). */
const NULL_IS_FACT: readonly string[] = ['conditions.cpus', 'conditions.prestartCpus'];

/**
 * Pinning as a comparison sees it: pinned or not, to how many CPUs, and how fast those CPUs may run
 * (cpufreq's scaling_max_freq per CPU, when recorded). Which CPU is not itself a condition: a run picks
 * the idlest CPU at its start, so two runs on a machine of equal CPUs often pin CPU 0 and CPU 1, and
 * both measured on the same hardware. On a hybrid CPU (performance and efficiency cores) the maximum
 * frequencies differ, and so do the keys.
 */
function pinningKey(env: Env | undefined): string {
  const cpus = at(env, 'conditions.cpus');
  if (!Array.isArray(cpus)) return 'not pinned';
  const perCpu = at(env, 'frequency.perCpu');
  const maxMHz = (cpu: unknown) =>
    Array.isArray(perCpu) ? (perCpu as { cpu?: unknown; maxMHz?: unknown }[]).find((p) => p.cpu === cpu)?.maxMHz : null;
  const speeds = cpus.map((c) => maxMHz(c) ?? '?').sort();
  return `${cpus.length} CPUs, max MHz ${speeds.join(',')}`;
}

function samePinning(base: Env | undefined, contender: Env | undefined): boolean {
  return pinningKey(base) === pinningKey(contender);
}

function sameFact(fact: string, a: unknown, b: unknown, base: Env | undefined, contender: Env | undefined): boolean {
  if (fact === 'conditions.cpus') return samePinning(base, contender);
  // Which CPUs follows from the measuring CPU; whether workers started ahead is the condition.
  if (fact === 'conditions.prestartCpus') return Array.isArray(a) === Array.isArray(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

export function compareEnvironments(base: Env | undefined, contender: Env | undefined): EnvironmentCheck {
  const differences: EnvironmentDifference[] = [];
  const unchecked: string[] = [];
  for (const fact of ENVIRONMENT_FACTS) {
    const a = at(base, fact);
    const b = at(contender, fact);
    if (a === undefined || b === undefined || (!NULL_IS_FACT.includes(fact) && (a === null || b === null))) {
      unchecked.push(fact);
      continue;
    }
    if (!sameFact(fact, a, b, base, contender)) differences.push({ fact, base: a, contender: b });
  }
  return { differences, unchecked };
}

/**
 * The fact of one benchmark (not of the whole run) that must match: who turned its TypeScript file
 * into JavaScript (ForkResult.typescript). tsx compiles the file with esbuild, which may rewrite
 * syntax for the Node it targets; Node's own type stripping only blanks the types out. The code
 * that runs can differ, so the two timings are not of the same program. Absent on either side
 * (a JavaScript file, an older document): not checked.
 */
const TYPESCRIPT_FACT = 'benchmark.typescript';

function loaderOf(b: BenchmarkResult): string | undefined {
  const loaders = new Set(b.forks.map((f) => f.typescript));
  return loaders.size === 0 || loaders.has(undefined) ? undefined : [...loaders].sort().join(', ');
}

/** The run's broken assumptions plus this pair's own (TYPESCRIPT_FACT). */
export function withBenchmarkFacts(
  run: EnvironmentProblems,
  base: BenchmarkResult,
  contender: BenchmarkResult,
): EnvironmentProblems {
  const [a, b] = [loaderOf(base), loaderOf(contender)];
  if (a === undefined || b === undefined || a === b) return run;
  return { ...run, differences: [...run.differences, { fact: TYPESCRIPT_FACT, base: a, contender: b }] };
}

/** Flags that mean a run cannot be trusted for a comparison (others are only noted). */
export const CONTAMINATING_FLAGS: readonly Flag[] = ['environment-changed', 'optimized-away', 'estimates-disagree'];

/**
 * Why one side cannot be compared (an error, no measurement, a contaminating flag), as data, or
 * null. `allowEnvironmentChange` (compare --allow-env-change): a machine that changed during the
 * run is the caveat the user accepted, not contamination (the comparison then says so).
 */
export function sideProblem(b: BenchmarkResult, side: Side, allowEnvironmentChange = false): AnalysisDetail | null {
  if (b.error) return detail('side-failed', { side, kind: b.error.kind, message: b.error.message });
  if (!b.forks?.length || !b.headline) return detail('side-unmeasured', { side, message: null });
  const bad = b.flags.filter(
    (f) => CONTAMINATING_FLAGS.includes(f) && !(allowEnvironmentChange && f === 'environment-changed'),
  );
  if (bad.length) return detail('side-contaminated', { side, flags: bad });
  return null;
}

export interface ChecksumCheck {
  /** Both sides stable and different: the caveat goes first among the notes. */
  differs: boolean;
  note: AnalysisDetail | null;
}

function stableChecksum(b: BenchmarkResult): string | null {
  const set = new Set(b.forks.map((f) => f.checksum).filter((c) => typeof c === 'string' && c !== ''));
  return set.size === 1 ? [...set][0] : null;
}

export function compareChecksums(base: BenchmarkResult, contender: BenchmarkResult): ChecksumCheck {
  const a = stableChecksum(base);
  const b = stableChecksum(contender);
  if (a !== null && b !== null) {
    return a === b
      ? { differs: false, note: null }
      : { differs: true, note: { code: 'checksums-differ', severity: 'warning', values: { base: a, contender: b } } };
  }
  const unstable: (Side | null)[] = [a === null ? 'baseline' : null, b === null ? 'contender' : null];
  const sides = unstable.filter((x) => x !== null);
  return { differs: false, note: { code: 'checksums-unstable', severity: 'info', values: { sides } } };
}
