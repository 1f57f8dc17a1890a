// `run --against DIR --profile P` end to end: the other tree's helper does 3× the work, the
// verdict is "faster", and the differential lines (terminal and --markdown) name that helper first; both sides'
// profiles are written in P. Several child processes: slow tier.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/io.js';

const INDEX = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
const kernel = (rounds: number) => `import { bench } from '${INDEX}';
function slowHelper(n: number): number { let s = 0; for (let i = 0; i < n; i++) s += Math.sqrt(i * 1.5) % 7; return s; }
function steady(n: number): number { let s = 0; for (let i = 0; i < n; i++) s += (i * 7) % 13; return s; }
bench('work', () => slowHelper(${rounds}) + steady(300));
`;

it('names the helper that is 3x slower in the other tree first', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cb-paired-profile-'));
  for (const [dir, rounds] of [
    ['current', 600],
    ['other', 1800],
  ] as const) {
    mkdirSync(join(scratch, dir));
    writeFileSync(join(scratch, dir, 'k.bench.ts'), kernel(rounds));
  }
  // Up to 8 pairs: at 4, a loaded machine (load 5) has left a 3× difference at cannot tell.
  const fast = ['--time', '0.1', '--max-pairs', '8', '--no-pin', '--no-counters', '--quiet'];
  const r = await runCli(
    ['run', 'k.bench.ts', '--against', '../other', ...fast, '--profile', '../profiles', '--markdown', '../r.md'],
    join(scratch, 'current'),
  );
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^work\s.*\sfaster\s/m);
  const lines = r.stdout.split('\n');
  const at = lines.indexOf('  work (faster):');
  expect(at).toBeGreaterThan(0);
  expect(lines[at + 1]).toMatch(/^ {4}slowHelper {2}k\.bench\.ts {2}−\S+ [nµm]?s\/op \(/);
  const md = readFileSync(join(scratch, 'r.md'), 'utf8');
  const table = md.slice(md.indexOf('### work (faster)'));
  expect(table.split('\n')[4]).toMatch(/^\| slowHelper \| k\.bench\.ts \| −/);
  expect(readdirSync(join(scratch, 'profiles')).sort()).toEqual([
    '001-work.other.cpuprofile',
    '001-work.this.cpuprofile',
  ]);
});
