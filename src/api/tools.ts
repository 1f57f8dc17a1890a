// The library form of the other commands: `stat`, `compare`, `report`, `audit` and
// reading result files. Each wrapper imports its implementation on first call, so the
// package entry that every benchmark file imports stays small — and, above all, never
// reaches a module whose loading detaches an ArrayBuffer in the measuring process
// (hdr-histogram-js through tsx does; see docs/architecture.md and
// test/engine/protector.test.ts).

import type { AuditOptions, AuditRow } from '../audit/audit.js';
import type { CompareOptions, DocumentComparison } from '../compare/documents.js';
import type { CompareFormat } from '../compare/render.js';
import type { Platform } from '../platform/types.js';
import type { ReportFormat, ReportOptions } from '../report/reporter.js';
import type { ResultDocument } from '../results/schema.js';
import type { StatOptions, StatResult } from '../stat/types.js';

/** `cyclebench stat` as a call: runs a command (or A vs B) repeatedly, counted natively. */
export async function stat(options: StatOptions): Promise<StatResult> {
  const m = await import('../stat/stat.js');
  return m.stat(options);
}

/** Reads a result file written by `cyclebench run --json` (any readable schema version); throws ResultFileError with one clear line. */
export async function readResults(path: string): Promise<ResultDocument> {
  const m = await import('../results/read.js');
  return m.readResultFile(path);
}

export interface CompareResultsOptions extends Partial<CompareOptions> {
  /** Also render the comparison in this format (`rendered` in the answer). */
  format?: CompareFormat;
}

/** `cyclebench compare` as a call: benchmarks matched by name and args, one of four verdicts each. */
export async function compareResults(
  base: ResultDocument | string,
  contender: ResultDocument | string,
  options: CompareResultsOptions = {},
): Promise<DocumentComparison & { rendered?: string }> {
  const [{ compareDocuments }, { DEFAULT_COMPARE_SETTINGS }, { renderComparison }] = await Promise.all([
    import('../compare/documents.js'),
    import('../compare/types.js'),
    import('../compare/render.js'),
  ]);
  const load = async (d: ResultDocument | string) => (typeof d === 'string' ? readResults(d) : d);
  const { format, ...settings } = options;
  const r = compareDocuments(await load(base), await load(contender), { ...DEFAULT_COMPARE_SETTINGS, ...settings });
  return format ? { ...r, rendered: renderComparison(r, format) } : r;
}

/** `cyclebench report` as a call: any format of a result document, as a string. */
export async function renderReport(
  doc: ResultDocument | string,
  format: ReportFormat = 'text',
  options: ReportOptions = {},
): Promise<string> {
  const [{ renderers }, { comparisonsFor }] = await Promise.all([
    import('../report/reporter.js'),
    import('../report/comparisons.js'),
  ]);
  const d = typeof doc === 'string' ? await readResults(doc) : doc;
  const recorded = typeof d.options?.hypothesis === 'string' ? d.options.hypothesis : undefined;
  return renderers[format].render(d, { hypothesis: recorded, comparisons: comparisonsFor(d), ...options });
}

/** `cyclebench audit` as a call: the noise floor per mitigation, one row per configuration. */
export async function audit(options: Partial<AuditOptions> & { platform?: Platform } = {}): Promise<AuditRow[]> {
  const [{ runAudit }, { loadPlatform }] = await Promise.all([
    import('../audit/audit.js'),
    import('../platform/load.js'),
  ]);
  const { platform, ...rest } = options;
  return runAudit(platform ?? loadPlatform(), { forks: 6, timeBudgetNs: 0.4e9, seed: 1, ...rest });
}
