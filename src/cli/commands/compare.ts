// `cyclebench compare base.json head.json`: a verdict per benchmark (faster / slower / no
// difference / incomparable), as text, Markdown or JSON, and an exit code for CI gates.
// Exit: 0 ok, 1 a significant regression beyond --fail-on's threshold (or the --json file could
// not be written), 2 bad usage or input (one line on stderr). It writes a file only with --json FILE, checked before anything is read.
import { terminalColumns } from '../../text/io.js';
import { compareDocuments } from '../../compare/documents.js';
import { decideGate, type GateSettings } from '../../compare/gate.js';
import { INSTRUCTIONS_THRESHOLD, simulatedDocument } from '../../compare/instructions.js';
import { type CompareFormat, renderComparison } from '../../report/compare-render.js';
import { gateLines } from '../../report/gate.js';
import { resolve } from 'node:path';
import { checkOutputPaths, tryWrite } from '../../results/output-files.js';
import { READABLE_SCHEMA_VERSIONS, readResultFile, ResultFileError } from '../../results/read.js';
import type { Statistic } from '../../results/schema.js';
import { fraction } from '../args.js';
import { trimmedPercent } from '../../text/format.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, UsageError, usageLine } from '../io.js';
import { defineCommand, helpText, readCommandLine, seedOption } from '../options.js';
import { DEFAULT_CONFIDENCE, DEFAULT_NOISE_THRESHOLD, DEFAULT_TARGET_CI } from '../../defaults.js';

/** --fail-on regression[:P][,cannot-tell]. */
export interface FailOn {
  /** Slower by more than this fails ('regression' alone: 0). */
  threshold: number;
  /** ',cannot-tell': a 'cannot-tell' verdict fails the gate too (default: it passes, with a line). */
  cannotTell: boolean;
}

/** "regression" → 0, "regression:5%" → 0.05, "regression:5%,cannot-tell" → 0.05 and cannot-tell. */
export function parseFailOn(value: string): FailOn {
  const items = value.split(',');
  const m = /^regression(?::(.+))?$/.exec(items[0]);
  const rest = items.slice(1);
  if (!m || rest.some((x) => x !== 'cannot-tell') || rest.length > 1)
    throw new UsageError(
      `--fail-on takes regression, regression:THRESHOLD% or either followed by ,cannot-tell; got '${value}'`,
    );
  return { threshold: m[1] === undefined ? 0 : fraction('fail-on', m[1], 0), cannotTell: rest.length > 0 };
}

export const COMPARE_SPEC = defineCommand({
  command: 'compare',
  usage: 'cyclebench compare <baseline.json> <contender.json> [options]',
  about: `Matches benchmarks by group, name and args and gives each pair one verdict: faster, slower,
no-difference (the whole CI of the ratio lies inside ±threshold), cannot-tell (the CI reaches
beyond the threshold without settling it; the reason says about how many processes would),
incomparable (different CPU, governor, Node/V8, worker flags, pinning or ASLR mode, a
TypeScript file loaded by tsx on one side and by Node on the other, or a failed or
contaminated run) or too few processes for a verdict. Different result checksums
do not hide the timing: the verdict stands with a "results differ" caveat.
Reads result files of schema version ${READABLE_SCHEMA_VERSIONS.join(', ')} (written by cyclebench run --json).`,
  column: 28,
  options: {
    format: {
      kind: 'enum',
      values: ['text', 'markdown', 'json'],
      default: 'text',
      arg: 'F',
      help: 'text | markdown (default {default}); json = --json -',
    },
    json: {
      kind: 'string',
      arg: 'FILE',
      help: 'write the comparison as JSON (- for stdout, instead of the table)',
    },
    'fail-on': {
      kind: 'custom',
      parse: parseFailOn,
      arg: 'regression[:P][,cannot-tell]',
      help: `exit 1 when a benchmark is significantly slower by more than P
(e.g. regression:5%; without P any 'slower' verdict fails; a P below
the noise threshold becomes the noise threshold) after
Holm's adjustment over every compared benchmark (unchanged code
fails at most 1 - confidence of the time, however many), and
when a contender crashed, is missing, or ran on another environment;
'cannot-tell' benchmarks pass with a line saying so, unless the list
names cannot-tell (e.g. regression:5%,cannot-tell)`,
    },
    'allow-env-change': {
      kind: 'flag',
      help: `a changed environment (CPU, Node, governor…) is a caveat on each
row instead of 'incomparable', and does not fail --fail-on`,
    },
    threshold: {
      kind: 'fraction',
      default: DEFAULT_NOISE_THRESHOLD,
      arg: 'P',
      help: 'noise threshold: smaller significant changes are "no difference" (default {default})',
    },
    confidence: {
      kind: 'number',
      below: 1,
      default: DEFAULT_CONFIDENCE,
      arg: 'C',
      help: 'confidence level of the ratio CI (default {default})',
    },
    seed: seedOption('bootstrap seed'),
    statistic: {
      kind: 'enum',
      values: ['slope', 'min', 'median', 'mean', 'instructions'],
      arg: 'S',
      help: `slope | min | median | mean | instructions (default: the files' headline
statistic); instructions: instructions per op from --counters simulate
(or hardware counters), default --threshold ${INSTRUCTIONS_THRESHOLD * 100} %`,
    },
    'target-ci': {
      kind: 'fraction',
      default: DEFAULT_TARGET_CI,
      arg: 'P',
      help: 'relative CI target for the sample-size advice (default {default})',
    },
    grubbs: { kind: 'flag', help: "also run Grubbs' test on the per-process values" },
    'per-row': {
      kind: 'flag',
      help: `judge each row's faster/slower at its own confidence (default: only
those that hold after Holm's adjustment over every compared benchmark,
so unchanged code gets a faster/slower row at most 1 - confidence
of the time, however many benchmarks)`,
    },
    verbose: {
      kind: 'flag',
      help: `every note, the method and the rank test's p value (default: the
table, the reason for each verdict that needs one, a count of the rest)`,
    },
  },
});

export const COMPARE_USAGE = helpText(COMPARE_SPEC);

export interface CompareArgs {
  files: [string, string];
  format: CompareFormat;
  /** --json FILE: where the JSON comparison goes ('-' standard output). */
  json?: string;
  /** --fail-on: the gate, or null without one. */
  failOn: FailOn | null;
  threshold: number;
  confidence: number;
  seed: number;
  statistic?: Statistic;
  /** --statistic instructions. */
  instructions?: boolean;
  target: number;
  grubbs: boolean;
  allowEnvChange: boolean;
  perRow: boolean;
  verbose: boolean;
}

export function parseCompareArgs(args: string[]): CompareArgs | 'help' {
  const line = readCommandLine(COMPARE_SPEC, args);
  if (line.help) return 'help';
  const { positionals } = line;
  if (positionals.length !== 2)
    throw new UsageError(`expected two result files (baseline and contender), got ${positionals.length}`);
  const v = line.values();
  if (v.json === '-' && line.given.has('format') && v.format !== 'json')
    throw new UsageError(`--json - and --format ${v.format} both write to standard output: give one of them`);
  const instructions = v.statistic === 'instructions';
  const failOn = v['fail-on'] ?? null;
  let threshold = instructions && !line.given.has('threshold') ? INSTRUCTIONS_THRESHOLD : v.threshold;
  // A row is slower only beyond the noise threshold, so a gate below it could never fail there:
  // the gate's own level becomes the noise threshold, unless --threshold was given above it.
  if (failOn && failOn.threshold > 0 && failOn.threshold < threshold) {
    if (line.given.has('threshold'))
      throw new UsageError(
        `--fail-on regression:${trimmedPercent(failOn.threshold, 4, false)} is below --threshold ` +
          `${trimmedPercent(threshold, 4, false)}: a row is slower only beyond the noise threshold; ` +
          'lower --threshold to the gate or leave it out',
      );
    threshold = failOn.threshold;
  }
  return {
    files: [positionals[0], positionals[1]],
    format: v.format,
    json: v.json,
    failOn,
    threshold,
    confidence: v.confidence,
    seed: v.seed,
    ...(instructions ? { instructions } : {}),
    statistic: v.statistic === 'instructions' ? undefined : v.statistic,
    target: v['target-ci'],
    grubbs: v.grubbs,
    allowEnvChange: v['allow-env-change'],
    perRow: v['per-row'],
    verbose: v.verbose,
  };
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
    docs = a.files.map((f) => readResultFile(f, io.cwd));
  } catch (e) {
    if (!(e instanceof ResultFileError)) throw e;
    io.stderr.write(`cyclebench compare: ${e.message}\n`);
    return EXIT_USAGE;
  }
  // Two runs counted under Valgrind have no times: their instructions are what can be compared.
  if (!a.instructions && a.statistic === undefined && docs.every(simulatedDocument))
    a = parseCompareArgs(['--statistic', 'instructions', ...args]) as CompareArgs;
  const result = compareDocuments(docs[0], docs[1], {
    threshold: a.threshold,
    confidence: a.confidence,
    seed: a.seed,
    statistic: a.statistic,
    instructions: a.instructions,
    target: a.target,
    grubbs: a.grubbs,
    allowEnvironmentChange: a.allowEnvChange,
    perRow: a.perRow,
  });
  if (result.comparisons.length === 0) {
    io.stderr.write(
      `cyclebench compare: no benchmark in common between ${a.files[0]} ` +
        `(${docs[0].benchmarks.length}) and ${a.files[1]} ` +
        `(${docs[1].benchmarks.length}); benchmarks match by group, name and args\n`,
    );
    return EXIT_USAGE;
  }
  // The gate's policy is compare/gate.ts; its words, report/gate.ts.
  const settings: GateSettings | undefined = a.failOn
    ? {
        threshold: a.failOn.threshold,
        confidence: a.confidence,
        failOnCannotTell: a.failOn.cannotTell,
        allowEnvChange: a.allowEnvChange,
      }
    : undefined;
  const decision = settings && decideGate(result, settings);
  // With a gate, the summary line says how it adjusts the level across the comparisons.
  const gate = decision?.suite;
  if (a.json === '-' || a.format === 'json') io.stdout.write(renderComparison(result, 'json', { gate }));
  else
    io.stdout.write(
      renderComparison(result, a.format, { verbose: a.verbose, columns: terminalColumns(io.stdout, io.env), gate }),
    );
  const writeFailed =
    a.json !== undefined && a.json !== '-'
      ? tryWrite(resolve(io.cwd, a.json), () => renderComparison(result, 'json', { gate }))
      : null;
  if (writeFailed) io.stderr.write(`cyclebench compare: --json: ${writeFailed}\n`);
  // The gate's lines are printed even when the file could not be written: they are the answer.
  if (settings && decision)
    for (const line of gateLines(result, decision, settings)) io.stderr.write(`cyclebench compare: ${line}\n`);
  return writeFailed || decision?.failed ? EXIT_FAILURE : EXIT_OK;
};
