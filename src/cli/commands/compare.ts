// `cyclebench compare base.json head.json`: a verdict per benchmark (faster / slower / no
// difference / incomparable), as text, Markdown or JSON, and an exit code for CI gates.
// Exit: 0 ok, 1 a significant regression beyond --fail-on's threshold, 2 bad usage or input
// (one line on stderr). It writes a file only with --json FILE, checked before anything is read.
import { terminalColumns } from '../../text/io.js';
import { compareDocuments, type DocumentComparison } from '../../compare/documents.js';
import { type CompareFormat, renderComparison } from '../../report/compare-render.js';
import { comparisonReason } from '../../report/details.js';
import type { Comparison } from '../../compare/types.js';
import { resolve } from 'node:path';
import { checkOutputPaths, tryWrite } from '../../results/output-files.js';
import { READABLE_SCHEMA_VERSIONS, readResultFile, ResultFileError } from '../../results/read.js';
import type { Statistic } from '../../results/schema.js';
import { INSTRUCTIONS_THRESHOLD } from '../../compare/instructions.js';
import { fraction, oneOf, parse, integer, LIMITS, positiveNumber } from '../args.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, UsageError, usageLine } from '../io.js';
import { fullName } from '../../text/format.js';
import { adjustmentLine, suiteRegressions } from '../../compare/suite-level.js';
import { formatPValue } from '../../statistics/p-value.js';
import {
  DEFAULT_CONFIDENCE,
  DEFAULT_NOISE_THRESHOLD,
  DEFAULT_SEED,
  DEFAULT_TARGET_CI,
  helpPercent,
} from '../../defaults.js';

const thresholdPct = helpPercent(DEFAULT_NOISE_THRESHOLD);

export const COMPARE_USAGE = `Usage: cyclebench compare <baseline.json> <contender.json> [options]

Matches benchmarks by group, name and args and gives each pair one verdict: faster, slower,
no-difference (the whole CI of the ratio lies inside ±threshold), cannot-tell (the CI reaches
beyond the threshold without settling it; the reason says about how many processes would),
incomparable (different CPU, governor, Node/V8, pinning or ASLR mode, or a failed or
contaminated run) or too few processes for a verdict. Different result checksums
do not hide the timing: the verdict stands with a "results differ" caveat.
Reads result files of schema version ${READABLE_SCHEMA_VERSIONS.join(', ')} (written by cyclebench run --json).

Options:
  --format F                text | markdown (default text); json = --json -
  --json FILE               write the comparison as JSON (- for stdout, instead of the table)
  --fail-on regression[:P][,cannot-tell]
                            exit 1 when a benchmark is significantly slower by more than P
                            (e.g. regression:5%; without P any 'slower' verdict fails) after
                            Holm's adjustment over every compared benchmark (unchanged code
                            fails at most 1 - confidence of the time, however many), and
                            when a contender crashed, is missing, or ran on another environment;
                            'cannot-tell' benchmarks pass with a line saying so, unless the list
                            names cannot-tell (e.g. regression:5%,cannot-tell)
  --allow-env-change        a changed environment (CPU, Node, governor…) is a caveat on each
                            row instead of 'incomparable', and does not fail --fail-on
  --threshold P             noise threshold: smaller significant changes are "no difference" (default ${thresholdPct})
  --confidence C            confidence level of the ratio CI (default ${DEFAULT_CONFIDENCE})
  --seed N                  bootstrap seed (default ${DEFAULT_SEED})
  --statistic S             slope | min | median | mean | instructions (default: the files' headline
                            statistic); instructions: instructions per op from --counters simulate
                            (or hardware counters), default --threshold 0.2 %
  --target-ci P             relative CI target for the sample-size advice (default ${helpPercent(DEFAULT_TARGET_CI)})
  --grubbs                  also run Grubbs' test on the per-process values
  --verbose                 every note, the method and the rank test's p value (default: the
                            table, the reason for each verdict that needs one, a count of the rest)
`;

export interface CompareArgs {
  files: [string, string];
  format: CompareFormat;
  /** --json FILE: where the JSON comparison goes ('-' standard output). */
  json?: string;
  failOn: number | null;
  /** --fail-on …,cannot-tell: a 'cannot-tell' verdict fails the gate too (default: it passes, with a line). */
  failOnCannotTell: boolean;
  threshold: number;
  confidence: number;
  seed: number;
  statistic?: Statistic;
  /** --statistic instructions. */
  instructions?: boolean;
  target: number;
  grubbs: boolean;
  allowEnvChange: boolean;
  verbose: boolean;
}

/** "regression" → 0, "regression:5%" → 0.05, "regression:5%,cannot-tell" → 0.05 (cannot-tell: failOnCannotTell). */
export function parseFailOn(value: string | undefined): number | null {
  if (value === undefined) return null;
  const items = value.split(',');
  const m = /^regression(?::(.+))?$/.exec(items[0]);
  const rest = items.slice(1);
  if (!m || rest.some((x) => x !== 'cannot-tell') || rest.length > 1)
    throw new UsageError(
      `--fail-on takes regression, regression:THRESHOLD% or either followed by ,cannot-tell; got '${value}'`,
    );
  return m[1] === undefined ? 0 : fraction('fail-on', m[1], 0);
}

/** Whether --fail-on names cannot-tell. */
export function failsOnCannotTell(value: string | undefined): boolean {
  return value !== undefined && value.split(',').includes('cannot-tell');
}

export function parseCompareArgs(args: string[]): CompareArgs | 'help' {
  const { values, positionals } = parse(args, {
    format: { type: 'string' },
    json: { type: 'string' },
    'fail-on': { type: 'string' },
    threshold: { type: 'string' },
    confidence: { type: 'string' },
    seed: { type: 'string' },
    statistic: { type: 'string' },
    'target-ci': { type: 'string' },
    grubbs: { type: 'boolean' },
    'allow-env-change': { type: 'boolean' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  if (positionals.length !== 2)
    throw new UsageError(`expected two result files (baseline and contender), got ${positionals.length}`);
  const confidence = positiveNumber('confidence', values.confidence, DEFAULT_CONFIDENCE);
  if (confidence >= 1) throw new UsageError(`--confidence must be between 0 and 1, got '${values.confidence}'`);
  const instructions = values.statistic === 'instructions';
  return {
    files: [positionals[0], positionals[1]],
    format: oneOf('format', values.format, ['text', 'markdown', 'json'] as const, 'text'),
    json: values.json,
    ...(values.json === '-' && values.format !== undefined && values.format !== 'json'
      ? { json: usageConflict(values.format) }
      : {}),
    failOn: parseFailOn(values['fail-on']),
    failOnCannotTell: failsOnCannotTell(values['fail-on']),
    threshold: fraction('threshold', values.threshold, instructions ? INSTRUCTIONS_THRESHOLD : DEFAULT_NOISE_THRESHOLD),
    confidence,
    seed: integer('seed', values.seed, DEFAULT_SEED, 0, LIMITS.seed),
    ...(instructions ? { instructions } : {}),
    statistic:
      values.statistic === undefined || instructions
        ? undefined
        : oneOf<Statistic>('statistic', values.statistic, ['slope', 'min', 'median', 'mean'], 'slope'),
    target: fraction('target-ci', values['target-ci'], DEFAULT_TARGET_CI),
    grubbs: values.grubbs ?? false,
    allowEnvChange: values['allow-env-change'] ?? false,
    verbose: values.verbose ?? false,
  };
}

/** Verdict 'slower' and ratio above 1 + threshold, before the suite-level adjustment (suite-level.ts). */
export function regressions(comparisons: readonly Comparison[], threshold: number): Comparison[] {
  return comparisons.filter((c) => c.verdict === 'slower' && c.ratio !== null && c.ratio.point > 1 + threshold);
}

/**
 * Why a CI gate fails, one line each: regressions beyond the threshold that hold after Holm's
 * adjustment over every compared benchmark (suite-level.ts), contenders
 * that crashed or are missing, and (unless allowed) a changed environment. A contender whose
 * result differs still has a timing verdict, so its slowdown counts like any other.
 */
export function gateFailures(
  result: DocumentComparison,
  threshold: number,
  allowEnvChange: boolean,
  failOnCannotTell = false,
): string[] {
  const lines: string[] = [];
  const alpha = 1 - (result.comparisons[0]?.confidence ?? DEFAULT_CONFIDENCE);
  const bad = suiteRegressions(result.comparisons, threshold, alpha).regressions;
  if (bad.length)
    lines.push(
      `${bad.length} significant regression(s) beyond ${(threshold * 100).toFixed(1)} % ` +
        `(${bad.map((c) => fullName(c.group, c.name)).join(', ')})`,
    );
  const unsure = result.comparisons.filter((c) => c.verdict === 'cannot-tell');
  if (failOnCannotTell && unsure.length)
    lines.push(`${unsure.length} benchmark(s) cannot tell, which --fail-on …,cannot-tell fails`);
  for (const c of result.comparisons)
    if (c.verdict === 'incomparable' && c.cause === 'contender')
      lines.push(`${fullName(c.group, c.name)}: ${comparisonReason(c)}`);
  for (const name of result.onlyBase) lines.push(`${name}: missing from the contender`);
  const env = result.comparisons.filter((c) => c.verdict === 'incomparable' && c.cause === 'environment');
  if (env.length && !allowEnvChange)
    lines.push(
      `${env.length} benchmark(s) ran on a different environment (${comparisonReason(env[0])}); ` +
        'pass --allow-env-change to gate on such runs',
    );
  return lines;
}

/**
 * The gate's policy for 'cannot-tell' rows, printed whenever there are any: they pass by default
 * (an interval too wide to judge is not a regression shown), or fail with --fail-on …,cannot-tell.
 */
export function cannotTellPolicy(comparisons: readonly Comparison[], failOnCannotTell: boolean): string | null {
  const names = comparisons.filter((c) => c.verdict === 'cannot-tell').map((c) => fullName(c.group, c.name));
  if (names.length === 0) return null;
  const list = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return failOnCannotTell
    ? `${names.length} benchmark(s) cannot tell (${list}): they fail the gate (--fail-on …,cannot-tell)`
    : `${names.length} benchmark(s) cannot tell (${list}): they pass the gate; add ,cannot-tell to --fail-on to fail them`;
}

export const compareCommand: Command = async (args, io) => {
  let a: CompareArgs | 'help';
  try {
    a = parseCompareArgs(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(usageLine('compare', e.message));
    return EXIT_USAGE;
  }
  if (a === 'help') {
    io.stdout.write(COMPARE_USAGE);
    return EXIT_OK;
  }
  if (a.json !== undefined && a.json !== '-') {
    const problem = checkOutputPaths([{ label: '--json', path: a.json }], a.files, io.cwd);
    if (problem) {
      io.stderr.write(`cyclebench compare: ${problem}\n`);
      return EXIT_USAGE;
    }
  }
  let docs;
  try {
    docs = a.files.map((f) => readResultFile(f));
  } catch (e) {
    if (!(e instanceof ResultFileError)) throw e;
    io.stderr.write(`cyclebench compare: ${e.message}\n`);
    return EXIT_USAGE;
  }
  const result = compareDocuments(docs[0], docs[1], {
    threshold: a.threshold,
    confidence: a.confidence,
    seed: a.seed,
    statistic: a.statistic,
    instructions: a.instructions,
    target: a.target,
    grubbs: a.grubbs,
    allowEnvironmentChange: a.allowEnvChange,
  });
  if (result.comparisons.length === 0) {
    io.stderr.write(
      `cyclebench compare: no benchmark in common between ${a.files[0]} ` +
        `(${docs[0].benchmarks.length}) and ${a.files[1]} ` +
        `(${docs[1].benchmarks.length}); benchmarks match by group, name and args\n`,
    );
    return EXIT_USAGE;
  }
  // With a gate, the summary line says how it adjusts the level across the comparisons.
  const gate = a.failOn === null ? undefined : suiteRegressions(result.comparisons, a.failOn, 1 - a.confidence);
  if (a.json === '-' || a.format === 'json') io.stdout.write(renderComparison(result, 'json', { gate }));
  else
    io.stdout.write(
      renderComparison(result, a.format, { verbose: a.verbose, columns: terminalColumns(io.stdout, io.env), gate }),
    );
  if (a.json !== undefined && a.json !== '-') {
    const failed = tryWrite(resolve(io.cwd, a.json), () => renderComparison(result, 'json', { gate }));
    if (failed) {
      io.stderr.write(`cyclebench compare: --json: ${failed}\n`);
      return EXIT_FAILURE;
    }
  }
  if (a.failOn === null) return EXIT_OK;
  const unchecked = result.comparisons.filter((c) => c.verdict === 'too-few').length;
  if (unchecked > 0)
    io.stderr.write(
      `cyclebench compare: ${unchecked} benchmark(s) with too few processes for a verdict; ` +
        '--fail-on could not check them\n',
    );
  const failures = gateFailures(result, a.failOn, a.allowEnvChange, a.failOnCannotTell);
  // A gate that compared nothing has checked nothing: it fails rather than pass silently. (Rows
  // with too few processes are named in the line above, and alone keep the exit code at 0.)
  const compared = result.comparisons.some((c) => c.verdict !== 'incomparable' && c.verdict !== 'too-few');
  if (!compared && (result.comparisons.length === 0 || result.comparisons.some((c) => c.verdict === 'incomparable')))
    failures.push('no benchmark could be compared, so --fail-on checked nothing');
  const suite = gate ?? suiteRegressions(result.comparisons, a.failOn, 1 - a.confidence);
  // How the level was adjusted, and which slower rows that leaves passing.
  const adjusted = adjustmentLine(suite);
  if (adjusted) io.stderr.write(`cyclebench compare: ${adjusted}\n`);
  for (const c of suite.notAfterAdjustment)
    io.stderr.write(
      `cyclebench compare: ${fullName(c.group, c.name)}: slower at its own ${+(a.confidence * 100).toFixed(2)} % ` +
        `but not after Holm over ${suite.family} comparisons (p = ${formatPValue(c.ciPValue ?? null)}): passes the gate\n`,
    );
  const policy = cannotTellPolicy(result.comparisons, a.failOnCannotTell);
  if (policy) io.stderr.write(`cyclebench compare: ${policy}\n`);
  for (const line of failures) io.stderr.write(`cyclebench compare: ${line}\n`);
  return failures.length ? EXIT_FAILURE : EXIT_OK;
};

function usageConflict(format: string): never {
  throw new UsageError(`--json - and --format ${format} both write to standard output: give one of them`);
}
