// `cyclebench run <files> --against <dir or git ref>` as a library call: open the other
// tree (none when the sides differ only by Node binary or flags, sides.ts), ask each side's
// binary for its version, run the files of both in pairs (run.ts), print the table, write --json
// (the paired outcome) and --markdown (the table, e.g. for $GITHUB_STEP_SUMMARY). The temporary checkout
// of a ref is removed on every way out (other-tree.ts). Ctrl-C stops the current worker and
// keeps the pairs measured so far.
import { terminalColumns, type Io } from '../text/io.js';
import { collectEnvironment } from '../env/environment.js';
import { diffEnvironment } from '../env/diff.js';
import { readMachineFacts } from '../env/facts.js';
import { conditionsRecord, resolveConditions } from '../orchestrator/conditions.js';
import { measureOf, type RunOptions } from '../orchestrator/run.js';
import { interruptedLine, onStopSignals, type StopSignal } from '../orchestrator/stop-signals.js';
import { ProgressLine } from '../orchestrator/progress.js';
import { ProgressPlan } from '../orchestrator/progress-plan.js';
import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';
import { assertOutputPaths, tryWrite } from '../results/output-files.js';
import { jsonText } from '../text/escape.js';
import { relative, resolve } from 'node:path';
import { DEFAULT_MAX_PAIRS, DEFAULT_NOISE_THRESHOLD } from '../defaults.js';
import { looksUpTo } from './analysis.js';
import { checkProfileDir } from '../orchestrator/profile-files.js';
import { renderDifferentialMarkdown, renderDifferentialText } from './profile.js';

export { DEFAULT_MAX_PAIRS };
import { openOtherTree, OtherTreeError, type OtherTree } from './other-tree.js';
import { isPaired, resolveSides, SideError, type SideSpec } from './sides.js';
import { renderPairedMarkdown, renderPairedText } from './render.js';
import { runPaired, type PairedOutcome } from './run.js';
import { RunBudget } from '../orchestrator/budget.js';
import { newPairedDocument, type PairedDocument } from './document.js';
import { type ExportFiles, exportRequests, writeExports } from '../export/write.js';

export interface AgainstOptions extends RunOptions, SideSpec, ExportFiles {
  /** The paired outcome as JSON ('-': standard output, the table then goes to stderr). */
  json?: string;
  /** The table as Markdown (e.g. $GITHUB_STEP_SUMMARY). */
  markdown?: string;
  /** The other tree: a directory, or a git ref of the repository of `io.cwd` (default: this tree). */
  against?: string;
  /** Most pairs per benchmark (default 20); the looks are 4, 6, 8, ... below it and itself. */
  maxPairs?: number;
  /** A gate (--fail-on-regression / --fail-on-cannot-tell): alpha is divided among the benchmarks. */
  failOnRegression?: boolean;
  failOnCannotTell?: boolean;
  /** 'verbose': under the table, each benchmark's sides, pair ratios and verdict at every look. */
  detail?: 'summary' | 'verbose' | 'quiet';
  /** Width of the printed table (default: the terminal's, or 80). */
  columns?: number;
}

export interface AgainstOutcome {
  paired: PairedOutcome;
  /** What --json writes: the outcome with schema version, rule and environment. */
  document: PairedDocument;
  interrupted: boolean;
  stoppedBy?: StopSignal;
  writeFailures: string[];
}

export async function runAgainst(
  opts: AgainstOptions,
  io: Io,
  platform: Platform = loadPlatform(),
): Promise<AgainstOutcome> {
  // The budget counts from here: the checkout and the listing are part of the run's wall time.
  const budget = opts.budgetMs === undefined ? undefined : new RunBudget(opts.budgetMs);
  const outputs = (['json', 'markdown'] as const)
    .filter((k) => opts[k] !== undefined && opts[k] !== '-')
    .map((k) => ({ label: `--${k}`, path: opts[k]! }));
  assertOutputPaths([...outputs, ...exportRequests(opts)], opts.files, io.cwd);
  if (opts.profile !== undefined) checkProfileDir(opts.profile, io.cwd);
  const conditions = resolveConditions(
    // A paired run starts each of its two workers at its turn.
    { cpu: opts.cpu, aslr: opts.aslr, mlock: opts.mlock, pin: opts.pin, fifo: opts.fifo, prestart: false },
    platform,
  );
  for (const n of conditions.notes) io.stderr.write(`cyclebench: ${n}\n`);
  if (!isPaired(opts)) throw new SideError('a paired run needs --against, --against-node or --against-flags');
  // Signals are handled from before the checkout exists: a stop while it is made or while the
  // sides are probed ends the run through the same path (the checkout removed, exit 128 + signal).
  const abort = new AbortController();
  // The progress line starts before the checkout, so that a piped run says it is preparing.
  const progress = new ProgressPlan('pairs');
  if (budget) progress.bound(budget);
  const line = new ProgressLine(io.stderr, opts.progress, progress);
  const stop = onStopSignals((signal) => {
    // Cleared first: the message would otherwise be written after the line, which stays on screen.
    line.clear();
    io.stderr.write(interruptedLine(signal, 'the pairs so far'));
    abort.abort();
  });
  let tree: OtherTree;
  try {
    tree = opts.against === undefined ? sameTree() : openOtherTree(opts.against, io.cwd);
  } catch (e) {
    line.end();
    stop.off();
    throw e;
  }
  const outside = opts.files.find((f) => relative(tree.currentRoot, f).startsWith('..'));
  if (outside) {
    tree.dispose();
    line.end();
    stop.off();
    throw new OtherTreeError(
      `${outside} is outside ${tree.currentRoot}: --against pairs files by their path from there`,
    );
  }
  let sides: ReturnType<typeof resolveSides>;
  try {
    sides = resolveSides(opts, io.cwd, opts.against === undefined ? undefined : tree.label);
  } catch (e) {
    tree.dispose();
    line.end();
    stop.off();
    throw e;
  }
  // Sides told apart by Node or flags are named by them; two trees alone keep the names they have.
  const bySide = opts.node ?? opts.flags ?? opts.againstNode ?? opts.againstFlags;
  if (bySide !== undefined) tree.label = sides.sides.against.label;
  const before = collectEnvironment(platform);
  let paired: PairedOutcome;
  try {
    paired = await runPaired(platform, {
      files: opts.files,
      filter: opts.filter,
      tree,
      ...(bySide !== undefined ? { currentLabel: sides.sides.current.label } : {}),
      launch: sides.launch,
      measure: measureOf(opts),
      conditions,
      statistic: opts.statistic,
      seed: opts.seed,
      timeoutMs: opts.timeoutMs,
      settings: {
        threshold: opts.threshold ?? DEFAULT_NOISE_THRESHOLD,
        alpha: 1 - opts.confidence,
        looks: looksUpTo(opts.maxPairs ?? DEFAULT_MAX_PAIRS),
      },
      // A gate judges the whole suite: its level is divided among the benchmarks.
      suiteLevel: opts.failOnRegression === true || opts.failOnCannotTell === true,
      ...(budget ? { budget } : {}),
      signal: abort.signal,
      progress,
      ...(opts.profile !== undefined ? { profile: { dir: resolve(io.cwd, opts.profile) } } : {}),
    });
  } finally {
    line.end();
    stop.off();
    tree.dispose();
  }
  const after = readMachineFacts();
  const changes = diffEnvironment(before, after);
  for (const c of changes) io.stderr.write(`cyclebench: warning: ${c.warning}\n`);
  const document = newPairedDocument(
    paired,
    ['cyclebench', ...opts.argv],
    {
      ...before,
      conditions: conditionsRecord(conditions),
      after,
      changes,
    },
    sides.sides,
  );
  const human = opts.json === '-' ? io.stderr : io.stdout;
  human.write(renderPairedText(paired, opts.columns ?? terminalColumns(human, io.env), opts.detail === 'verbose'));
  human.write(renderDifferentialText(paired.rows));
  const writeFailures: string[] = [];
  const json = () => `${jsonText(document)}\n`;
  if (opts.json === '-') io.stdout.write(json());
  const files: [string | undefined, () => string][] = [
    [opts.json === '-' ? undefined : opts.json, json],
    [
      opts.markdown === '-' ? undefined : opts.markdown,
      () => renderPairedMarkdown(paired) + renderDifferentialMarkdown(paired.rows),
    ],
  ];
  for (const [path, text] of files) {
    if (!path) continue;
    const error = tryWrite(resolve(io.cwd, path), text);
    if (error) writeFailures.push(`${path}: ${error}`);
    else io.stderr.write(`cyclebench: results written to ${path}\n`);
  }
  const exported = writeExports(document, opts, io.cwd);
  for (const path of exported.written) io.stderr.write(`cyclebench: results written to ${path}\n`);
  writeFailures.push(...exported.failed);
  if (opts.markdown === '-') io.stdout.write(renderPairedMarkdown(paired) + renderDifferentialMarkdown(paired.rows));
  for (const f of writeFailures) io.stderr.write(`cyclebench: ${f}\n`);
  const stoppedBy = stop.received() ?? undefined;
  return { paired, document, interrupted: paired.interrupted, writeFailures, ...(stoppedBy ? { stoppedBy } : {}) };
}

/** The other side of a run whose sides differ by Node binary or flags only: the same files. */
function sameTree(): OtherTree {
  return { currentRoot: '/', root: '/', label: 'this tree', dispose: () => {} };
}
