// A forked run measured, printed and written: the one path of `cyclebench run` and runFiles().
// The orchestrator measures and returns what the workers returned; src/api/finish-run.ts makes
// the result document of it; src/report/present.ts prints the document;
// src/report/run-outputs.ts writes the files asked for.
import { resolve } from 'node:path';
import { type Io, terminalColumns } from '../text/io.js';
import { checkProfileDir } from '../orchestrator/profile-files.js';
import { DamagedBaselineError, loadBaseline } from '../compare/baselines.js';
import { type MeasuredRun, runBenchmarks, type RunOptions } from '../orchestrator/run.js';
import { finishRun, runCompareSettings } from './finish-run.js';
import { moreProcesses } from './more-processes.js';
import type { Platform } from '../platform/types.js';
import type { ResultDocument } from '../results/schema.js';
import { presentRun, type PresentOptions } from '../report/present.js';
import { checkRunOutputs, type RunOutputOptions, writeRunOutputs } from '../report/run-outputs.js';
import { compareDocuments, type DocumentComparison } from '../compare/documents.js';
import { checkLines } from '../report/checks.js';
import { resolveLaunch } from '../paired/sides.js';

export type RunAndReportOptions = Omit<RunOptions, 'launch'> &
  Omit<PresentOptions, 'against'> &
  RunOutputOptions & {
    /** Compare the run with .cyclebench/baselines/NAME.json. */
    baseline?: string;
    /** The Node binary the workers run (default: the one running cyclebench). */
    node?: string;
    /** Extra Node/V8 flags for every worker, e.g. '--max-semi-space-size=4' (each split into words as a shell would). */
    flags?: string[];
  };

export interface RunOutcome extends Pick<MeasuredRun, 'interrupted' | 'stoppedBy'> {
  document: ResultDocument;
  /** One line per output file that could not be written (the others were written). */
  writeFailures: string[];
  /** Why the baseline asked for was not used (a damaged file): the run was measured and written without it. */
  baselineRefused?: string;
  /** The run compared with the saved baseline it was asked for (--baseline NAME / `baseline`), as printed. */
  againstBaseline?: DocumentComparison;
}

export async function runAndReport(opts: RunAndReportOptions, io: Io, platform?: Platform): Promise<RunOutcome> {
  // Before measuring: an unusable output path, a Node binary or flag that does not run, or a missing
  // baseline must not cost a whole run.
  const stamps = checkRunOutputs(opts, io.cwd);
  const launch = workerLaunch(opts, io.cwd);
  if (opts.profile !== undefined) checkProfileDir(opts.profile, io.cwd);
  // A missing baseline stops here (a typo); a damaged one is said in one line and the run goes on
  // without the comparison, so bad input never costs the measurements.
  let base;
  let baselineRefused: string | undefined;
  try {
    base = opts.baseline ? loadBaseline(opts.baseline, io.cwd) : undefined;
  } catch (e) {
    if (!(e instanceof DamagedBaselineError)) throw e;
    baselineRefused = e.message;
    io.stderr.write(`cyclebench: ${e.message}; refused, the run is measured without the comparison\n`);
  }
  const { statistic, confidence, seed, targetCi, forks, aa } = opts;
  // The comparisons' settings, once for the group baselines, the checks, --baseline and its export.
  const settings = runCompareSettings(opts);
  const measured = await runBenchmarks(
    { ...runOptionsOf(opts, io.cwd), ...(launch ? { launch } : {}) },
    io.stderr,
    platform,
    moreProcesses({ statistic, confidence, seed, threshold: settings.threshold }),
  );
  const document = finishRun(measured, { statistic, confidence, seed, targetCi, forks, aa }, settings);
  // With `--json -` standard output carries the JSON document alone; the tables go to stderr.
  const human = opts.json === '-' ? io.stderr : io.stdout;
  const comparison = base && compareDocuments(base, document, settings);
  const against = comparison && { name: opts.baseline!, comparison };
  const { detail, distributions, complexity, report, hypothesis, verboseHint } = opts;
  const columns = opts.columns ?? terminalColumns(human, io.env);
  human.write(
    presentRun(document, { detail, distributions, complexity, aa, report, hypothesis, against, columns, verboseHint }),
  );
  human.write(checkLines(document.checks ?? []));
  // The github-action-benchmark export carries the verdicts against the saved baseline (src/export/).
  const exportOptions =
    against && opts.githubBenchmark !== undefined
      ? {
          baseline: { name: against.name, comparisons: against.comparison.comparisons },
        }
      : {};
  const writeFailures = writeRunOutputs(document, opts, io, measured.interrupted, stamps, exportOptions);
  const { interrupted, stoppedBy } = measured;
  return {
    document,
    interrupted,
    ...(stoppedBy ? { stoppedBy } : {}),
    writeFailures,
    ...(baselineRefused === undefined ? {} : { baselineRefused }),
    ...(comparison ? { againstBaseline: comparison } : {}),
  };
}

/** What the orchestrator is given: the run options without what is printed and written, the profile
 *  directory resolved against the working directory. */
function runOptionsOf(opts: RunAndReportOptions, cwd: string): RunOptions {
  const {
    json: _json,
    markdown: _markdown,
    csv: _csv,
    html: _html,
    bmf: _bmf,
    githubBenchmark: _githubBenchmark,
    nodeBench: _nodeBench,
    saveBaseline: _saveBaseline,
    baseline: _baseline,
    detail: _detail,
    columns: _columns,
    verboseHint: _verboseHint,
    distributions: _distributions,
    complexity: _complexity,
    report: _report,
    node: _node,
    flags: _flags,
    ...run
  } = opts;
  return run.profile === undefined ? run : { ...run, profile: resolve(cwd, run.profile) };
}

/** The workers' Node binary and flags, checked by running the binary once; undefined when neither is given. */
function workerLaunch(opts: RunAndReportOptions, cwd: string): RunOptions['launch'] {
  if (opts.node === undefined && (opts.flags === undefined || opts.flags.length === 0)) return undefined;
  const { probe, flags } = resolveLaunch(opts.node, opts.flags, cwd);
  return { execPath: probe.path, flags, version: probe.version, v8: probe.v8 };
}
