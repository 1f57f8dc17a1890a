// The "Profiles" lines and section of a run's outputs, from a document with a hand-made profile
// summary: the terminal, Markdown and HTML carry the top functions, with names from the code escaped.
import { describe, expect, it } from 'vitest';
import { renderProfilesText } from '../../src/report/profile.js';
import type { ProfileSummary } from '../../src/profile/summary.js';
import { renderHtml } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { syntheticBenchmark, syntheticDocument } from '../helpers/synthetic-results.js';

const profile: ProfileSummary = {
  file: '/out/001-k.cpuprofile',
  scope: 'kernel',
  samples: 1200,
  intervalUs: 100,
  top: [
    { name: 'slowHelper', url: 'file:///b/k.bench.mjs', line: 4, selfNs: 9e7, share: 0.75 },
    { name: '<b>x|y</b>\u001b[2J', url: 'file:///b/k.bench.ts', line: null, selfNs: 3e7, share: 0.25 },
  ],
};
const doc = () =>
  syntheticDocument([
    syntheticBenchmark('k', [], { profile }),
    syntheticBenchmark('unprofiled', []),
    syntheticBenchmark('failed', [], {
      profile: { ...profile, file: null, top: [], error: 'the profiling process failed: boom' },
    }),
  ]);

describe('profile outputs', () => {
  it('terminal: per benchmark its file, then its functions, largest first, escaped', () => {
    const lines = renderProfilesText(doc()).trim().split('\n');
    expect(lines[1]).toBe(
      "  k: /out/001-k.cpuprofile (1200 samples every 100 µs; shares of the kernel's calls, GC not included)",
    );
    expect(lines[2]).toBe('     75.0 %  slowHelper  k.bench.mjs:4');
    expect(lines[3]).toBe('     25.0 %  <b>x|y</b>\\x1b[2J  k.bench.ts');
    expect(lines[4]).toBe('  failed: no profile: the profiling process failed: boom');
    expect(lines).toHaveLength(5);
    expect(renderProfilesText(syntheticDocument([syntheticBenchmark('k', [])]))).toBe('');
  });

  it('Markdown and HTML: a Profiles section with a table, the names escaped', () => {
    const md = renderMarkdown(doc());
    expect(md).toContain('## Profiles');
    expect(md).toContain('| slowHelper | 75.0 % | k.bench.mjs:4 |');
    expect(md).toContain('| &lt;b&gt;x\\|y&lt;/b&gt;\\\\x1b\\[2J | 25.0 % | k.bench.ts |');
    const html = renderHtml(doc());
    expect(html).toContain('<h2>Profiles</h2>');
    expect(html).toContain('&lt;b&gt;x|y&lt;/b&gt;\\x1b[2J');
    expect(html).not.toContain('<b>x|y</b>');
  });
});
