// `cyclebench run` as a library call: resolve the conditions, record the environment
// before and after, run the suite in worker processes, write and print the results.
// Ctrl-C stops the current worker; what was measured until then is analysed, printed
// and written (a second Ctrl-C exits at once).
import { escapeControls, truncateName } from '../text/terminal-safe.js';
import type { Io } from '../cli/io.js';
import { diffEnvironment } from '../env/diff.js';
import { collectEnvironment } from '../env/environment.js';
import { readMachineFacts } from '../env/facts.js';
import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';
import { renderTerminal } from '../report/terminal.js';
import { renderDistributions } from '../report/distribution.js';
import { renderSweeps } from '../report/complexity.js';
import { renderReview } from '../report/review.js';
import { comparisonsFor } from '../report/comparisons.js';
import { loadBaseline } from '../compare/baselines.js';
import { checkRunOutputs, writeRunOutputs } from './outputs.js';
import { compareDocuments, type CompareOptions, relativeToBaseline } from '../compare/documents.js';
import { renderText } from '../compare/render.js';
import { type ResultDocument, SCHEMA_VERSION, type Statistic } from '../results/schema.js';
import { type AslrMode, type PinPolicy, resolveConditions } from './conditions.js';
import { ProgressLine } from './progress.js';
import { onStopSignals, type StopSignal } from './stop-signals.js';
import { runSuite } from './suite.js';
import { toolVersion } from './version.js';
import { aaStatus } from '../compare/aa.js';

export interface RunOptions {
  files: string[];
  filter?: RegExp;
  forks: number;
  timeBudgetNs: number;
  targetCi: number;
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
  timeoutMs: number;
  counters: boolean;
  /** Explicit CPUs, null = pick one, false = no pinning. */
  cpu: number[] | null | false | 'idlest';
  aslr: AslrMode;
  mlock: boolean;
  /** What a pin covers (default DEFAULT_PIN_POLICY). */
  pin?: PinPolicy;
  /** SCHED_FIFO for the measuring thread. */
  fifo?: boolean;
  json?: string;
  markdown?: string;
  csv?: string;
  html?: string;
  /** Also print a histogram and a run-order sparkline per benchmark. */
  distributions?: boolean;
  /** Also print every parameter sweep with its complexity fit. */
  complexity?: boolean;
  /** A/A check: every benchmark measured as two interleaved arms. */
  aa?: boolean;
  /** Save the run as .cyclebench/baselines/NAME.json. */
  saveBaseline?: string;
  /** Compare the run with .cyclebench/baselines/NAME.json. */
  baseline?: string;
  /** Noise threshold of verdicts (default 1 %). */
  threshold?: number;
  /** Latency mode for every selected benchmark: time each call, report a percentile ladder. */
  latency?: boolean;
  /** Print the honest report (src/report/review.ts) after the table. */
  report?: boolean;
  /** The question the run answers: recorded in the document and shown by the report. */
  hypothesis?: string;
  progress: boolean;
  /** The command line, recorded so the report can say how to reproduce the run. */
  argv: string[];
}

/** Defaults shared by the CLI (`cyclebench run`) and the library (`runFiles`). */
export const DEFAULT_RUN_OPTIONS = {
  forks: 3,
  timeBudgetNs: 1.5e9,
  targetCi: 0.01,
  statistic: 'slope',
  confidence: 0.95,
  seed: 1,
  timeoutMs: 120_000,
  counters: true,
  cpu: null,
  aslr: 'inherit',
  mlock: false,
} as const satisfies Partial<RunOptions>;

export interface RunOutcome {
  document: ResultDocument;
  interrupted: boolean;
  /** The signal that stopped the run early (SIGINT, SIGTERM, SIGHUP), if one did. */
  stoppedBy?: StopSignal;
  /** One line per output file that could not be written (the others were written). */
  writeFailures: string[];
}

export async function runBenchmarks(
  opts: RunOptions,
  io: Io,
  platform: Platform = loadPlatform(),
): Promise<RunOutcome> {
  // Before measuring: an unusable output path or a missing baseline must not cost a whole run.
  checkRunOutputs(opts, io.cwd);
  const base = opts.baseline ? loadBaseline(opts.baseline, io.cwd) : undefined;
  if (opts.timeoutMs < opts.timeBudgetNs / 1e6)
    io.stderr.write(
      `cyclebench: warning: --timeout ${opts.timeoutMs / 1000} s is shorter than --time ${opts.timeBudgetNs / 1e9} s: ` +
        'workers will be killed before they finish sampling\n',
    );
  const conditions = resolveConditions(
    { cpu: opts.cpu, aslr: opts.aslr, mlock: opts.mlock, pin: opts.pin, fifo: opts.fifo },
    platform,
  );
  for (const n of conditions.notes) io.stderr.write(`cyclebench: ${n}\n`);
  if (platform.kind === 'js') io.stderr.write(`cyclebench: using the pure-JS platform: ${platform.fallbackReason}\n`);
  const before = collectEnvironment(platform);

  const abort = new AbortController();
  const stop = onStopSignals((signal) => {
    const how = signal === 'SIGINT' ? 'Ctrl-C' : signal;
    io.stderr.write(
      `\ncyclebench: interrupted (${how}): stopping the current worker, keeping the results so far (again to quit at once)\n`,
    );
    abort.abort();
  });
  const progress = new ProgressLine(io.stderr, opts.progress);
  let outcome;
  try {
    outcome = await runSuite(platform, {
      files: opts.files,
      filter: opts.filter,
      forks: opts.forks,
      measure: {
        timeBudgetNs: opts.timeBudgetNs,
        targetCi: opts.targetCi,
        counters: opts.counters,
        seed: opts.seed,
        ...(opts.latency ? { latency: true } : {}),
      },
      conditions,
      statistic: opts.statistic,
      confidence: opts.confidence,
      seed: opts.seed,
      timeoutMs: opts.timeoutMs,
      aa: opts.aa,
      signal: abort.signal,
      onProgress: (p) => progress.update(p),
      onWarning: (line) => io.stderr.write(`cyclebench: warning: ${line}\n`),
    });
  } finally {
    progress.clear();
    stop.off();
  }

  // After the run only the machine facts are re-read (the platform's capabilities do not change).
  const after = readMachineFacts();
  const changes = diffEnvironment(before, after);
  const warnings = [...conditions.notes, ...outcome.warnings, ...changes.map((c) => c.warning)];
  if (platform.kind === 'js') warnings.push(`pure-JS platform: ${platform.fallbackReason}`);
  if (outcome.interrupted) warnings.push('the run was interrupted: results are partial');
  if (changes.length > 0)
    for (const b of outcome.benchmarks)
      if (!b.error && !b.flags.includes('environment-changed')) b.flags.push('environment-changed');

  const document: ResultDocument = {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'cyclebench', version: toolVersion() },
    createdAt: new Date().toISOString(),
    command: ['cyclebench', ...opts.argv],
    options: {
      forks: opts.forks,
      timeBudgetNs: opts.timeBudgetNs,
      targetCi: opts.targetCi,
      statistic: opts.statistic,
      confidence: opts.confidence,
      seed: opts.seed,
      counters: opts.counters,
      filter: opts.filter?.source ?? null,
      ...(opts.latency ? { latency: true } : {}),
      ...(opts.hypothesis ? { hypothesis: opts.hypothesis } : {}),
    },
    environment: {
      ...before,
      conditions: {
        cpus: conditions.cpus,
        pin: conditions.cpus ? conditions.pin : null,
        helperCpus: conditions.pin === 'thread' ? conditions.spawnCpus : null,
        aslr: conditions.aslr,
        noAslr: conditions.noAslr,
        mlock: conditions.mlock,
        fifo: conditions.fifo,
      },
      after,
      changes,
    },
    benchmarks: outcome.benchmarks,
    warnings,
  };
  const settings = {
    threshold: opts.threshold ?? 0.01,
    confidence: opts.confidence,
    seed: opts.seed,
    target: opts.targetCi,
  };
  attachRelative(document, settings);

  // With `--json -` standard output carries the JSON document alone; the tables go to stderr.
  const human = opts.json === '-' ? io.stderr : io.stdout;
  human.write(renderTerminal(document));
  if (opts.distributions) human.write(renderDistributions(document));
  if (opts.complexity) human.write(renderSweeps(document, true));
  if (opts.aa) human.write(renderAaLines(document));
  if (base)
    human.write(`\nAgainst baseline '${opts.baseline}':\n${renderText(compareDocuments(base, document, settings))}`);
  // The honest report comes last, after the table and any comparison: the table is the
  // quick look, the report the reviewer's record (same renderer as `cyclebench report`).
  if (opts.report)
    human.write(`\n${renderReview(document, { hypothesis: opts.hypothesis, comparisons: comparisonsFor(document) })}`);
  const writeFailures = writeRunOutputs(document, opts, io, outcome.interrupted);
  const stoppedBy = stop.received() ?? undefined;
  return { document, interrupted: outcome.interrupted, writeFailures, ...(stoppedBy ? { stoppedBy } : {}) };
}

/** Fills `relative` of every benchmark of a group that has a `.baseline()`. */
function attachRelative(doc: ResultDocument, settings: CompareOptions): void {
  for (const row of relativeToBaseline(doc, settings)) {
    const c = row.comparison;
    const b = doc.benchmarks.find(
      (x) =>
        x.name === c.name && x.group === c.group && JSON.stringify(x.args) === JSON.stringify(c.args) && !x.baseline,
    );
    if (b)
      b.relative = {
        baseline: row.baseline,
        verdict: c.verdict,
        ratio: c.ratio,
        pValue: c.pValue,
        ...(c.reason ? { reason: c.reason } : {}),
      };
  }
}

function renderAaLines(doc: ResultDocument): string {
  const lines = doc.benchmarks
    .filter((b) => b.aa)
    .map((b) => {
      const a = b.aa!;
      const ratio = a.ratio
        ? `ratio ${a.ratio.point.toFixed(4)} [${a.ratio.ciLow.toFixed(4)}, ${a.ratio.ciHigh.toFixed(4)}]`
        : 'no ratio';
      const mdd = a.minimumDetectable === null ? 'unknown' : `${(a.minimumDetectable * 100).toFixed(1)} %`;
      return `A/A ${escapeControls(truncateName(b.name))}: ${aaStatus(a)} (${a.verdict}), ${ratio}; smallest difference detectable at 80 % power: ${mdd}`;
    });
  return lines.length ? `\n${lines.join('\n')}\n` : '';
}
