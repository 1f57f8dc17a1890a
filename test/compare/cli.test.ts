// `cyclebench compare` end to end on temp files, through main() with a captured Io.
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runCli } from '../helpers/io.js';
import { READABLE_SCHEMA_VERSIONS } from '../../src/results/read.js';
import {
  syntheticBenchmark as bench,
  syntheticDocument as doc,
  syntheticForks as forks,
} from '../helpers/synthetic-results.js';

const dir = mkdtempSync(join(tmpdir(), 'cb-cmp-'));
const write = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const quiet = (seed: number, cost: number) => forks(seed, 3, { cost, between: 0.002, within: 0.005, batches: 10 });
const base = write(
  'base.json',
  JSON.stringify(
    doc([
      bench('same', quiet(1, 10)),
      bench('slow', quiet(2, 10), { group: 'g', args: { n: 1 } }),
      bench('gone', quiet(3, 5)),
    ]),
  ),
);
const head = write(
  'head.json',
  JSON.stringify(
    doc([
      bench('same', quiet(4, 10)),
      bench('slow', quiet(5, 10.8), { group: 'g', args: { n: 1 } }),
      bench('new', quiet(6, 5)),
    ]),
  ),
);

async function run(...args: string[]) {
  return runCli(['compare', ...args], dir);
}

describe('cyclebench compare', () => {
  it("reads files relative to the command's working directory and names them as given", async () => {
    // `dir` is not this process's working directory: only the Io's cwd can find these names.
    expect(process.cwd()).not.toBe(dir);
    const r = await run('base.json', 'head.json', '--format', 'json', '--seed', '3');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).comparisons.length).toBeGreaterThan(0);
    const missing = await run('base.json', 'nothere.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('cyclebench compare: nothere.json: no such file\n');
  });

  it('prints JSON with the minimum fields', async () => {
    const r = await run(base, head, '--format', 'json', '--seed', '3');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.comparisons.map((c: { name: string; verdict: string }) => [c.name, c.verdict])).toEqual([
      ['same', 'no-difference'],
      ['slow', 'slower'],
    ]);
    expect(j.comparisons[1]).toMatchObject({
      args: { n: 1 },
      ratio: { point: expect.any(Number), ciLow: expect.any(Number), ciHigh: expect.any(Number) },
      pValue: expect.any(Number),
    });
    expect(j.comparisons[1].ratio.point).toBeCloseTo(1.08, 1);
    // What this setup can resolve, as a number scripts can read (the A/A bench uses it).
    for (const c of j.comparisons)
      expect(c.minimumDetectable === null || (c.minimumDetectable > 0 && c.minimumDetectable < 1)).toBe(true);
    expect(
      j.comparisons.some((c: { minimumDetectable: number | null }) => typeof c.minimumDetectable === 'number'),
    ).toBe(true);
    expect(j.onlyBase).toEqual(['gone']);
    expect(j.onlyContender).toEqual(['new']);
  });
  it('prints text and Markdown', async () => {
    const t = await run(base, head);
    expect(t.stdout).toMatch(/g\/slow \[n=1\] .* SLOWER/);
    expect(t.stdout).toMatch(/1 slower, 1 no difference/);
    expect(t.stdout).toMatch(/only in the baseline: gone/);
    const m = await run(base, head, '--format', 'markdown');
    expect(m.stdout).toMatch(/^\| benchmark \| baseline \|/);
    // Markdown shows brackets literally: `[` and `]` are escaped (src/text/escape.ts).
    expect(m.stdout).toMatch(/\| g\/slow \\\[n=1\\\] \|.*\| \*\*SLOWER\*\* \|/);
  });
  it('text is short by default; --verbose adds the method, the p column and every note', async () => {
    const t = await run(base, head);
    const v = await run(base, head, '--verbose');
    expect(t.stdout).not.toContain('p (Welch)');
    expect(t.stdout).not.toContain('method:');
    const hidden = /(\d+) details hidden: --verbose/.exec(t.stdout);
    expect(hidden).not.toBeNull();
    expect(v.stdout).toContain('p (Welch)');
    expect(v.stdout).toContain('method:');
    expect(v.stdout).not.toContain('details hidden');
    // Every hidden line is in the verbose output: the verbose text is longer by at least the count.
    const lines = (x: string) => x.trimEnd().split('\n').length;
    expect(lines(v.stdout)).toBeGreaterThanOrEqual(lines(t.stdout) - 1 + Number(hidden![1]));
    // The table fits the terminal: names are shortened when they do not fit.
    const long = write(
      'long.json',
      JSON.stringify(doc([bench('a benchmark whose name goes on and on and on and on and on', quiet(1, 10))])),
    );
    const narrow = await runCli(['compare', long, long], dir); // not a terminal, no $COLUMNS: 80
    expect(Math.max(...narrow.stdout.split('\n').map((l) => [...l].length))).toBeLessThanOrEqual(80);
    expect(narrow.stdout).toContain('…');
    // Two names that one cut would print alike each show where they differ.
    const twin = (n: number) => `a benchmark whose name goes on and on, size ${n}, and on and on and on`;
    const twins = write(
      'twins.json',
      JSON.stringify(doc([bench(twin(1000), quiet(1, 10)), bench(twin(2000), quiet(2, 10))])),
    );
    const shown = (await runCli(['compare', twins, twins], dir)).stdout.split('\n').filter((l) => l.includes('…'));
    expect(shown).toHaveLength(2);
    expect(shown[0].split('  ')[0]).not.toBe(shown[1].split('  ')[0]);
    expect(shown.join('\n')).toMatch(/1000[^]*2000/);
    // Verdict codes are not shown as words: no "no-difference:" in either.
    expect(`${t.stdout}${v.stdout}`).not.toMatch(/: no-difference:/);
  });
  it('--fail-on regression[:P] exits 1 only on a significant regression beyond P', async () => {
    // Both sides hold the same benchmarks here: a missing one fails the gate on its own (gate.test.ts).
    const a = write('gate-a.json', JSON.stringify(doc(JSON.parse(readFileSync(base, 'utf8')).benchmarks.slice(0, 2))));
    const b = write('gate-b.json', JSON.stringify(doc(JSON.parse(readFileSync(head, 'utf8')).benchmarks.slice(0, 2))));
    expect((await run(a, b, '--fail-on', 'regression')).code).toBe(1);
    expect((await run(a, b, '--fail-on', 'regression:5%')).code).toBe(1);
    expect((await run(a, b, '--fail-on', 'regression:10%')).code).toBe(0);
    expect((await run(b, a, '--fail-on', 'regression')).code).toBe(0); // the other way round it is faster
    expect((await run(a, b, '--fail-on', 'regression', '--threshold', '20%')).code).toBe(0); // within noise
  });
  it.runIf(existsSync('/dev/full'))(
    'a --json file that cannot be written is named, and the gate still answers',
    async () => {
      const a = write(
        'gate-a.json',
        JSON.stringify(doc(JSON.parse(readFileSync(base, 'utf8')).benchmarks.slice(0, 2))),
      );
      const b = write(
        'gate-b.json',
        JSON.stringify(doc(JSON.parse(readFileSync(head, 'utf8')).benchmarks.slice(0, 2))),
      );
      const w = await run(b, a, '--fail-on', 'regression', '--json', '/dev/full');
      expect(w.code).toBe(1);
      expect(w.stderr.split('\n')[0]).toBe('cyclebench compare: --json: could not write /dev/full (ENOSPC)');
      expect(w.stderr).toMatch(/^cyclebench compare: regressions judged at a family-wise level/m);
      const failing = await run(a, b, '--fail-on', 'regression', '--json', '/dev/full');
      expect(failing.code).toBe(1);
      expect(failing.stderr.split('\n')[0]).toBe('cyclebench compare: --json: could not write /dev/full (ENOSPC)');
      expect(failing.stderr).toMatch(
        /^cyclebench compare: 1 significant regression\(s\) beyond 0.0 % \(g\/slow \[n=1\]\)$/m,
      );
    },
  );
  it('two runs counted under Valgrind compare their instructions without being asked, in counted words', async () => {
    const { FIXTURE_DIR } = await import('../helpers/golden.js');
    const sim = JSON.parse(readFileSync(`${FIXTURE_DIR}simulated.json`, 'utf8'));
    const more = structuredClone(sim);
    for (const b of more.benchmarks)
      for (const f of b.forks)
        for (const x of f.batches)
          if (x.counters?.['sim-instructions'] !== undefined) x.counters['sim-instructions'] *= 1.01;
    const r = await run(write('sim-a.json', JSON.stringify(sim)), write('sim-b.json', JSON.stringify(more)));
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/INCOMPARABLE|SLOWER/);
    expect(r.stdout).toMatch(/MORE instr/);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/0 fewer instructions, 2 more instructions/);
  });
  it('states the schema versions it reads', async () => {
    const r = await run('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`schema version ${READABLE_SCHEMA_VERSIONS.join(', ')}`);
  });
  it('bad input: one line, exit 2, nothing overwritten', async () => {
    const before = readFileSync(base, 'utf8');
    const mtime = statSync(base).mtimeMs;
    const cases: [string[], RegExp][] = [
      [[join(dir, 'missing.json'), head], /missing\.json: no such file$/],
      [[write('bad.json', '{nope'), head], /bad\.json: not valid JSON/],
      [
        [base, write('old.json', JSON.stringify({ ...doc([]), schemaVersion: 0 }))],
        /schema version 0 is not supported; this build reads versions 1/,
      ],
      [
        [base, write('future.json', JSON.stringify({ ...doc([]), schemaVersion: 99 }))],
        /schema version 99 is not supported \(written by a newer/,
      ],
      [[base, write('other.json', JSON.stringify(doc([bench('zzz', quiet(7, 1))])))], /no benchmark in common/],
    ];
    for (const [args, msg] of cases) {
      const r = await run(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(msg);
    }
    const usage = await run(base);
    expect(usage.code).toBe(2);
    expect(usage.stderr.split('\n')[0]).toMatch(/expected two result files/);
    expect((await run(base, head, '--fail-on', 'speed')).code).toBe(2);
    expect(readFileSync(base, 'utf8')).toBe(before);
    expect(statSync(base).mtimeMs).toBe(mtime);
  });

  it('one process per side: "too few processes", no verdict, and --fail-on says what it could not check', async () => {
    const one = (seed: number, cost: number) => forks(seed, 1, { cost, between: 0.03, within: 0.01 });
    const a = write('one-a.json', JSON.stringify(doc([bench('x', one(1, 10)), bench('y', one(3, 10))])));
    const b = write('one-b.json', JSON.stringify(doc([bench('x', one(2, 13)), bench('y', one(4, 10))])));
    const r = await run(a, b, '--fail-on', 'regression');
    // Every row unchecked: the gate checked nothing, which fails it rather than reporting a pass.
    expect(r.code).toBe(1);
    // The same reason for both benchmarks is one line naming both.
    const flat = r.stdout.replace(/\s+/g, ' ');
    expect(flat).toMatch(/x, y: too few processes: too few processes for a verdict \(need 2 per side, have 1 and 1\)/);
    expect(flat.match(/for a verdict \(need 2/g)).toHaveLength(1);
    expect(r.stderr).toBe(
      'cyclebench compare: 2 benchmark(s) with too few processes for a verdict; --fail-on could not check them\n' +
        'cyclebench compare: no benchmark could be compared, so --fail-on checked nothing\n',
    );
    const j = JSON.parse((await run(a, b, '--format', 'json')).stdout);
    expect(j.comparisons[0].verdict).toBe('too-few');
  });

  it('a document with a valid header and a malformed body (benchmarks: [null, 3, "x"]) is one line, exit 2', async () => {
    const bad = write(
      'bad.json',
      JSON.stringify({ schemaVersion: 1, tool: { name: 'cyclebench' }, benchmarks: [null, 3, 'x'] }),
    );
    const r = await run(base, bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`cyclebench compare: ${bad}: malformed result document: benchmarks[0] must be object\n`);
    const rep = await main(['report', bad], {
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: {},
      cwd: dir,
    } as never);
    expect(rep).toBe(2);
  });
});
