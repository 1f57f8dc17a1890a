// Judging a benchmark file's assertions (src/results/checks.ts) on cyclebench's comparison of
// the two benchmarks, never on one run's means as vitest does (`actual.latency.mean <
// expected.latency.mean · (1 − delta)`). With r = actual / expected time per iteration and its
// interval [lo, hi] over processes (compare.ts):
// - toBeFasterThan(e, { delta }) passes when the verdict is 'faster' and hi ≤ 1 − delta (faster by
//   at least delta, at the stated confidence); fails when the verdict is 'slower' or
//   'no-difference', or lo ≥ 1 − delta (not faster by delta); otherwise cannot tell.
// - toBeSlowerThan(e, { delta }): passes on 'slower' with lo ≥ 1 + delta; fails on 'faster' or
//   'no-difference', or hi ≤ 1 + delta; otherwise cannot tell.
// - `.not` swaps passed and failed; 'cannot tell' (and a 'too-few' or 'incomparable' verdict)
//   fails neither way: it is reported, and does not fail the run.
// The comparison is the one the table shows when one benchmark is the other's baseline (the
// ratio inverted when the assertion names them the other way round), else compare.ts's on the
// two benchmarks' processes. Either way at the row's own level: an assertion is a claim stated
// before the run, so a table row held back by the run's family-wise level (Holm over its
// .baseline() comparisons, src/compare/documents.ts) is judged on its own verdict here.
import type { Check, CheckOutcome } from '../results/checks.js';
import type { BenchmarkResult, RelativeResult, ResultDocument, Verdict } from '../results/schema.js';
import { compareForks, type ForkCompareOptions } from './compare.js';
import { DEFAULT_CONFIDENCE } from './defaults.js';
import { fullName } from '../text/format.js';

interface Ratio {
  point: number;
  ciLow: number;
  ciHigh: number;
  confidence: number;
}

/** actual / expected, from the table's comparison when there is one, else compared here. */
function compared(
  a: BenchmarkResult,
  e: BenchmarkResult,
  opts: ForkCompareOptions,
): { ratio: Ratio; verdict: Verdict } {
  const confidence = opts.confidence ?? DEFAULT_CONFIDENCE;
  const own = (r: RelativeResult): Verdict =>
    r.because?.code === 'not-after-adjustment' ? r.because.values.verdict : r.verdict;
  const ar = a.relative?.ratio && a.relative.baseline === fullName(e.group, e.name) ? a.relative : undefined;
  if (ar?.ratio) return { ratio: { ...ar.ratio, confidence }, verdict: own(ar) };
  const er = e.relative?.ratio && e.relative.baseline === fullName(a.group, a.name) ? e.relative : undefined;
  if (er?.ratio) {
    const r = er.ratio;
    const swap: Partial<Record<Verdict, Verdict>> = { faster: 'slower', slower: 'faster' };
    const ratio = { point: 1 / r.point, ciLow: 1 / r.ciHigh, ciHigh: 1 / r.ciLow, confidence };
    const verdict = own(er);
    return { ratio, verdict: swap[verdict] ?? verdict };
  }
  const c = compareForks(e.forks, a.forks, opts);
  return { ratio: c.ratio, verdict: c.verdict };
}

const times = (x: number) => `${x.toFixed(2)}×`;

function judgeOne(check: Check, byName: Map<string, BenchmarkResult>, opts: ForkCompareOptions): CheckOutcome {
  // Within one test both benchmarks share its group: named by their own names.
  const short = (n: string | undefined) => (n === undefined ? '…' : n.slice(n.lastIndexOf('/') + 1));
  const [an, en] = [short(check.actual), short(check.expected)];
  const call = `expect(${an})${check.not ? '.not' : ''}.${check.matcher}(${en})`;
  if (check.expected === undefined || check.actual === undefined)
    return { ...check, status: 'not-judged', reason: `${call}: not a comparison of two benchmarks, not judged` };
  const [a, e] = [byName.get(check.actual), byName.get(check.expected)];
  if (!a || !e) {
    const missing = !a ? check.actual : check.expected;
    const why = missing.startsWith('from:')
      ? 'a result stored by bench.from() has no processes to compare'
      : `'${missing}' was not measured`;
    return { ...check, status: 'not-judged', reason: `${call}: ${why}` };
  }
  if (a.error || e.error || a.forks.length === 0 || e.forks.length === 0)
    return { ...check, status: 'cannot-tell', reason: `${call}: a benchmark failed, nothing to compare` };
  let c;
  try {
    c = compared(a, e, opts);
  } catch (err) {
    return { ...check, status: 'cannot-tell', reason: `${call}: ${(err as Error).message}` };
  }
  const { ratio, verdict } = c;
  const delta = check.delta ?? 0;
  const faster = check.matcher === 'toBeFasterThan';
  const bound = faster ? 1 - delta : 1 + delta;
  let holds: boolean | null = null;
  if (verdict === 'too-few' || verdict === 'incomparable') holds = null;
  else if (faster && verdict === 'faster' && ratio.ciHigh <= bound) holds = true;
  else if (!faster && verdict === 'slower' && ratio.ciLow >= bound) holds = true;
  else if (faster && (verdict === 'slower' || verdict === 'no-difference' || ratio.ciLow >= bound)) holds = false;
  else if (!faster && (verdict === 'faster' || verdict === 'no-difference' || ratio.ciHigh <= bound)) holds = false;
  const status = holds === null ? 'cannot-tell' : holds !== check.not ? 'passed' : 'failed';
  const interval = `${times(ratio.point)} [${times(ratio.ciLow)}, ${times(ratio.ciHigh)}]`;
  const asked = delta > 0 ? ` (asked: ${faster ? '≤' : '≥'} ${times(bound)})` : '';
  return {
    ...check,
    status,
    ratio: { point: ratio.point, ciLow: ratio.ciLow, ciHigh: ratio.ciHigh, confidence: ratio.confidence },
    verdict,
    reason: `${call}: ${verdict.replace('-', ' ')}, ${an} / ${en} = ${interval}${asked}`,
  };
}

export function judgeChecks(doc: ResultDocument, checks: readonly Check[], opts: ForkCompareOptions): CheckOutcome[] {
  const byName = new Map(doc.benchmarks.map((b) => [fullName(b.group, b.name), b]));
  return checks.map((c) => judgeOne(c, byName, opts));
}
