// The CI gate's policy (src/compare/gate.ts) on exact cases, and its words (src/report/gate.ts).
import { describe, expect, it } from 'vitest';
import type { DocumentComparison } from '../../src/compare/documents.js';
import { decideGate, decidePairedGate, type GateSettings, regressions } from '../../src/compare/gate.js';
import type { Comparison, IncomparableCause } from '../../src/compare/types.js';
import type { Verdict } from '../../src/results/schema.js';
import { gateLines, pairedGateLine } from '../../src/report/gate.js';

function row(name: string, verdict: Verdict, ratio: number | null, p: number | null, cause?: IncomparableCause) {
  return {
    name,
    group: null,
    args: {},
    verdict,
    ratio: ratio === null ? null : { point: ratio, ciLow: ratio * 0.99, ciHigh: ratio * 1.01 },
    pValue: p,
    ciPValue: p,
    confidence: 0.95,
    baseNs: 10,
    contenderNs: ratio === null ? null : 10 * ratio,
    details: [],
    ...(cause ? { cause, reason: `${cause} changed` } : {}),
  } as Comparison;
}

function result(comparisons: Comparison[], onlyBase: string[] = []): DocumentComparison {
  return {
    comparisons,
    onlyBase,
    onlyContender: [],
    duplicates: [],
    environment: { differences: [], unchecked: [] },
  } as unknown as DocumentComparison;
}

const S: GateSettings = { threshold: 0.05, confidence: 0.95, failOnCannotTell: false, allowEnvChange: false };

describe('compare --fail-on: which rows fail the gate', () => {
  it('a slower row beyond the threshold that holds after Holm fails; within the threshold it passes', () => {
    const r = result([row('a', 'slower', 1.2, 0.001), row('b', 'no-difference', 1.0, 0.9)]);
    const d = decideGate(r, S);
    expect(d.suite.regressions.map((c) => c.name)).toEqual(['a']);
    expect(d.failed).toBe(true);
    expect(decideGate(r, { ...S, threshold: 0.25 }).failed).toBe(false);
    expect(regressions(r.comparisons, 0.25)).toEqual([]);
  });

  it('Holm over two rows: p = 0.04 is slower at its own 5 % but not at 2.5 %, so it passes', () => {
    const r = result([row('a', 'slower', 1.2, 0.04), row('b', 'no-difference', 1.0, 0.5)]);
    const d = decideGate(r, S);
    expect(regressions(r.comparisons, S.threshold).map((c) => c.name)).toEqual(['a']);
    expect(d.suite.regressions).toEqual([]);
    expect(d.suite.notAfterAdjustment.map((c) => c.name)).toEqual(['a']);
    expect(d.failed).toBe(false);
    expect(gateLines(r, d, S)).toEqual([
      'regressions judged at a family-wise level of 5 % (Holm over 2 comparisons)',
      'a: slower at its own 95 % but not after Holm over 2 comparisons (p = 0.040): passes the gate',
    ]);
  });

  it('rows the table already held to the family-wise level are judged by their own verdict', () => {
    // compareDocuments prints a row significant only on its own as cannot-tell (adjustVerdicts),
    // keeping its own verdict in the reason: an improvement must not fail a cannot-tell gate.
    const adjusted = (name: string, own: 'faster' | 'slower', ratio: number, p: number) =>
      ({
        ...row(name, 'cannot-tell', ratio, p),
        because: {
          code: 'not-after-adjustment',
          severity: 'warning',
          values: { verdict: own, pValue: p, family: 10, alpha: 0.05 },
        },
      }) as Comparison;
    const quiet = Array.from({ length: 7 }, (_, i) => row(`q${i}`, 'no-difference', 1, 0.6));
    const strict = { ...S, failOnCannotTell: true };
    const improved = result([adjusted('fast', 'faster', 0.9, 0.01), ...quiet]);
    const d = decideGate(improved, strict);
    expect(d.cannotTell).toEqual([]);
    expect(d.failed).toBe(false);
    expect(gateLines(improved, d, strict)).toContain(
      '1 benchmark(s) faster at their own 95 % but not after Holm (fast): no regression either way, they pass the gate',
    );
    // Slower on its own, within the gate's 5 %: no regression, whatever the policy.
    expect(decideGate(result([adjusted('near', 'slower', 1.02, 0.01), ...quiet]), strict).failed).toBe(false);
    // Slower on its own beyond 5 %: named as not holding after Holm; passes, or fails with cannot-tell.
    const slow = result([adjusted('slow', 'slower', 1.2, 0.01), ...quiet]);
    expect(decideGate(slow, S).suite.notAfterAdjustment.map((c) => c.name)).toEqual(['slow']);
    expect(decideGate(slow, S).failed).toBe(false);
    expect(gateLines(slow, decideGate(slow, S), S)).toContain(
      'slow: slower at its own 95 % but not after Holm over 8 comparisons (p = 0.010): passes the gate',
    );
    const failed = decideGate(slow, strict);
    expect(failed.failed).toBe(true);
    expect(gateLines(slow, failed, strict).at(-1)).toBe(
      '1 benchmark(s) cannot tell, which --fail-on …,cannot-tell fails',
    );
  });

  it('cannot-tell passes with a line, and fails when the gate names it', () => {
    const r = result([row('a', 'cannot-tell', 1.02, 0.3)]);
    expect(decideGate(r, S).failed).toBe(false);
    expect(gateLines(r, decideGate(r, S), S)).toContain(
      '1 benchmark(s) cannot tell (a): they pass the gate; add ,cannot-tell to --fail-on to fail them',
    );
    const strict = { ...S, failOnCannotTell: true };
    const d = decideGate(r, strict);
    expect(d.failed).toBe(true);
    expect(gateLines(r, d, strict).slice(-2)).toEqual([
      '1 benchmark(s) cannot tell (a): they fail the gate (--fail-on …,cannot-tell)',
      '1 benchmark(s) cannot tell, which --fail-on …,cannot-tell fails',
    ]);
  });

  it('a failed contender and a missing one fail, each named', () => {
    const r = result([row('a', 'incomparable', null, null, 'contender'), row('b', 'faster', 0.5, 0.001)], ['c']);
    const d = decideGate(r, S);
    expect(d.failed).toBe(true);
    expect(gateLines(r, d, S).slice(-2)).toEqual(['a: contender changed', 'c: missing from the contender']);
  });

  it('a changed environment fails unless allowed; a baseline that failed does not fail the gate', () => {
    const r = result([row('a', 'incomparable', null, null, 'environment'), row('b', 'faster', 0.5, 0.001)]);
    expect(decideGate(r, S).failed).toBe(true);
    expect(gateLines(r, decideGate(r, S), S).at(-1)).toBe(
      '1 benchmark(s) ran on a different environment (environment changed); pass --allow-env-change to gate on such runs',
    );
    expect(decideGate(r, { ...S, allowEnvChange: true }).failed).toBe(false);
    const base = result([row('a', 'incomparable', null, null, 'baseline'), row('b', 'faster', 0.5, 0.001)]);
    expect(decideGate(base, S).failed).toBe(false);
  });

  it('a gate that compared nothing fails, also when every row had too few processes; beside compared rows they pass', () => {
    const nothing = result([row('a', 'incomparable', null, null, 'baseline')]);
    const d = decideGate(nothing, { ...S, allowEnvChange: true });
    expect(d.checkedNothing).toBe(true);
    expect(d.failed).toBe(true);
    expect(gateLines(nothing, d, S).at(-1)).toBe('no benchmark could be compared, so --fail-on checked nothing');
    const few = result([row('a', 'too-few', null, null)]);
    const f = decideGate(few, S);
    expect(f.checkedNothing).toBe(true);
    expect(f.failed).toBe(true);
    expect(gateLines(few, f, S)).toEqual([
      '1 benchmark(s) with too few processes for a verdict; --fail-on could not check them',
      'no benchmark could be compared, so --fail-on checked nothing',
    ]);
    const mixed = result([row('a', 'too-few', null, null), row('b', 'faster', 0.5, 0.001)]);
    const m = decideGate(mixed, S);
    expect(m.checkedNothing).toBe(false);
    expect(m.failed).toBe(false);
  });
});

describe('a paired run: --fail-on-regression and --fail-on-cannot-tell', () => {
  const rows = [{ name: 'a', verdict: 'slower' }, { name: 'b', verdict: 'cannot-tell' }, { name: 'c' }];
  it('no gate asked: nothing fails and nothing is said', () => {
    const d = decidePairedGate(rows, { failOnRegression: false, failOnCannotTell: false });
    expect(d).toEqual({ gated: false, slower: ['a'], cannotTell: ['b'], failed: false });
    expect(pairedGateLine(d, false)).toBeNull();
  });
  it('a slower row fails --fail-on-regression; cannot-tell passes with a line unless named', () => {
    const d = decidePairedGate(rows.slice(1), { failOnRegression: true, failOnCannotTell: false });
    expect(d.failed).toBe(false);
    expect(pairedGateLine(d, false)).toBe(
      '1 benchmark(s) cannot tell (b): they pass the gate; add --fail-on-cannot-tell to fail them',
    );
    expect(decidePairedGate(rows, { failOnRegression: true, failOnCannotTell: false }).failed).toBe(true);
    const strict = decidePairedGate(rows.slice(1), { failOnRegression: false, failOnCannotTell: true });
    expect(strict.failed).toBe(true);
    expect(pairedGateLine(strict, true)).toBe(
      '1 benchmark(s) cannot tell (b): they fail the gate (--fail-on-cannot-tell)',
    );
  });
});
