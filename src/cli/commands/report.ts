// `cyclebench report FILE`: the reviewer-ready report of a result file, or the
// same results as Markdown, CSV or self-contained HTML. A thin shell over src/report.
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, UsageError, usageLine } from '../io.js';
import { defineCommand, helpText, readCommandLine, type Values } from '../options.js';
import { readJsonOrNodeBench, ResultFileError } from '../../results/read.js';
import { NotForPairedError, renderReadReport } from '../../api/command-report.js';
import { resolve } from 'node:path';
import { checkOutputPaths, tryWrite } from '../../results/output-files.js';

export const REPORT_COMMAND_FORMATS = ['text', 'markdown', 'html', 'csv'] as const;

export const REPORT_SPEC = defineCommand({
  command: 'report',
  usage: 'cyclebench report FILE [options]',
  about: `Prints the experiment in the form a reviewer can check: question, hardware, kernel,
governor, pinning, ASLR, Node/V8, workload, warmup, measurement, statistic, result with
CI, verdict, caveats and the command to reproduce it. A paired file (run --against --json)
gives its verdict table, each benchmark's pairs, the stopping rule and the environment.`,
  column: 23,
  options: {
    hypothesis: {
      kind: 'string',
      nonEmpty: true,
      arg: 'TEXT',
      help: `the question or hypothesis the run was meant to answer
(default: the one recorded by \`cyclebench run --hypothesis\`)`,
    },
    format: {
      kind: 'enum',
      values: REPORT_COMMAND_FORMATS,
      default: 'text',
      arg: 'F',
      help: 'text | markdown | html | csv (default {default})',
    },
    complexity: { kind: 'flag', help: 'fit O(1) … O(n³) to each parameter sweep' },
    out: { kind: 'string', arg: 'FILE', help: 'write to FILE instead of standard output' },
  },
});

export const REPORT_USAGE = helpText(REPORT_SPEC);

export const reportCommand: Command = async (args, io) => {
  let values: Values<typeof REPORT_SPEC.options>;
  let positionals: string[];
  try {
    const line = readCommandLine(REPORT_SPEC, args);
    if (line.help) {
      io.stdout.write(REPORT_USAGE);
      return EXIT_OK;
    }
    positionals = line.positionals;
    if (positionals.length !== 1)
      throw new UsageError(
        positionals.length === 0
          ? 'name one result file (from cyclebench run --json FILE, or node:bench NDJSON)'
          : `one result file at a time, got ${positionals.length}`,
      );
    values = line.values();
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(usageLine('report', e.message));
      return EXIT_USAGE;
    }
    throw e;
  }
  const format = values.format;
  const path = positionals[0];
  const problem = values.out && checkOutputPaths([{ label: '--out', path: values.out }], [positionals[0]], io.cwd);
  if (problem) {
    io.stderr.write(`cyclebench report: ${problem}\n`);
    return EXIT_USAGE;
  }
  let text: string;
  try {
    // node:bench NDJSON is read as compare reads it (results/read.ts), into a result document.
    const read = readJsonOrNodeBench(path, io.cwd);
    text = renderReadReport(read, path, format, {
      ...(values.hypothesis !== undefined ? { hypothesis: values.hypothesis } : {}),
      complexity: values.complexity,
    });
  } catch (e) {
    if (e instanceof NotForPairedError) {
      io.stderr.write(usageLine('report', `--${e.message}`));
      return EXIT_USAGE;
    }
    if (!(e instanceof ResultFileError)) throw e;
    io.stderr.write(`cyclebench report: ${positionals[0]}: ${e.message.slice(e.path.length + 2)}\n`);
    return EXIT_USAGE;
  }
  if (values.out) {
    const failed = tryWrite(resolve(io.cwd, values.out), text);
    if (failed) {
      io.stderr.write(`cyclebench report: --out: ${failed}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`cyclebench report: ${format} report written to ${values.out}\n`);
  } else {
    io.stdout.write(text);
  }
  return EXIT_OK;
};
