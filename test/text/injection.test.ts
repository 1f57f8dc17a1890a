// Text from outside (benchmark names, received result files, command lines) reaches CSV files
// and terminals: formulas must not run in a spreadsheet, control characters must not act on
// the terminal, and a very long name must not widen every line.
import { describe, expect, it } from 'vitest';
import { compareDocuments } from '../../src/compare/documents.js';
import { renderText as renderCompareText } from '../../src/report/compare-render.js';
import { renderCsv } from '../../src/report/csv.js';
import { renderReview } from '../../src/report/review.js';
import { renderTerminal } from '../../src/report/terminal.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { csvField } from '../../src/text/escape.js';
import {
  escapeControls,
  MAX_TERMINAL_NAME,
  terminalSafe,
  truncateName,
  truncateNames,
} from '../../src/text/terminal-safe.js';
import { fixtureDoc } from '../helpers/golden.js';

const FORMULA = "=cmd|' /C calc'!A0";
const HOSTILE = 'sum\u001b[2J\u001b]0;pwned\u0007\rwarning: forged\nwarning: everything is fine\u202e';

function renamed(name: string): ResultDocument {
  const doc = fixtureDoc();
  doc.benchmarks[0]!.name = name;
  return doc;
}

/** True when text holds a control character other than the line feeds that separate lines. */
function hasControls(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
  return /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text);
}

describe('CSV formula injection (OWASP): cells starting with = + - @ tab CR are text', () => {
  it('csvField prefixes a quote to formula-like text, never to numbers', () => {
    expect(csvField(FORMULA)).toBe("'=cmd|' /C calc'!A0");
    for (const s of ['+1', '-1+2', '@SUM(A1)', '\tx', '\rx']) expect(csvField(s).replace(/^"/, '')[0]).toBe("'");
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField('plain')).toBe('plain');
  });

  it('run --csv / report --format csv: a benchmark named like a formula stays text', () => {
    const row = renderCsv(renamed(FORMULA)).split('\r\n')[1]!;
    expect(row).toContain(",'=cmd|' /C calc'!A0,");
    expect(row).not.toMatch(/(^|,)=cmd/);
  });
});

describe('terminal escape injection: names are escaped wherever they reach a terminal', () => {
  it('escapeControls makes ESC, BEL, CR, LF and bidi overrides visible', () => {
    expect(escapeControls('a\u001b[2Jb\u0007\r\n\u202e')).toBe('a\\x1b[2Jb\\x07\\r\\n\\u202e');
  });

  it('the run table: no control character, no forged warning line', () => {
    const out = renderTerminal(renamed(HOSTILE));
    expect(hasControls(out)).toBe(false);
    expect(out).toContain('sum\\x1b[2J\\x1b]0;pwned\\x07\\rwarning: forged\\nwarning: everything is fine\\u202e');
    expect(out.split('\n').some((l) => l.startsWith('warning: everything is fine'))).toBe(false);
  });

  it('report (review, text) of a received document: escaped', () => {
    const out = renderReview(renamed(HOSTILE));
    expect(hasControls(out)).toBe(false);
    expect(out.split('\n').some((l) => l.startsWith('warning: everything is fine'))).toBe(false);
  });

  it('compare of two received documents: escaped', () => {
    const a = renamed(HOSTILE);
    const b = renamed(HOSTILE);
    const out = renderCompareText(compareDocuments(a, b, { threshold: 0.01, confidence: 0.95, seed: 1 }));
    expect(out).toContain('\\x1b[2J');
    expect(hasControls(out)).toBe(false);
  });

  it('a 5,000-character name is shortened in the table, kept whole in files', () => {
    const long = 'x'.repeat(5000);
    const out = renderTerminal(renamed(long));
    const widest = Math.max(...out.split('\n').map((l) => l.length));
    expect(widest).toBeLessThan(1000);
    // 40 characters of its beginning and 39 of its end, 80 in all.
    expect(out).toMatch(/(^|[^x])x{40}…x{39}([^x]|$)/m);
    expect(renderCsv(renamed(long))).toContain(long);
  });

  it('a long name keeps its beginning and its end: two names that differ only at the end stay apart', () => {
    const base = 'parse a JSON document of twenty keys with short string values and nested arrays, ';
    const [a, b] = [`${base}size 1,000`, `${base}size 10,000`].map((n) => truncateName(n));
    expect([...a].length).toBeLessThanOrEqual(MAX_TERMINAL_NAME);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^parse a JSON .*….*size 1,000$/);
    const path = `/home/someone/projects/${'a-long-monorepo-package/'.repeat(4)}bench/parse.bench.ts`;
    expect(truncateName(path)).toMatch(/^\/home\/someone\/.*….*\/bench\/parse\.bench\.ts$/);
    // A cut inside a word or a number moves to the nearest space: 'sort 10…' would read as another number.
    expect(truncateName('sort 100 numbers', 15)).toBe('sort … numbers');
    // Code points, not UTF-16 units: an emoji is never split in two.
    const wide = truncateName('😀'.repeat(100), 9);
    expect(wide).toBe('😀😀😀😀…😀😀😀😀');
    expect(truncateName('short')).toBe('short');
    expect(truncateName('abc', 1)).toBe('…');
  });

  it('names of one table that would truncate alike each show where they differ', () => {
    const long = (middle: string) =>
      `parse a record of twenty fields ${'with padding '.repeat(3)}${middle} ${'and a long tail '.repeat(3)}(warm)`;
    const names = [long('size 1,000 rows'), long('size 2,000 rows'), 'short', long('size 1,000 rows')];
    expect(truncateName(names[0], 40)).toBe(truncateName(names[1], 40));
    const out = truncateNames(names, 40);
    expect(out.map((n) => [...n].length <= 40)).toEqual([true, true, true, true]);
    expect(out[0]).not.toBe(out[1]);
    // The same name twice stays the same; a name that fits is untouched.
    expect(out[3]).toBe(out[0]);
    expect(out[2]).toBe('short');
    expect(out[0]).toMatch(/^parse a reco…[^…]*1,000[^…]*…[^…]*\(warm\)$/);
    expect(out[1]).toMatch(/…[^…]*2,000[^…]*…/);
    // Three alike: two that part late show where they part, the third where it parts early.
    const three = [long('size A variant 1'), long('size A variant 2'), long('size B variant 1')];
    const cut3 = truncateNames(three, 40);
    expect(new Set(cut3).size).toBe(3);
    // Names apart under the plain cut are left as it prints them.
    expect(truncateNames(['a'.repeat(50) + 'x', 'b'.repeat(50) + 'x'], 20)).toEqual([
      truncateName('a'.repeat(50) + 'x', 20),
      truncateName('b'.repeat(50) + 'x', 20),
    ]);
  });

  it('terminalSafe leaves the input untouched', () => {
    const doc = renamed(HOSTILE);
    terminalSafe(doc);
    expect(doc.benchmarks[0]!.name).toBe(HOSTILE);
  });
});

describe('stat: a command line is text in CSV and escaped on the terminal', () => {
  it('stat --csv guards a formula-like command; the text table escapes controls', async () => {
    const { makeStatCommand } = await import('../../src/cli/commands/stat.js');
    const { fakePlatform } = await import('../helpers/fake-stat-platform.js');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'stat-inject-'));
    let out = '';
    const io = {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => undefined },
      env: {},
      cwd: dir,
    };
    const cmd = makeStatCommand({
      platform: fakePlatform(() => ({ wallMs: 10 })),
      environment: { fixture: true },
      excludeKernel: true,
    });
    await cmd(['-r', '3', '--warmup', '0', '--csv', join(dir, 'r.csv'), '--', '=calc', 'x\u001b[2Jy'], io);
    const csv = readFileSync(join(dir, 'r.csv'), 'utf8');
    expect(csv).toContain("'=calc");
    expect(csv.split('\n').some((l) => /(^|,)=calc/.test(l))).toBe(false);
    expect(out).toContain('\\x1b[2J');
    expect(hasControls(out)).toBe(false);
  });
});

describe('names escaped in the lines printed around the tables', () => {
  it('the progress line', async () => {
    const { formatProgress } = await import('../../src/orchestrator/progress.js');
    const line = formatProgress({ done: 1, total: 2, current: 'a\u001b]0;pwned\u0007b', elapsedMs: 1000 });
    expect(line).toContain('a\\x1b]0;pwned\\x07b');
    expect(hasControls(line)).toBe(false);
  });

  it('the duplicate-name warning and the A/A lines of a real run', async () => {
    const { spawnCli } = await import('../helpers/cli-process.js');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'cb-names-'));
    // Plain JavaScript importing the compiled package, the module the test's workers run
    // (test/README.md): no TypeScript loader in any of its processes.
    const file = join(dir, 'hostile.bench.mjs');
    const entry = join(import.meta.dirname, '../../dist/index.js');
    writeFileSync(
      file,
      `import { bench } from ${JSON.stringify(entry)};\n` +
        `bench('x\\u001b[2Jy', () => () => 1);\nbench('x\\u001b[2Jy', () => () => 2);\n`,
    );
    const quick = ['--time', '0.05', '--warmup-ms', '20', '--no-pin', '--no-counters'];
    const r = await spawnCli(['run', file, '--forks', '2', ...quick, '--aa', '--verbose']);
    expect(r.stderr).toContain('benchmarks are named "x\\x1b[2Jy"');
    expect(r.stdout).toMatch(/^A\/A x\\x1b\[2Jy: /m);
    expect(hasControls(r.stderr)).toBe(false);
    expect(hasControls(r.stdout)).toBe(false);
  });
});
