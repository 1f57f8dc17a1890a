// `run --profile DIR` end to end: one .cpuprofile per benchmark in DIR (and nothing else), each
// a CPU profile that names the kernel's slow helper first, listed in the terminal and the
// Markdown report; the profiling process is not one of the measured ones, no measured process
// ran under a profiler, and the headline is the analysis of the measured processes alone; a DIR that cannot
// be used is one line before anything is measured. Several child processes per run: slow tier.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/io.js';
import { runFiles } from '../../src/index.js';
import { analyzeBenchmark } from '../../src/analysis/estimate.js';
import { measuredForks } from '../../src/analysis/slow-processes.js';
import { caveats } from '../../src/report/caveats.js';
import { renderHtml } from '../../src/report/html.js';
import type { ResultDocument } from '../../src/results/schema.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/profile/slow-helper.bench.ts', import.meta.url));
const FAST = [
  '--forks',
  '2',
  '--max-forks',
  '2',
  '--seed',
  '7',
  '--time',
  '0.2',
  '--no-pin',
  '--no-counters',
  '--quiet',
];

describe('run --profile', () => {
  it('writes a parsable .cpuprofile per benchmark and lists the slow helper first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-profile-'));
    const r = await runCli(
      ['run', FIXTURE, ...FAST, '--profile', 'profiles', '--json', 'r.json', '--markdown', 'r.md'],
      dir,
    );
    expect(r.stderr).not.toContain('Error');
    expect(r.code).toBe(0);
    const files = readdirSync(join(dir, 'profiles')).sort();
    expect(files).toEqual(['001-calls-slowHelper.cpuprofile', '002-odd-name-with-spaces.cpuprofile']);
    for (const f of files) {
      const p = JSON.parse(readFileSync(join(dir, 'profiles', f), 'utf8'));
      expect(Array.isArray(p.nodes) && p.nodes.length > 0).toBe(true);
      expect(Array.isArray(p.samples) && p.samples.length > 0).toBe(true);
    }
    const doc = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ResultDocument;
    for (const b of doc.benchmarks) {
      const p = b.profile!;
      expect(p.top[0].name).toBe('slowHelper');
      expect(p.file).toBe(join(dir, 'profiles', files[doc.benchmarks.indexOf(b)]));
      // The measured processes are exactly the planned ones (--max-forks 2: none added), none of
      // them ran under a profiler, and the profiling process is none of them.
      expect(b.forks.map((f) => f.index)).toEqual([0, 1]);
      expect(b.forks.map((f) => f.profiled)).toEqual([undefined, undefined]);
      expect(p.process?.index).toBe(2);
      expect(b.forks.map((f) => f.pid)).not.toContain(p.process?.pid);
      // The headline is the analysis of those processes alone: the same figures from the document's forks.
      const again = analyzeBenchmark(measuredForks(b.forks), {
        statistic: b.headline!.statistic,
        confidence: b.headline!.confidence,
        seed: 7,
      });
      expect(again.headline).toEqual(b.headline);
      // The call tree for the flame graph: rooted at the kernel's calls, the helper the frame with most self time.
      const frames = p.tree!.frames;
      expect(frames[0]).toMatchObject({ name: '(kernel calls)', depth: 0 });
      expect([...frames].sort((x, y) => y.selfNs - x.selfNs)[0].name).toBe('slowHelper');
    }
    const html = renderHtml(doc);
    expect(html.match(/data-plot="flame"/g)).toHaveLength(doc.benchmarks.length);
    expect(caveats(doc).join('\n')).not.toContain('profiler');
    // Terminal: the benchmark's line, then its functions, the helper first.
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('001-calls-slowHelper.cpuprofile'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^\s+\d+\.\d %\s+slowHelper\s+slow-helper\.bench\.ts$/);
    const md = readFileSync(join(dir, 'r.md'), 'utf8');
    expect(md).toContain('## Profiles');
    expect(md).toMatch(/\| slowHelper \| \d+\.\d % \| slow-helper\.bench\.ts \|/);
  });

  it('from the library: runFiles({ profile })', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-profile-api-'));
    const { document } = await runFiles({
      files: FIXTURE,
      filter: 'calls',
      forks: 2,
      timeBudgetNs: 0.2e9,
      cpu: false,
      counters: false,
      print: false,
      cwd: dir,
      profile: 'p',
    });
    expect(readdirSync(join(dir, 'p'))).toEqual(['001-calls-slowHelper.cpuprofile']);
    expect(document.benchmarks[0].profile?.top[0].name).toBe('slowHelper');
  });

  it('a directory that cannot be used is one line before anything is measured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-profile-bad-'));
    writeFileSync(join(dir, 'taken'), '');
    const r = await runCli(['run', FIXTURE, ...FAST, '--profile', 'taken'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['cyclebench run: --profile taken is not a directory']);
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['taken']);
    const empty = await runCli(['run', FIXTURE, ...FAST, '--profile='], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--profile is empty');
  });
});
