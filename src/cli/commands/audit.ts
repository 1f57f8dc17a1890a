// `cyclebench audit`: the machine's noise floor under each mitigation.
import {
  AUDIT_CONFIGS,
  type AuditRow,
  DEFAULT_AUDIT_CONFIGS,
  DEFAULT_AUDIT_FORKS,
  DEFAULT_AUDIT_TIME_NS,
  runAudit,
  SLOW_PROCESS,
} from '../../api/command-audit.js';
import { loadPlatform, exitCodeFor, onStopSignals } from '../../api/command-audit.js';
import { resolve } from 'node:path';
import { documentJson } from '../../results/document.js';
import { checkOutputPaths, tryWrite } from '../../results/output-files.js';
import { formatNs, formatPct, table } from '../../report/format.js';
import { LIMITS } from '../args.js';
import { defineCommand, helpText, readCommandLine, seedOption, type Values } from '../options.js';
import { type Command, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, usageLine } from '../io.js';

/** --configs LIST: configuration names, comma-separated. */
function configList(value: string): string[] {
  const configs = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = configs.filter((n) => !AUDIT_CONFIGS.some((c) => c.name === n));
  if (unknown.length || configs.length === 0)
    throw new UsageError(
      `--configs: unknown configuration '${unknown[0] ?? value}' ` +
        `(known: ${AUDIT_CONFIGS.map((c) => c.name).join(', ')})`,
    );
  return configs;
}

export const AUDIT_SPEC = defineCommand({
  command: 'audit',
  usage: 'cyclebench audit [--configs LIST] [--forks N] [--time S] [--seed N] [--json FILE]',
  about: `Measures a fixed kernel (sum of a 1,000-element array) in fresh processes under each
mitigation — ${DEFAULT_AUDIT_CONFIGS.join(', ')} — and prints the spread of
the per-process results, so you learn this machine's noise floor and which knobs matter.`,
  column: 18,
  options: {
    configs: {
      kind: 'custom',
      parse: configList,
      default: DEFAULT_AUDIT_CONFIGS,
      show: (configs: string[]) => configs.join(','),
      arg: 'LIST',
      help: `comma-separated configurations (default {default};
also: ${AUDIT_CONFIGS.filter((c) => !c.default)
        .map((c) => c.name)
        .join(', ')})`,
    },
    forks: {
      kind: 'integer',
      min: 2,
      max: LIMITS.forks,
      default: DEFAULT_AUDIT_FORKS,
      arg: 'N',
      help: 'processes per configuration (default {default})',
    },
    time: {
      kind: 'number',
      unit: 's',
      default: DEFAULT_AUDIT_TIME_NS / 1e9,
      arg: 'S',
      help: 'sampling budget per process, seconds (default {default})',
    },
    seed: seedOption('seed of every random choice: batch order, bootstrap'),
    json: {
      kind: 'string',
      arg: 'FILE',
      help: 'also write the rows as JSON (- for stdout; the table then goes to stderr)',
    },
  },
});

export const AUDIT_USAGE = helpText(AUDIT_SPEC);

export const auditCommand: Command = async (args, io) => {
  let v: Values<typeof AUDIT_SPEC.options>;
  try {
    const line = readCommandLine(AUDIT_SPEC, args);
    if (line.help) {
      io.stdout.write(AUDIT_USAGE);
      return EXIT_OK;
    }
    if (line.positionals.length > 0) throw new UsageError(`unexpected argument '${line.positionals[0]}'`);
    v = line.values();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(usageLine('audit', e.message));
    return EXIT_USAGE;
  }
  const { configs, forks, seed, json } = v;
  const timeBudgetNs = v.time * 1e9;
  if (json !== undefined && json !== '-') {
    const problem = checkOutputPaths([{ label: '--json', path: json }], [], io.cwd);
    if (problem) {
      io.stderr.write(`cyclebench audit: ${problem}\n`);
      return EXIT_USAGE;
    }
  }
  const platform = loadPlatform();
  const abort = new AbortController();
  const stop = onStopSignals(() => abort.abort());
  let rows: AuditRow[];
  try {
    rows = await runAudit(platform, {
      configs,
      forks,
      timeBudgetNs,
      seed,
      signal: abort.signal,
      onProgress: (done, total, config) => {
        if (io.stderr.isTTY) io.stderr.write(`\r\x1b[K[${done}/${total}] ${config}`);
      },
    });
  } finally {
    stop.off();
    if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
  }
  // With --json - standard output carries the JSON alone; the table goes to stderr.
  (json === '-' ? io.stderr : io.stdout).write(renderAudit(rows, platform.kind));
  const doc = { tool: 'cyclebench audit', configs, forks, timeBudgetNs, seed, rows };
  if (json === '-') io.stdout.write(documentJson(doc as never));
  const failed =
    json === undefined || json === '-' ? null : tryWrite(resolve(io.cwd, json), () => documentJson(doc as never));
  if (failed) io.stderr.write(`cyclebench audit: --json: ${failed}\n`);
  const stoppedBy = stop.received();
  return stoppedBy ? exitCodeFor(stoppedBy) : failed ? EXIT_FAILURE : EXIT_OK;
};

export function renderAudit(rows: AuditRow[], platformKind: string): string {
  const body = table(
    ['configuration', 'processes', 'median', 'CV', 'CV 95% CI', 'robust CV', 'slow', 'min', 'max', 'range'],
    rows.map((r) => [
      r.config,
      String(r.processes),
      formatNs(r.median),
      formatPct(r.cv, 2),
      r.cvCi ? `${formatPct(r.cvCi[0], 2)} – ${formatPct(r.cvCi[1], 2)}` : '–',
      formatPct(r.robustCv, 2),
      String(r.slowProcesses),
      formatNs(r.min),
      formatNs(r.max),
      formatPct(r.range, 1),
    ]),
  );
  const notes = rows.flatMap((r) => [
    ...r.notes.map((n) => `${r.config}: ${n}`),
    ...r.errors.map((e) => `${r.config}: error: ${e}`),
  ]);
  const best = rows.filter((r) => Number.isFinite(r.cv)).sort((a, b) => a.cv - b.cv)[0];
  const lines = [
    `Noise audit: array sum of 1,000 numbers, slope per process (${platformKind} platform)`,
    '',
    body,
    '',
    'CV = standard deviation / mean of the per-process results (the between-process ' +
      'noise); robust CV = 1.4826·MAD / median',
    `(the spread of the typical processes); slow = processes more ` +
      `than ${Math.round((SLOW_PROCESS - 1) * 100)} % above the median; range = ` +
      `max/min − 1.`,
  ];
  if (best) {
    // Only claim a winner whose CV interval lies entirely below every other configuration's interval.
    const clear =
      best.cvCi !== null &&
      rows.every((r) => r === best || !Number.isFinite(r.cv) || (r.cvCi !== null && best.cvCi![1] < r.cvCi[0]));
    const ending = clear
      ? '.'
      : '; the CV intervals overlap, so this ranking is not established (run with more --forks).';
    lines.push(`Lowest between-process CV here: ${best.config} (${formatPct(best.cv, 2)})${ending}`);
  }
  if (notes.length) lines.push('', ...notes.map((n) => `note: ${n}`));
  return `${lines.join('\n')}\n`;
}
