// The library form of the other commands: `stat`, `compare`, `report`, `audit` and
// reading result files. Each wrapper imports its implementation on first call, so the
// package entry that every benchmark file imports stays small — and, above all, never
// reaches a module whose loading detaches an ArrayBuffer in the measuring process
// (hdr-histogram-js through tsx does; see docs/decisions.md and
// test/engine/protector.test.ts).

import type { AuditOptions, AuditRow } from '../audit/audit.js';
import type { DocumentCompareOptions, DocumentComparison } from '../compare/documents.js';
import type { CompareFormat } from '../report/compare-render.js';
import type { Platform } from '../platform/types.js';
import type { ReportFormat, ReportOptions } from '../report/reporter.js';
import type { ResultDocument } from '../results/schema.js';
import type { PairedDocument } from '../paired/document.js';
import type { StatOptions, StatResult } from '../stat/types.js';
import { DEFAULT_SEED } from '../defaults.js';
import { checkOptions, type KnownOptions } from './check-options.js';

const STAT_OPTIONS = {
  command: true,
  runs: true,
  warmup: true,
  cpus: true,
  noAslr: true,
  events: true,
  timeoutMs: true,
  shell: true,
  vs: true,
  noiseThreshold: true,
  seed: true,
  resamples: true,
  excludeKernel: true,
  showOutput: true,
  platform: true,
  environment: true,
  signal: true,
  onRun: true,
} satisfies KnownOptions<StatOptions>;

/** `cyclebench stat` as a call: runs a command (or A vs B) repeatedly, counted natively. */
export async function stat(options: StatOptions): Promise<StatResult> {
  checkOptions('stat', options, STAT_OPTIONS);
  if (options.events !== undefined && !Array.isArray(options.events))
    throw new RangeError(`stat: events must be a list of event names, got ${JSON.stringify(options.events)}`);
  const [m, { LIMITS }] = await Promise.all([import('../stat/stat.js'), import('../orchestrator/limits.js')]);
  // 0 is no limit; setTimeout holds at most 2^31 - 1 ms.
  const t = options.timeoutMs;
  if (t !== undefined && !(typeof t === 'number' && t >= 0 && t <= LIMITS.timeoutS * 1000))
    throw new RangeError(`stat: timeoutMs must be from 0 (no limit) to ${LIMITS.timeoutS * 1000}, got ${String(t)}`);
  return m.stat(options);
}

/**
 * Reads a result file written by `cyclebench run --json` (any readable schema version); throws ResultFileError
 * with one clear line.
 */
export async function readResults(path: string): Promise<ResultDocument> {
  if (typeof path !== 'string' || path === '')
    throw new TypeError(`readResults: pass the path of a result file, got ${String(path)}`);
  const m = await import('../results/read.js');
  return m.readResultFile(path);
}

export interface CompareResultsOptions extends Partial<DocumentCompareOptions> {
  /** Also render the comparison in this format (`rendered` in the answer). */
  format?: CompareFormat;
}

/** The options compareResults takes; any other name is refused, as the command line refuses one. */
const COMPARE_RESULTS_OPTIONS = new Set([
  'threshold',
  'confidence',
  'seed',
  'statistic',
  'resamples',
  'target',
  'grubbs',
  'allowEnvironmentChange',
  'instructions',
  'perRow',
  'format',
]);

/**
 * `cyclebench compare` as a call: benchmarks matched by name and args, a verdict each (faster,
 * slower, no difference, cannot tell, too few, incomparable).
 */
export async function compareResults(
  base: ResultDocument | string,
  contender: ResultDocument | string,
  options: CompareResultsOptions = {},
): Promise<DocumentComparison & { rendered?: string }> {
  const [{ compareDocuments }, { DEFAULT_COMPARE_SETTINGS, checkCompareSettings }, { renderComparison }, m] =
    await Promise.all([
      import('../compare/documents.js'),
      import('../compare/types.js'),
      import('../report/compare-render.js'),
      import('../results/read.js'),
    ]);
  // Documents passed as objects get the same checks as files read from disk.
  const load = async (d: ResultDocument | string, which: string) =>
    typeof d === 'string' ? readResults(d) : m.parseResultDocument(d, `compareResults: ${which}`);
  const unknown = Object.keys(options ?? {}).find((k) => !COMPARE_RESULTS_OPTIONS.has(k));
  if (unknown !== undefined) throw new RangeError(`compareResults: unknown option ${unknown}`);
  const { format, ...settings } = options ?? {};
  if (format !== undefined && !['text', 'markdown', 'json'].includes(format))
    throw new RangeError(`compareResults: format must be text, markdown or json, got ${String(format)}`);
  // As the command line: at 0 no interval could say "no difference"; instructions default to 0.2 %.
  if (settings.threshold !== undefined && !(settings.threshold > 0))
    throw new RangeError(`compareResults: threshold must be above 0, got ${settings.threshold}`);
  const { INSTRUCTIONS_THRESHOLD, simulatedDocument } = await import('../compare/instructions.js');
  const docs = [await load(base, 'base'), await load(contender, 'contender')];
  // As the command line: two runs counted under Valgrind have no times, only instructions to compare.
  const instructions =
    settings.instructions ?? (settings.statistic === undefined && docs.every(simulatedDocument) ? true : undefined);
  const threshold = settings.threshold ?? (instructions ? INSTRUCTIONS_THRESHOLD : undefined);
  const all = checkCompareSettings(
    {
      ...DEFAULT_COMPARE_SETTINGS,
      ...settings,
      ...(instructions !== undefined ? { instructions } : {}),
      ...(threshold !== undefined ? { threshold } : {}),
    },
    'compareResults',
  );
  const r = compareDocuments(docs[0], docs[1], all);
  return format ? { ...r, rendered: renderComparison(r, format) } : r;
}

/**
 * `cyclebench report` as a call: any format of a result document, of a paired run's file (run
 * --against --json) or of node:bench NDJSON, as a string. A path is read as the command reads it.
 */
export async function renderReport(
  doc: ResultDocument | PairedDocument | string,
  format: ReportFormat = 'text',
  options: ReportOptions = {},
): Promise<string> {
  const [{ renderers }, { renderReadReport, NotForPairedError }, m] = await Promise.all([
    import('../report/reporter.js'),
    import('./command-report.js'),
    import('../results/read.js'),
  ]);
  if (!Object.hasOwn(renderers, format)) throw new RangeError(`renderReport: unknown format ${String(format)}`);
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`renderReport: options must be an object, got ${String(options)}`);
  const read = typeof doc === 'string' ? m.readJsonOrNodeBench(doc) : { json: doc };
  try {
    return renderReadReport(read, typeof doc === 'string' ? doc : 'renderReport: document', format, options);
  } catch (e) {
    if (e instanceof NotForPairedError) throw new RangeError(`renderReport: ${e.message}`, { cause: e });
    throw e;
  }
}

const AUDIT_OPTIONS = {
  configs: true,
  forks: true,
  timeBudgetNs: true,
  seed: true,
  signal: true,
  onProgress: true,
  platform: true,
} satisfies KnownOptions<AuditOptions & { platform?: Platform }>;

/** `cyclebench audit` as a call: the noise floor per mitigation, one row per configuration. */
export async function audit(options: Partial<AuditOptions> & { platform?: Platform } = {}): Promise<AuditRow[]> {
  checkOptions('audit', options, AUDIT_OPTIONS);
  const [{ runAudit, DEFAULT_AUDIT_FORKS, DEFAULT_AUDIT_TIME_NS }, { loadPlatform }, { LIMITS }] = await Promise.all([
    import('../audit/audit.js'),
    import('../platform/load.js'),
    import('../orchestrator/limits.js'),
  ]);
  // A coefficient of variation needs two processes at least.
  const f = options.forks;
  if (f !== undefined && !(Number.isSafeInteger(f) && f >= 2 && f <= LIMITS.forks))
    throw new RangeError(`audit: forks must be a whole number from 2 to ${LIMITS.forks}, got ${String(f)}`);
  const { platform, ...rest } = options;
  return runAudit(platform ?? loadPlatform(), {
    forks: DEFAULT_AUDIT_FORKS,
    timeBudgetNs: DEFAULT_AUDIT_TIME_NS,
    seed: DEFAULT_SEED,
    ...rest,
  });
}
