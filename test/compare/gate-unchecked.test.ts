// The compare gate on rows it could not check (src/compare/gate.ts): a pair whose ratio could not
// be estimated fails it and is named; rows that were never compared do not enter the Holm family;
// --allow-env-change lets a run whose machine changed be compared; names in the gate's lines are
// the table's, args included; a damaged environment section is refused on reading.
import { describe, expect, it } from 'vitest';
import type { DocumentComparison } from '../../src/compare/documents.js';
import { compareDocuments } from '../../src/compare/documents.js';
import { decideGate, type GateSettings } from '../../src/compare/gate.js';
import { suiteRegressions } from '../../src/compare/suite-level.js';
import type { Comparison } from '../../src/compare/types.js';
import { gateLines } from '../../src/report/gate.js';
import { parseResultDocument } from '../../src/results/read.js';
import {
  ENVIRONMENT,
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const S: GateSettings = { threshold: 0.05, confidence: 0.95, failOnCannotTell: false, allowEnvChange: false };
const C = { threshold: 0.01, confidence: 0.95, seed: 1 };
const quiet = (seed: number, cost: number) => forks(seed, 3, { cost, between: 0.002, within: 0.005, batches: 6 });

describe('compare --fail-on and rows it could not check', () => {
  it('a contender whose ratio could not be estimated fails the gate, named in one line', () => {
    const base = doc([bench('k', quiet(1, 10)), bench('m', quiet(2, 10))]);
    const broken = quiet(3, 20).map((f) => ({ ...f, batches: f.batches.slice(0, 1) }));
    const r = compareDocuments(base, doc([bench('k', broken), bench('m', quiet(4, 10))]), C);
    const k = r.comparisons.find((c) => c.name === 'k')!;
    expect([k.verdict, k.cause]).toEqual(['incomparable', 'estimate']);
    const d = decideGate(r, S);
    expect(d.unestimated.map((c) => c.name)).toEqual(['k']);
    expect(d.failed).toBe(true);
    expect(gateLines(r, d, S).some((l) => l.startsWith('k: not checked: '))).toBe(true);
  });

  it('rows found incomparable for a changed environment do not enter the Holm family', () => {
    const row = (name: string, verdict: Comparison['verdict'], p: number) =>
      ({
        name,
        group: null,
        args: {},
        verdict,
        ratio: null,
        pValue: p,
        ciPValue: p,
        details: [],
      }) as unknown as Comparison;
    const rows = [row('a', 'slower', 0.03), ...['b', 'c', 'd'].map((n) => row(n, 'incomparable', 0.5))];
    expect(suiteRegressions(rows, 0, 0.05).family).toBe(1);
  });

  it('--allow-env-change compares a run whose machine changed (its rows flagged environment-changed)', () => {
    const changed = structuredClone(ENVIRONMENT) as Record<string, unknown>;
    changed.changes = [
      { field: 'frequency.governor', before: 'performance', after: 'powersave', warning: 'governor changed' },
    ];
    const flagged = bench('k', quiet(2, 10), { flags: ['environment-changed'] });
    const r = (allow: boolean) =>
      compareDocuments(doc([bench('k', quiet(1, 10))]), doc([flagged], changed), {
        ...C,
        allowEnvironmentChange: allow,
      });
    expect(r(false).comparisons[0]!.verdict).toBe('incomparable');
    const allowed = r(true).comparisons[0]!;
    expect(allowed.verdict).not.toBe('incomparable');
    expect(allowed.details.map((d) => d.code)).toContain('environment-allowed');
  });

  it("the gate's lines name a row as the table does (args included), and the threshold as given", () => {
    const row = {
      name: 'loop',
      group: 'g',
      args: { n: 2 },
      verdict: 'slower',
      ratio: { point: 1.5, ciLow: 1.4, ciHigh: 1.6 },
      pValue: 1e-6,
      ciPValue: 1e-6,
      confidence: 0.95,
      details: [],
    } as unknown as Comparison;
    const r = { comparisons: [row], onlyBase: [], onlyContender: [], duplicates: [] } as unknown as DocumentComparison;
    const s = { ...S, threshold: 0.0025 };
    expect(gateLines(r, decideGate(r, s), s)).toContain('1 significant regression(s) beyond 0.25 % (g/loop [n=2])');
  });

  it('a result file whose environment lists are damaged is refused in one message, not a crash', () => {
    const d = JSON.parse(JSON.stringify(doc([bench('k', quiet(1, 10))])));
    d.tool = { name: 'cyclebench' };
    d.environment.changes = 'oops';
    expect(() => parseResultDocument(d, 'd.json')).toThrow(
      /d\.json: malformed result document: environment\.changes must be array/,
    );
  });
});
