// Every report format against the fixed results file: one golden per format.
// Goldens live in test/fixtures/report/*.golden.*; UPDATE_GOLDEN=1 regenerates them.
import { describe, expect, it } from 'vitest';
import { renderDistributions } from '../../src/report/distribution.js';
import { renderers } from '../../src/report/reporter.js';
import { renderReview } from '../../src/report/review.js';
import { parseResultDocument } from '../../src/results/read.js';
import { expectGolden, fixtureComparisons, fixtureDoc, HYPOTHESIS } from '../helpers/golden.js';

const doc = fixtureDoc();
const opts = { hypothesis: HYPOTHESIS, comparisons: fixtureComparisons(), complexity: true };

describe('golden outputs of the fixed results file', () => {
  it('terminal (the lead renderer) with distributions appended', () => {
    expectGolden('terminal.golden.txt', renderers.terminal.render(doc) + renderDistributions(doc));
  });
  it('honest report, plain text', () => {
    expectGolden('review.golden.txt', renderers.text.render(doc, opts));
  });
  it('honest report, plain text, rendered without comparisons or a hypothesis', () => {
    expectGolden('review-no-compare.golden.txt', renderReview(doc, { comparisons: null }));
  });
  it('markdown', () => {
    expectGolden('report.golden.md', renderers.markdown.render(doc, opts));
  });
  it('csv', () => {
    expectGolden('report.golden.csv', renderers.csv.render(doc, opts));
  });
  it('html', () => {
    expectGolden('report.golden.html', renderers.html.render(doc, opts));
  });
  it('json round-trips through the reader (no golden: it is the fixture itself)', () => {
    expect(parseResultDocument(JSON.parse(renderers.json.render(doc)))).toEqual(doc);
  });
});
