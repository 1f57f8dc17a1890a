// The CI gate (`compare --fail-on`) cannot be fooled: a slower contender that computes a
// different result, a crashed or missing contender, and a changed environment all fail it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/io.js';
import type { ResultDocument } from '../../src/results/schema.js';
import {
  ENVIRONMENT,
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const dir = mkdtempSync(join(tmpdir(), 'cb-gate-'));
let n = 0;
const file = (d: ResultDocument): string => {
  const p = join(dir, `${n++}.json`);
  writeFileSync(p, JSON.stringify(d));
  return p;
};
const quiet = (seed: number, cost: number, checksum = 'c0ffee01') =>
  forks(seed, 3, { cost, between: 0.002, within: 0.005, batches: 10, checksum });

async function gate(a: ResultDocument, b: ResultDocument, ...extra: string[]) {
  return runCli(['compare', file(a), file(b), '--fail-on', 'regression:5%', ...extra], dir);
}

const base = doc([bench('k', quiet(1, 10)), bench('other', quiet(2, 10))]);

describe('compare --fail-on cannot be fooled', () => {
  it('a clean run with equal timings passes (exit 0)', async () => {
    const same = doc([bench('k', quiet(3, 10)), bench('other', quiet(4, 10))]);
    // Intervals inside ±3 %: "no difference", nothing to say.
    const r = await gate(base, same, '--threshold', '3%');
    expect(r.stderr).toBe(
      'cyclebench compare: regressions judged at a family-wise level of 5 % (Holm over 2 comparisons)\n',
    );
    expect(r.code).toBe(0);
    // At the default ±1 % these intervals reach past the threshold: the policy is printed, and they pass…
    const unsure = await gate(base, same);
    expect(unsure.stderr).toMatch(
      /^cyclebench compare: \d benchmark\(s\) cannot tell \([^)]*\): they pass the gate; add ,cannot-tell to --fail-on to fail them$/m,
    );
    expect(unsure.code).toBe(0);
    // …unless the gate names them.
    const strict = await runCli(['compare', file(base), file(same), '--fail-on', 'regression:5%,cannot-tell'], dir);
    expect(strict.stderr).toMatch(/they fail the gate \(--fail-on …,cannot-tell\)/);
    expect(strict.stderr).toMatch(/benchmark\(s\) cannot tell, which --fail-on …,cannot-tell fails/);
    expect(strict.code).toBe(1);
    const bad = await runCli(['compare', file(base), file(same), '--fail-on', 'regression,maybe'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--fail-on takes regression, regression:THRESHOLD% or either followed by ,cannot-tell/);
  });

  it('4x slower with a different result: slower with a "results differ" caveat, exit 1', async () => {
    const r = await gate(
      base,
      doc([bench('k', quiet(5, 40, 'deadbeef')), bench('other', quiet(6, 10))]),
      '--format',
      'json',
    );
    const row = JSON.parse(r.stdout).comparisons.find((c: { name: string }) => c.name === 'k');
    expect(row.verdict).toBe('slower');
    expect(row.notes[0]).toMatch(/^results differ: different result checksums/);
    expect(r.stderr).toMatch(/1 significant regression\(s\) beyond 5\.0 % \(k\)/);
    expect(r.code).toBe(1);
  });

  it('a crashed contender fails the gate, named in one line', async () => {
    const crashed = bench('k', [], {
      error: { message: 'k: worker exited with SIGSEGV', kind: 'crash' },
      headline: null,
    });
    const r = await gate(base, doc([crashed, bench('other', quiet(7, 10))]));
    expect(r.stderr).toMatch(/^cyclebench compare: k: contender failed \(crash\)/m);
    expect(r.code).toBe(1);
  });

  it('a contender missing from the second file fails the gate', async () => {
    const r = await gate(base, doc([bench('other', quiet(8, 10))]));
    expect(r.stderr).toMatch(/^cyclebench compare: k: missing from the contender$/m);
    expect(r.code).toBe(1);
  });

  it('a changed Node version fails the gate unless --allow-env-change; then the timing decides', async () => {
    const otherNode = { ...ENVIRONMENT, node: { ...ENVIRONMENT.node, version: 'v22.1.0' } };
    const same = doc([bench('k', quiet(9, 10)), bench('other', quiet(10, 10))], otherNode);
    const r = await gate(base, same);
    expect(r.stderr).toMatch(
      /2 benchmark\(s\) ran on a different environment \(Node version differs: v20\.19\.0 vs v22\.1\.0\)/,
    );
    expect(r.code).toBe(1);
    const allowed = await gate(base, same, '--allow-env-change', '--threshold', '3%');
    expect(allowed.stderr).toMatch(
      /^cyclebench compare: regressions judged at a family-wise level of 5 % \(Holm over 2 comparisons\)\n$/,
    );
    expect(allowed.code).toBe(0);
    const slower = doc([bench('k', quiet(11, 40)), bench('other', quiet(12, 10))], otherNode);
    expect((await gate(base, slower, '--allow-env-change')).code).toBe(1);
  });
});

describe('changes during a run', () => {
  const during = (change: Record<string, unknown>) => ({ ...ENVIRONMENT, changes: [change] });
  const loadRise = {
    field: 'kernel.load.one',
    before: 0.5,
    after: 3.1,
    warning: '1-minute load average rose 0.50 → 3.10 during the run',
    load: true,
  };
  const governor = {
    field: 'frequency.governor',
    before: 'performance',
    after: 'powersave',
    warning: 'governor changed during the run (performance → powersave)',
  };

  it('a load rise alone leaves the runs comparable: the timing decides', async () => {
    const busy = doc([bench('k', quiet(17, 10)), bench('other', quiet(18, 10))], during(loadRise));
    const r = await gate(base, busy, '--threshold', '3%', '--format', 'json');
    const verdicts = JSON.parse(r.stdout).comparisons.map((c: { verdict: string }) => c.verdict);
    expect(verdicts).toEqual(['no-difference', 'no-difference']);
    expect(r.code).toBe(0);
  });

  it('a setting changed during either run makes both rows incomparable and fails the gate', async () => {
    const changed = doc([bench('k', quiet(19, 10)), bench('other', quiet(20, 10))], during(governor));
    const r = await gate(changed, base, '--threshold', '3%', '--format', 'json');
    const verdicts = JSON.parse(r.stdout).comparisons.map((c: { verdict: string }) => c.verdict);
    expect(verdicts).toEqual(['incomparable', 'incomparable']);
    expect(r.code).toBe(1);
  });
});

describe('compare --fail-on with nothing comparable', () => {
  it('every benchmark incomparable (cannot estimate): one line naming it, exit 1', async () => {
    const broken = (seed: number) => quiet(seed, 10).map((f) => ({ ...f, batches: [] }));
    const a = doc([bench('k', broken(13)), bench('other', broken(14))]);
    const b = doc([bench('k', broken(15)), bench('other', broken(16))]);
    const r = await gate(a, b, '--format', 'json');
    const verdicts = JSON.parse(r.stdout).comparisons.map((c: { verdict: string }) => c.verdict);
    expect(verdicts).toEqual(['incomparable', 'incomparable']);
    expect(r.stderr).toMatch(/^cyclebench compare: no benchmark could be compared, so --fail-on checked nothing$/m);
    expect(r.code).toBe(1);
  });
});
