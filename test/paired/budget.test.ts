// `run --against DIR --budget S` end to end: every benchmark runs its first look, and one whose
// verdict has not settled stops there when the next look does not fit in its share of the budget,
// saying so (src/orchestrator/budget.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/io.js';

// The compiled build, which the CLI's workers run (test/README.md).
const INDEX = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/index.js');
const scratch = mkdtempSync(join(tmpdir(), 'cb-budget-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const source = `import { bench } from '${INDEX}';\nbench('sum', () => { let s = 0; for (let i = 0; i < 100; i++) s += i; return s; });\n`;
for (const side of ['this', 'other']) {
  mkdirSync(join(scratch, side));
  writeFileSync(join(scratch, side, 'k.bench.mjs'), source);
}

describe('run --against --budget', () => {
  it('stops an unsettled benchmark at its first look when the next does not fit, and says the budget is why', async () => {
    const json = join(scratch, 'paired.json');
    // A 0.01 % threshold: no interval of 4 pairs lies inside it, so the first look cannot settle
    // 'no difference', and an A/A pair of trees gives no difference to find.
    const args = ['run', 'k.bench.mjs', '--against', join(scratch, 'other'), '--time', '0.05', '--no-pin'];
    const opts = ['--max-pairs', '8', '--threshold', '0.01%', '--budget', '0.001', '--json', json];
    const r = await runCli([...args, ...opts, '--quiet'], join(scratch, 'this'));
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as {
      budgetMs: number;
      rows: { pairs: unknown[]; budget?: { shareMs: number }; analysis: { verdict: string } }[];
    };
    expect(doc.budgetMs).toBe(1);
    expect(doc.rows[0].pairs).toHaveLength(4);
    expect(doc.rows[0].analysis.verdict).toBe('cannot-tell');
    // Its share is its own first look's time: the 1 ms budget had nothing beyond it.
    expect(doc.rows[0].budget?.shareMs).toBeGreaterThan(0);
    // The advice line is wrapped at the terminal's width: compared with its breaks as spaces.
    // A 0.01 % band is out of reach of any number of pairs here: the line does not advise a larger budget.
    const text = r.stdout.replace(/\s+/g, ' ');
    // Its "share" is then its first look, more than the whole budget: not quoted as a share of it.
    expect(doc.rows[0].budget).toMatchObject({ leftMs: expect.any(Number) });
    expect(text).toMatch(
      /sum: cannot tell after 4 pairs \(.*\); .*--budget had (< 1|0) s left when this benchmark began, less than the first looks still to run take \(they run whatever the budget\)/,
    );
    expect(text).not.toMatch(/share of --budget/);
    expect(text).not.toMatch(/raise --budget/);
  }, 180_000);
});
