// Pairs the benchmarks of two result documents by (group, name, args). Args are compared
// by value with their keys sorted, so {a:1,b:2} and {b:2,a:1} are the same case. A key that
// occurs twice on one side (two files defining the same benchmark) keeps its first
// occurrence and is reported as a duplicate rather than paired at random.

import type { BenchmarkResult } from '../results/schema.js';
import { fullName } from '../text/format.js';

export interface MatchedPair {
  key: string;
  base: BenchmarkResult;
  contender: BenchmarkResult;
}

export interface MatchResult {
  pairs: MatchedPair[];
  onlyBase: BenchmarkResult[];
  onlyContender: BenchmarkResult[];
  /** Keys seen more than once in one document (only the first was used). */
  duplicates: string[];
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * "group/name" with the args appended as k=v, e.g. "sum/reduce [n=100]". A run's rows are named
 * with their args already ("reduce [n=100]", the registry's title), which are not appended twice.
 */
export function displayName(b: Pick<BenchmarkResult, 'group' | 'name' | 'args'>): string {
  const full = fullName(b.group, b.name);
  const value = (k: string) => `${k}=${typeof b.args[k] === 'string' ? b.args[k] : canonicalJson(b.args[k])}`;
  const keys = Object.keys(b.args ?? {});
  const suffix = (order: string[]) => ` [${order.map(value).join(', ')}]`;
  const sorted = suffix([...keys].sort());
  // The registry appends them in their declared order (src/api/registry.ts titleFor).
  const named = [sorted, suffix(keys)].some((x) => full.endsWith(x));
  return keys.length && !named ? `${full}${sorted}` : full;
}

export function matchKey(b: Pick<BenchmarkResult, 'group' | 'name' | 'args'>): string {
  return canonicalJson([b.group ?? null, b.name, b.args ?? {}]);
}

function index(list: readonly BenchmarkResult[], duplicates: Set<string>): Map<string, BenchmarkResult> {
  const map = new Map<string, BenchmarkResult>();
  for (const b of list) {
    const k = matchKey(b);
    if (map.has(k)) duplicates.add(displayName(b));
    else map.set(k, b);
  }
  return map;
}

/** Pairs in the base document's order; the unmatched of each side in their own order. */
export function matchBenchmarks(base: readonly BenchmarkResult[], contender: readonly BenchmarkResult[]): MatchResult {
  const dup = new Set<string>();
  const b = index(base, dup);
  const c = index(contender, dup);
  const pairs: MatchedPair[] = [];
  const onlyBase: BenchmarkResult[] = [];
  for (const [key, bb] of b) {
    const cc = c.get(key);
    if (cc) pairs.push({ key, base: bb, contender: cc });
    else onlyBase.push(bb);
  }
  const onlyContender = [...c].filter(([key]) => !b.has(key)).map(([, v]) => v);
  return { pairs, onlyBase, onlyContender, duplicates: [...dup] };
}
