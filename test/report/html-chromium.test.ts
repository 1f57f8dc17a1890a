// The HTML report in a real browser (issue 7 item 3): headless Chromium (Debian package
// `chromium`) loads the file offline without console messages — the page's CSP turns any
// external reference into one — and the plots are in the DOM. Skips, saying why, when no
// Chromium is installed. No timing is asserted; the kill timeout only bounds a hang.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { fixtureComparisons, fixtureDoc, HYPOTHESIS } from './golden.js';

function findChromium(): string | null {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      if (dir && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return null;
}

const chromium = findChromium();
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function load(html: string): { dom: string; stderr: string; status: number | null } {
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  const r = spawnSync(
    chromium as string,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${join(dir, 'profile')}`,
      '--enable-logging=stderr',
      '--v=0',
      '--dump-dom',
      pathToFileURL(file).href,
    ],
    { encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return { dom: r.stdout ?? '', stderr: r.stderr ?? '', status: r.status };
}

const count = (s: string, re: RegExp): number => (s.match(re) ?? []).length;

describe.skipIf(!chromium)(
  `HTML report in headless Chromium${chromium ? '' : ' (skipped: chromium not installed; apt-get install -y chromium)'}`,
  () => {
    const doc = fixtureDoc();
    const result = chromium
      ? load(renderHtml(doc, { hypothesis: HYPOTHESIS, comparisons: fixtureComparisons(), complexity: true }))
      : null;

    it('loads and exits cleanly, with no console messages (CSP violations, script errors)', () => {
      expect(result?.status).toBe(0);
      const consoleLines = (result?.stderr ?? '').split('\n').filter((l) => /:CONSOLE[:(]/.test(l));
      expect(consoleLines).toEqual([]);
      expect(result?.dom).toContain('</html>');
    });

    it('has the plots of every measured benchmark and the comparison plot in the DOM', () => {
      const dom = result?.dom ?? '';
      const withBatches = doc.benchmarks.filter((b) => !b.error && b.forks.some((f) => f.batches.length >= 2));
      const withDistribution = withBatches.filter((b) => !b.flags.includes('optimized-away'));
      expect(count(dom, /<svg class="plot" data-plot="scatter"/g)).toBe(withBatches.length);
      expect(count(dom, /<svg class="plot" data-plot="run-order"/g)).toBe(withBatches.length);
      expect(count(dom, /<svg class="plot" data-plot="distribution"/g)).toBe(withDistribution.length);
      expect(count(dom, /<svg class="plot" data-plot="comparison"/g)).toBe(1);
      // The fitted slope line and one histogram bar per non-empty bin were parsed as SVG.
      expect(count(dom, /<path class="fit"/g)).toBe(withBatches.length);
      expect(count(dom, /<rect /g)).toBeGreaterThan(withDistribution.length * 3);
    });

    it('shows user text escaped: the markup in a benchmark name is text, not elements', () => {
      const dom = result?.dom ?? '';
      expect(dom).toContain('template &lt;b&gt;"x"&lt;/b&gt; &amp;');
      expect(dom).not.toContain('<b>"x"</b>');
    });
  },
);
