// `cyclebench run` as a library call: resolve the conditions, record the environment
// before and after, run the suite in worker processes, write and print the results.
// Ctrl-C stops the current worker; what was measured until then is analysed, printed
// and written (a second Ctrl-C exits at once).
import type { Io } from '../cli/io.js';
import { diffEnvironment } from '../env/diff.js';
import { collectEnvironment } from '../env/environment.js';
import { readMachineFacts } from '../env/facts.js';
import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';
import { renderJson, writeFileAtomic } from '../report/json.js';
import { renderTerminal } from '../report/terminal.js';
import { type ResultDocument, SCHEMA_VERSION, type Statistic } from '../results/schema.js';
import { type AslrMode, resolveConditions } from './conditions.js';
import { ProgressLine } from './progress.js';
import { runSuite } from './suite.js';
import { toolVersion } from './version.js';

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
  cpu: number[] | null | false;
  aslr: AslrMode;
  mlock: boolean;
  json?: string;
  progress: boolean;
  /** The command line, recorded so the report can say how to reproduce the run. */
  argv: string[];
}

export interface RunOutcome {
  document: ResultDocument;
  interrupted: boolean;
}

export async function runBenchmarks(opts: RunOptions, io: Io, platform: Platform = loadPlatform()): Promise<RunOutcome> {
  const conditions = resolveConditions({ cpu: opts.cpu, aslr: opts.aslr, mlock: opts.mlock }, platform);
  for (const n of conditions.notes) io.stderr.write(`cyclebench: ${n}\n`);
  if (platform.kind === 'js') io.stderr.write(`cyclebench: using the pure-JS platform: ${platform.fallbackReason}\n`);
  const before = collectEnvironment(platform);

  const abort = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    io.stderr.write('\ncyclebench: interrupted — stopping the current worker, keeping the results so far (Ctrl-C again to quit at once)\n');
    abort.abort();
  };
  process.on('SIGINT', onSigint);
  const progress = new ProgressLine(io.stderr, opts.progress);
  let outcome;
  try {
    outcome = await runSuite(platform, {
      files: opts.files,
      filter: opts.filter,
      forks: opts.forks,
      measure: { timeBudgetNs: opts.timeBudgetNs, targetCi: opts.targetCi, counters: opts.counters },
      conditions,
      statistic: opts.statistic,
      confidence: opts.confidence,
      seed: opts.seed,
      timeoutMs: opts.timeoutMs,
      signal: abort.signal,
      onProgress: (p) => progress.update(p),
    });
  } finally {
    progress.clear();
    process.off('SIGINT', onSigint);
  }

  // After the run only the machine facts are re-read (the platform's capabilities do not change).
  const after = readMachineFacts();
  const changes = diffEnvironment(before, after);
  const warnings = [...conditions.notes, ...changes.map((c) => c.warning)];
  if (platform.kind === 'js') warnings.push(`pure-JS platform: ${platform.fallbackReason}`);
  if (outcome.interrupted) warnings.push('the run was interrupted: results are partial');
  if (changes.length > 0) for (const b of outcome.benchmarks) if (!b.error && !b.flags.includes('environment-changed')) b.flags.push('environment-changed');

  const document: ResultDocument = {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'cyclebench', version: toolVersion() },
    createdAt: new Date().toISOString(),
    command: ['cyclebench', ...opts.argv],
    options: {
      forks: opts.forks, timeBudgetNs: opts.timeBudgetNs, targetCi: opts.targetCi, statistic: opts.statistic,
      confidence: opts.confidence, seed: opts.seed, counters: opts.counters, filter: opts.filter?.source ?? null,
    },
    environment: {
      ...before,
      conditions: { cpus: conditions.cpus, aslr: conditions.aslr, noAslr: conditions.noAslr, mlock: conditions.mlock },
      after,
      changes,
    },
    benchmarks: outcome.benchmarks,
    warnings,
  };
  if (opts.json) writeFileAtomic(opts.json, renderJson(document));
  io.stdout.write(renderTerminal(document));
  if (opts.json) io.stderr.write(`cyclebench: results written to ${opts.json}\n`);
  return { document, interrupted: outcome.interrupted };
}
