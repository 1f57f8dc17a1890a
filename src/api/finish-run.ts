// The result document of a forked run made whole: the orchestrator returns the measured rows
// (src/orchestrator/run.ts); here each group's rows are compared with its `.baseline()`, the
// declared checks are judged, the findings attached and the details worded.
import { judgeChecks } from '../analysis/checks.js';
import { attachFindings } from '../analysis/findings.js';
import { namedDetails } from '../analysis/result.js';
import { type DocumentCompareOptions, relativeToBaseline } from '../compare/documents.js';
import { DEFAULT_NOISE_THRESHOLD } from '../defaults.js';
import { wordDetails } from '../report/details.js';
import type { Check } from '../results/checks.js';
import type { ResultDocument, Statistic } from '../results/schema.js';

/** The run options the comparisons and checks read. */
export interface CompareRequest {
  threshold?: number;
  confidence: number;
  seed: number;
  targetCi: number;
  statistic: Statistic | 'auto';
}

/** The settings of the run's comparisons (`.baseline()` groups and --baseline). */
export function runCompareSettings(opts: Omit<CompareRequest, 'statistic'>): DocumentCompareOptions {
  return {
    threshold: opts.threshold ?? DEFAULT_NOISE_THRESHOLD,
    confidence: opts.confidence,
    seed: opts.seed,
    target: opts.targetCi,
  };
}

/** Compares, judges, finds and words `doc` in place; `simulated`: the comparisons are of instructions per op. */
export function finishRun(
  doc: ResultDocument,
  checks: readonly Check[],
  opts: CompareRequest,
  simulated: boolean,
): ResultDocument {
  // Under Valgrind the comparison with a group's baseline is of simulated instructions per op (time there is not the kernel's).
  attachRelative(doc, { ...runCompareSettings(opts), ...(simulated ? { instructions: true } : {}) });
  if (checks.length)
    doc.checks = judgeChecks(doc, checks, {
      statistic: opts.statistic,
      confidence: opts.confidence,
      seed: opts.seed,
      noiseThreshold: opts.threshold ?? DEFAULT_NOISE_THRESHOLD,
    });
  attachFindings(doc);
  return wordDetails(doc);
}

/** Fills `relative` of every benchmark of a group that has a `.baseline()`. */
export function attachRelative(doc: ResultDocument, settings: DocumentCompareOptions): void {
  for (const row of relativeToBaseline(doc, settings)) {
    const c = row.comparison;
    const b = doc.benchmarks.find(
      (x) =>
        x.name === c.name && x.group === c.group && JSON.stringify(x.args) === JSON.stringify(c.args) && !x.baseline,
    );
    if (!b) continue;
    b.relative = {
      baseline: row.baseline,
      verdict: c.verdict,
      ratio: c.ratio,
      pValue: c.pValue,
      ...(c.because ? { because: c.because } : {}),
    };
    // Which process the ratio left out or kept against the headlines beside it: the benchmark's own lines.
    const odd = c.details.filter((d) => d.code === 'odd-process-compared' || d.code === 'odd-process-kept');
    if (odd.length) b.details = [...(b.details ?? []), ...namedDetails(b, odd)];
  }
}
