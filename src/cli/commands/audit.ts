// `cyclebench audit`: the machine's noise floor under each mitigation.
import { AUDIT_CONFIGS, type AuditRow, runAudit } from '../../audit/audit.js';
import { loadPlatform } from '../../platform/load.js';
import { renderJson, writeFileAtomic } from '../../report/json.js';
import { formatNs, formatPct, table } from '../../report/format.js';
import { parse, positiveInt, positiveNumber } from '../args.js';
import { type Command, EXIT_OK, EXIT_USAGE, UsageError } from '../io.js';

export const AUDIT_USAGE = `Usage: cyclebench audit [--forks N] [--time S] [--seed N] [--json FILE]

Measures a fixed kernel (sum of a 1,000-element array) in fresh processes under each
mitigation — ${AUDIT_CONFIGS.map((c) => c.name).join(', ')} — and prints the spread of
the per-process results, so you learn this machine's noise floor and which knobs matter.

  --forks N    processes per configuration (default 6)
  --time S     sampling budget per process, seconds (default 0.4)
  --json FILE  also write the rows as JSON
`;

export const auditCommand: Command = async (args, io) => {
  let forks: number;
  let timeBudgetNs: number;
  let seed: number;
  let json: string | undefined;
  try {
    const { values, positionals } = parse(args, { forks: { type: 'string' }, time: { type: 'string' }, seed: { type: 'string' }, json: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      io.stdout.write(AUDIT_USAGE);
      return EXIT_OK;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    forks = positiveInt('forks', values.forks, 6, 2);
    timeBudgetNs = positiveNumber('time', values.time, 0.4) * 1e9;
    seed = positiveInt('seed', values.seed, 1, 0);
    json = values.json;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`cyclebench audit: ${e.message}\n\n${AUDIT_USAGE}`);
    return EXIT_USAGE;
  }
  const platform = loadPlatform();
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.on('SIGINT', onSigint);
  let rows: AuditRow[];
  try {
    rows = await runAudit(platform, {
      forks, timeBudgetNs, seed, signal: abort.signal,
      onProgress: (done, total, config) => {
        if (io.stderr.isTTY) io.stderr.write(`\r\x1b[K[${done}/${total}] ${config}`);
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
    if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
  }
  io.stdout.write(renderAudit(rows, platform.kind));
  if (json) writeFileAtomic(json, renderJson({ tool: 'cyclebench audit', forks, timeBudgetNs, seed, rows } as never));
  return abort.signal.aborted ? 130 : EXIT_OK;
};

export function renderAudit(rows: AuditRow[], platformKind: string): string {
  const body = table(
    ['configuration', 'processes', 'median', 'CV', 'min', 'max', 'range'],
    rows.map((r) => [r.config, String(r.processes), formatNs(r.median), formatPct(r.cv, 2), formatNs(r.min), formatNs(r.max), formatPct(r.range, 1)]),
  );
  const notes = rows.flatMap((r) => [...r.notes.map((n) => `${r.config}: ${n}`), ...r.errors.map((e) => `${r.config}: error: ${e}`)]);
  const best = rows.filter((r) => Number.isFinite(r.cv)).sort((a, b) => a.cv - b.cv)[0];
  const lines = [
    `Noise audit: array sum of 1,000 numbers, slope per process (${platformKind} platform)`,
    '',
    body,
    '',
    'CV = standard deviation / mean of the per-process results (the between-process noise); range = max/min − 1.',
  ];
  if (best) lines.push(`Lowest between-process CV here: ${best.config} (${formatPct(best.cv, 2)}).`);
  if (notes.length) lines.push('', ...notes.map((n) => `note: ${n}`));
  return `${lines.join('\n')}\n`;
}
