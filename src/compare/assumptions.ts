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

export interface EnvironmentCheck {
  /** Broken assumptions, one line each, e.g. "Node version differs: v20.1.0 vs v20.2.0". */
  differences: string[];
  /** Facts missing from one side, so not checked. */
  unchecked: string[];
}

type Env = Record<string, unknown>;

function at(env: Env | undefined, path: string): unknown {
  let v: unknown = env;
  for (const p of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

function show(v: unknown): string {
  if (Array.isArray(v)) return v.length ? `CPUs ${v.join(',')}` : 'none';
  if (v === null) return 'not pinned';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The facts that must match, by dotted path in ResultDocument.environment. */
const FACTS: { path: string; label: string }[] = [
  { path: 'cpu.model', label: 'CPU model' },
  { path: 'frequency.governor', label: 'CPU frequency governor' },
  { path: 'frequency.boost.enabled', label: 'turbo/boost' },
  { path: 'node.version', label: 'Node version' },
  { path: 'node.v8', label: 'V8 version' },
  // conditions.cpus null means "not pinned", a fact in itself.
  { path: 'conditions.cpus', label: 'pinning' },
  { path: 'conditions.noAslr', label: 'ASLR disabled' },
  { path: 'conditions.aslr', label: 'ASLR mode' },
  { path: 'conditions.mlock', label: 'memory locking (mlock)' },
];

export function compareEnvironments(base: Env | undefined, contender: Env | undefined): EnvironmentCheck {
  const differences: string[] = [];
  const unchecked: string[] = [];
  for (const f of FACTS) {
    const a = at(base, f.path);
    const b = at(contender, f.path);
    const nullIsFact = f.path === 'conditions.cpus';
    if (a === undefined || b === undefined || (!nullIsFact && (a === null || b === null))) {
      unchecked.push(f.label);
      continue;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`${f.label} differs: ${show(a)} vs ${show(b)}`);
  }
  return { differences, unchecked };
}

/** Flags that mean a run cannot be trusted for a comparison (others are only noted). */
export const CONTAMINATING_FLAGS: readonly Flag[] = ['environment-changed', 'optimized-away'];

/** Why one side cannot be compared (an error, no measurement, a contaminating flag), as data, or null. */
export function sideProblem(b: BenchmarkResult, side: 'baseline' | 'contender'): AnalysisDetail | null {
  const why = (code: AnalysisDetail['code'], values: AnalysisDetail['values']): AnalysisDetail => ({
    code,
    severity: 'warning',
    values: { side, ...values },
  });
  if (b.error) return why('side-failed', { kind: b.error.kind, message: b.error.message });
  if (!b.forks?.length || !b.headline) return why('side-unmeasured', { message: null });
  const bad = b.flags.filter((f) => CONTAMINATING_FLAGS.includes(f));
  if (bad.length) return why('side-contaminated', { flags: bad });
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
  const sides = [a === null ? 'baseline' : null, b === null ? 'contender' : null].filter((x) => x !== null);
  return { differs: false, note: { code: 'checksums-unstable', severity: 'info', values: { sides } } };
}
