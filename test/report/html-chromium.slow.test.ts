// The HTML report in a real browser: headless Chromium (Debian package
// `chromium`) loads the file offline without console messages — the page's CSP turns any
// external reference into one — and the plots are in the DOM. Skips, saying why, when no
// Chromium is installed. No timing is asserted; the kill timeout only bounds a hang.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { fixtureComparisons, fixtureDoc, HYPOTHESIS } from '../helpers/golden.js';

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

function load(html: string, extra: string[] = []): { dom: string; stderr: string; status: number | null } {
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  const r = spawnSync(
    chromium as string,
    [
      ...extra,
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
      ...(extra.some((a) => a.startsWith('--screenshot')) ? [] : ['--dump-dom']),
      pathToFileURL(file).href,
    ],
    { encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return { dom: r.stdout ?? '', stderr: r.stderr ?? '', status: r.status };
}

const count = (s: string, re: RegExp): number => (s.match(re) ?? []).length;

const SKIPPED = chromium ? '' : ' (skipped: chromium not installed; apt-get install -y chromium)';

// CI installs chromium (.ci/run): there a missing browser is a failure, never a skip.
describe.runIf(!chromium && process.env.CI)('HTML report in headless Chromium under CI', () => {
  it('finds chromium (.ci/run installs it)', () => {
    expect(chromium, 'chromium is missing under CI=true: .ci/run should have installed it').not.toBeNull();
  });
});

/** A profiled benchmark's call tree (src/profile/flame.ts): a flame graph of 4 frames, a name with markup. */
const FRAMES = [
  { name: '(kernel calls)', depth: 0, selfNs: 0, totalNs: 1000 },
  { name: 'cyclebenchLoop', depth: 1, selfNs: 100, totalNs: 1000 },
  { name: '<i>kernel</i>', url: 'file:///b/k.bench.js', line: 3, depth: 2, selfNs: 300, totalNs: 900 },
  { name: 'slowHelper', url: 'file:///b/k.bench.js', line: 9, depth: 3, selfNs: 600, totalNs: 600 },
];

describe.skipIf(!chromium)(`HTML report in headless Chromium${SKIPPED}`, () => {
  const doc = fixtureDoc();
  doc.benchmarks[0].profile = {
    file: 'p/001.cpuprofile',
    samples: 10,
    intervalUs: 100,
    scope: 'kernel',
    top: [{ name: 'slowHelper', url: 'file:///b/k.bench.js', line: 9, selfNs: 600, share: 0.6 }],
    tree: { minShare: 0.005, maxDepth: 32, cut: false, frames: FRAMES },
  };
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

  it("draws a profiled benchmark's flame graph: one rect per frame, parsed as SVG", () => {
    const dom = result?.dom ?? '';
    expect(count(dom, /<svg class="flame" data-plot="flame"/g)).toBe(1);
    const flame = dom.slice(dom.indexOf('data-plot="flame"'), dom.indexOf('</svg>', dom.indexOf('data-plot="flame"')));
    expect(count(flame, /<rect /g)).toBe(FRAMES.length);
    expect(flame).toContain('&lt;i&gt;kernel&lt;/i&gt;');
    expect(flame).not.toContain('<i>');
  });

  it('shows user text escaped: the markup in a benchmark name is text, not elements', () => {
    const dom = result?.dom ?? '';
    expect(dom).toContain('template &lt;b&gt;"x"&lt;/b&gt; &amp;');
    expect(dom).not.toContain('<b>"x"</b>');
  });
});

// The first screen at 1280x800: a copy of the page with a measuring script (the report itself
// carries no script, and its CSP forbids one) writes the layout into the DOM that --dump-dom prints.
const PROBE = `<script>
const svg = document.querySelector('svg[data-plot=summary]');
const r = svg ? svg.getBoundingClientRect() : null;
const vw = document.documentElement.clientWidth;
const over = [...document.querySelectorAll('main *')]
  .filter((e) => !e.closest('pre') && e.getBoundingClientRect().right > vw + 0.5)
  .map((e) => e.tagName + '.' + e.getAttribute('class'));
document.body.setAttribute('data-check', JSON.stringify({
  summary: r && { top: r.top, bottom: r.bottom, right: r.right },
  firstH2: document.querySelector('h2')?.textContent,
  vw, vh: innerHeight, scrollWidth: document.documentElement.scrollWidth, over: over.slice(0, 5),
}));
</script>`;

function probe(html: string): Record<string, any> {
  const instrumented = html
    .replace("default-src 'none';", "default-src 'none'; script-src 'unsafe-inline';")
    .replace('</body>', `${PROBE}</body>`);
  const { dom } = load(instrumented, ['--window-size=1280,800']);
  const m = /data-check="([^"]*)"/.exec(dom);
  if (!m) throw new Error(`no layout probe in the DOM: ${dom.slice(0, 300)}`);
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe.skipIf(!chromium)(`HTML report: results on the first screen (1280x800, headless Chromium)${SKIPPED}`, () => {
  const html = chromium
    ? renderHtml(fixtureDoc(), { hypothesis: HYPOTHESIS, comparisons: fixtureComparisons(), complexity: true })
    : '';

  it('opens on the summary chart of every benchmark, in view, before method and conditions', () => {
    const c = probe(html);
    expect(c.vw).toBeGreaterThan(1200); // 1280 less a scrollbar
    expect(c.vw).toBeLessThanOrEqual(1280);
    expect(c.firstH2).toBe('Results');
    expect(c.summary).not.toBeNull();
    expect(c.summary.top).toBeGreaterThanOrEqual(0);
    expect(c.summary.top).toBeLessThan(c.vh / 3);
    expect(c.summary.right).toBeLessThanOrEqual(c.vw);
    const rows = (html.match(/<g class="row/g) ?? []).length;
    expect(rows).toBe(fixtureDoc().benchmarks.length);
    expect(html.indexOf('data-plot="summary"')).toBeLessThan(html.indexOf('data-plot="scatter"'));
  });

  it('has no element wider than the window and no horizontal scroll', () => {
    const c = probe(html);
    expect(c.over).toEqual([]);
    expect(c.scrollWidth).toBeLessThanOrEqual(c.vw);
  });

  it.each([1, 30])('%i benchmarks with long names: the chart in view, nothing wider than the window', (n) => {
    const base = fixtureDoc();
    const long = (i: number): string => `a <long> & "quoted" benchmark name number ${i} `.repeat(4);
    const benchmarks = Array.from({ length: n }, (_, i) => ({
      ...base.benchmarks[i % 2],
      name: long(i),
      group: `group ${i % 3}`,
      baseline: i < 3,
    }));
    const page = renderHtml({ ...base, benchmarks }, { comparisons: null });
    expect(page).not.toContain('<long>');
    expect((page.match(/<g class="row/g) ?? []).length).toBe(n);
    const c = probe(page);
    expect(c.over).toEqual([]);
    expect(c.scrollWidth).toBeLessThanOrEqual(c.vw);
    expect(c.summary.top).toBeLessThan(c.vh / 3);
  });

  it('takes a screenshot of the first screen (kept next to the report while the test runs)', () => {
    const png = join(dir, 'first-screen.png');
    load(html, ['--window-size=1280,800', `--screenshot=${png}`]);
    expect(existsSync(png)).toBe(true);
    expect(pngSize(png)).toEqual([1280, 800]);
  });
});
