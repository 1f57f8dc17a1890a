// Unit tests of the report building blocks: quoting and escaping, sweep detection,
// conditions with missing facts, verdict adaptation and the terminal histogram helpers.
import { describe, expect, it } from 'vitest';
import { adaptComparison } from '../../src/report/comparisons.js';
import { findSweeps, nameTemplate, sweepFit } from '../../src/report/complexity.js';
import { describeConditions } from '../../src/report/conditions.js';
import { CSV_COLUMNS, renderCsv } from '../../src/report/csv.js';
import { csvField, escapeMarkdown } from '../../src/text/escape.js';
import { binCounts, bucketMedians, histogramLine, sparkline } from '../../src/report/distribution.js';
import { shellQuote } from '../../src/report/review.js';
import { escapeHtml, niceTicks } from '../../src/report/svg.js';
import { fixtureDoc } from '../helpers/golden.js';

describe('quoting and escaping', () => {
  it('csvField follows RFC 4180 §2 (quote fields with comma or quote; double the quotes)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    // A line break in text is made visible (the terminal rule of every format): a row is one line.
    expect(csvField('two\nlines')).toBe('two\\nlines');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(0.5)).toBe('0.5');
  });
  it('CSV has one row per benchmark, the fixed header, CRLF line ends', () => {
    const doc = fixtureDoc();
    const lines = renderCsv(doc).split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(doc.benchmarks.length + 2);
    expect(lines.at(-1)).toBe('');
  });
  it('escapeMarkdown neutralises HTML and table/emphasis syntax', () => {
    expect(escapeMarkdown('<b>x</b> | *y* & [z]')).toBe('&lt;b&gt;x&lt;/b&gt; \\| \\*y\\* &amp; \\[z\\]');
  });
  it('escapeHtml escapes the five significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('shellQuote leaves safe words and single-quotes the rest', () => {
    expect(shellQuote('--forks')).toBe('--forks');
    expect(shellQuote('a b')).toBe(`'a b'`);
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });
});

describe('parameter sweeps', () => {
  it('nameTemplate replaces a standalone value only', () => {
    expect(nameTemplate('sort [n=100]', 'n', 100)).toBe('sort [n=$n]');
    expect(nameTemplate('sha1 of 1 KiB [n=1]', 'n', 1)).toBe('sha1 of $n KiB [n=$n]');
    expect(nameTemplate('x 1.5', 'n', 1)).toBe('x 1.5');
  });
  it('finds the fixture sweep over n with 4 points in order and fits O(n)', () => {
    const sweeps = findSweeps(fixtureDoc());
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0].arg).toBe('n');
    expect(sweeps[0].points.map((p) => p.n)).toEqual([100, 1000, 10000, 100000]);
    expect(sweepFit(sweeps[0])?.best.model).toBe('O(n)');
  });
});

describe('conditions', () => {
  it('a document without environment facts says unknown, with the recorded reason', () => {
    const doc = { ...fixtureDoc(), environment: { reasons: { 'kernel.release': 'no /proc/sys/kernel/osrelease' } } };
    const lines = new Map(describeConditions(doc).map((l) => [l.label, l.value]));
    expect(lines.get('Kernel')).toBe('unknown (no /proc/sys/kernel/osrelease)');
    expect(lines.get('CPU')).toBe('unknown');
  });
  it('worker start-up: said when the document records it, not guessed for an older one', () => {
    const withStart = (prestartCpus?: number[] | null) => {
      const doc = fixtureDoc();
      const conditions = { ...(doc.environment as { conditions: object }).conditions, cpus: [1] };
      const environment = { ...doc.environment, conditions: { ...conditions, prestartCpus } };
      if (prestartCpus === undefined) delete (environment.conditions as Record<string, unknown>).prestartCpus;
      return new Map(describeConditions({ ...doc, environment }).map((l) => [l.label, l.value])).get('Worker start-up');
    };
    expect(withStart([0])).toBe('the next worker starts up on CPU 0 while one measures, and is stopped while it times');
    expect(withStart(null)).toBe('each worker starts at its turn');
    expect(withStart(undefined)).toBeUndefined();
  });
});

describe('adaptComparison', () => {
  it('accepts nested ratio objects and "no significant difference"', () => {
    const r = adaptComparison({
      contender: { name: 'b', group: 'g' },
      baseline: { name: 'a' },
      ratio: { point: 1.2, ciLow: 1.1, ciHigh: 1.3 },
      verdict: 'no significant difference',
    });
    expect(r).toEqual({
      group: 'g',
      name: 'b',
      baseline: 'a',
      ratio: 1.2,
      ciLow: 1.1,
      ciHigh: 1.3,
      verdict: 'no-difference',
      reason: undefined,
    });
  });
  it('rejects rows without a known verdict', () => {
    expect(adaptComparison({ verdict: 'maybe' })).toBeNull();
    expect(adaptComparison(null)).toBeNull();
  });
});

describe('terminal helpers', () => {
  it('binCounts puts the maximum in the last bin', () => {
    expect(binCounts([0, 1, 2, 3, 4], 0, 4, 2)).toEqual([2, 3]);
  });
  it('histogramLine scales to the fullest bin and leaves empty bins blank', () => {
    expect(histogramLine([0, 1, 8, 4])).toBe(' ▁█▄');
  });
  it('sparkline maps lo to ▁ and hi to █', () => {
    expect(sparkline([0, 7, 3.5], 0, 7)).toBe('▁█▅');
  });
  it('bucketMedians keeps short runs and takes the median of equal buckets of long ones', () => {
    expect(bucketMedians([3, 1, 2], 4)).toEqual([3, 1, 2]);
    expect(bucketMedians([1, 100, 2, 3, 4, 5, 6, 7], 2)).toEqual([2.5, 5.5]);
  });
  it('niceTicks uses 1-2-5 steps', () => {
    expect(niceTicks(0, 100, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0.3, 0.9, 3)).toEqual([0.4, 0.6, 0.8]);
  });
});

describe('comparisonsFor (src/compare relativeToBaseline on the fixture)', () => {
  it('gives the clear-cut verdicts: reduce slower, the optimized-away benchmark incomparable', async () => {
    const { comparisonsFor } = await import('../../src/report/comparisons.js');
    const rows = new Map(comparisonsFor(fixtureDoc()).map((r) => [r.name, r]));
    expect(rows.get('reduce')).toMatchObject({ baseline: 'for loop', verdict: 'slower' });
    expect(rows.get('empty function')?.verdict).toBe('incomparable');
  });
});
