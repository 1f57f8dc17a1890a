// End to end through the installed entry point: `run` of a bench file whose benchmark,
// group and argument names are the shared hostile strings (test/helpers/hostile.ts), with
// --markdown, --html, --csv and --json, and `stat` of a hostile command line with
// --markdown and --csv. Every output escapes them by its format's rule and still shows them
// (docs/reports.md, "Escaping").
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectSafe, HOSTILE, rawControl } from '../helpers/hostile.js';

const CLI = join(import.meta.dirname, '../../bin/cyclebench.js');
// The compiled build the workers run (test/README.md): a .mjs file needs no TypeScript loader.
const ENTRY = join(import.meta.dirname, '../../dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'cb-hostile-cli-'));

/** Four hostile strings a name, so every string is a benchmark name (shortened only on the terminal). */
const NAMES = [0, 4, 8, 12].map((k) => HOSTILE.slice(k, k + 4).join(' '));
const GROUP = `g ${HOSTILE[1]} ${HOSTILE[6]} ${HOSTILE[10]}`;
const ARG = `${HOSTILE[7]}${HOSTILE[13]}`;

/** Runs the CLI without blocking this worker (a blocked worker misses vitest's RPC deadline). */
function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, timeout: 300_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

describe('run --markdown --html --csv --json of a bench file with hostile names', () => {
  it('every file and the terminal escape every name, group and argument', async () => {
    const file = join(dir, 'hostile.bench.mjs');
    const kernel = '() => () => 1';
    writeFileSync(
      file,
      `import { bench, group } from ${JSON.stringify(ENTRY)};\n` +
        `group(${JSON.stringify(GROUP)}, () => {\n` +
        NAMES.map((n, i) => `  bench(${JSON.stringify(n)}, ${kernel})${i === 0 ? '.baseline()' : ''};\n`).join('') +
        `  bench('with $mode', ({ mode }) => () => mode.length).args('mode', [${JSON.stringify(ARG)}]);\n` +
        `});\n`,
    );
    const out = (ext: string) => join(dir, `r.${ext}`);
    const r = await cli(
      ['run', file, '--forks', '1', '--time', '0.05', '--no-pin', '--markdown', out('md')].concat([
        '--html',
        out('html'),
        '--csv',
        out('csv'),
        '--json',
        out('json'),
      ]),
    );
    expect(r.status, r.stderr).toBe(0);
    expectSafe('terminal', r.stdout, HOSTILE[0]!, 'run (terminal table)');
    expect(rawControl(r.stderr), 'run stderr').toBeNull();
    const files = { md: 'markdown', html: 'html', csv: 'csv', json: 'json' } as const;
    for (const [ext, format] of Object.entries(files)) {
      const text = readFileSync(out(ext), 'utf8');
      for (const s of HOSTILE) expectSafe(format, text, s, `run --${format}, ${JSON.stringify(s)}`);
    }
    const doc = JSON.parse(readFileSync(out('json'), 'utf8'));
    expect(doc.benchmarks.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining(NAMES));
    expect(doc.benchmarks[0].group).toBe(GROUP);
    expect(doc.benchmarks.find((b: { args: { mode?: string } }) => b.args.mode)?.args.mode).toBe(ARG);
  });
});

describe('stat --markdown --csv of a hostile command line', () => {
  it('the table, the Markdown and the CSV escape the command line', async () => {
    const r = await cli([
      'stat',
      '-r',
      '2',
      '--warmup',
      '0',
      '--markdown',
      's.md',
      '--csv',
      's.csv',
      '--',
      'true',
      ...HOSTILE,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const md = readFileSync(join(dir, 's.md'), 'utf8');
    const csv = readFileSync(join(dir, 's.csv'), 'utf8');
    expect(rawControl(r.stderr), 'stat stderr').toBeNull();
    // The command line is shown with its words quoted for a shell: each hostile word is inside it
    // (on the terminal, only the first: a long command line is shortened there).
    expectSafe('terminal', r.stdout, HOSTILE[0]!, 'stat table');
    for (const s of HOSTILE.filter((x) => !x.includes("'"))) {
      expectSafe('markdown', md, s, `stat --markdown, ${JSON.stringify(s)}`);
      expectSafe('csv', csv, s, `stat --csv, ${JSON.stringify(s)}`);
    }
  });
});
