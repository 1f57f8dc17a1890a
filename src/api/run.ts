// run(): measure every registered benchmark IN THIS PROCESS (forks: 0) through the same
// pipeline as the CLI (engine → src/api/finish-run.ts → src/report/present.ts), with each
// group compared with its `.baseline()` as `cyclebench run` compares it. Every
// benchmark is flagged 'in-process': between-process variance (JIT, allocator, layout)
// is not captured, and benchmarks measured one after another share one heap and JIT.
// Under the CLI or a worker (collect mode) it does nothing and returns an empty result.

import { instances, type BenchInstance } from './registry.js';
import { processIo, terminalColumns, type Io } from '../text/io.js';
import { resolveKernel } from '../engine/kernel.js';
import { measure, type MeasureOptions } from '../engine/measure.js';
import { collectEnvironment } from '../env/environment.js';
import { loadPlatform } from '../platform/load.js';
import type { Platform } from '../platform/types.js';
import { presentRun } from '../report/present.js';
import type { BenchmarkResult, ForkResult, ResultDocument, Statistic } from '../results/schema.js';
import { fullName } from '../text/format.js';
import { DEFAULT_CONFIDENCE, DEFAULT_SEED, DEFAULT_TARGET_CI, DEFAULT_TIMEOUT_MS } from '../defaults.js';
import { benchmarkFilter, checkOptions, type KnownOptions } from './check-options.js';
import { IN_PROCESS_NOTE } from './in-process-note.js';
import { LIMITS } from '../orchestrator/limits.js';

/**
 * Measurement options (MeasureOptions; `latency: true` times every call of every selected benchmark) and output
 * options.
 */
export interface RunApiOptions extends Partial<MeasureOptions> {
  /** Only benchmarks whose `group/title` matches. */
  filter?: RegExp | string;
  statistic?: Statistic | 'auto';
  /** Print the terminal report (default true). */
  print?: boolean;
  /** What is printed: the summary table (default), every detail ('verbose'), or the table alone ('quiet'). */
  detail?: 'summary' | 'verbose' | 'quiet';
  io?: Io;
  platform?: Platform;
  /**
   * Time one benchmark may take, in ms (default DEFAULT_TIMEOUT_MS, as `cyclebench run --timeout`).
   * A kernel whose promise never settles cannot be stopped in this process: the benchmark that
   * overruns is reported as failed and the ones after it are not measured.
   */
  timeoutMs?: number;
}

export interface RunResult {
  /** False when run() was called in collect mode (under the CLI) and measured nothing. */
  measured: boolean;
  benchmarks: BenchmarkResult[];
  document: ResultDocument | null;
}

/** Every option run() takes. */
const RUN_KEYS = {
  filter: true,
  statistic: true,
  print: true,
  detail: true,
  io: true,
  platform: true,
  warmupBudgetNs: true,
  warmupMinNs: true,
  warmupCollectingMinNs: true,
  targetCi: true,
  confidence: true,
  timeBudgetNs: true,
  minRounds: true,
  maxRounds: true,
  batchesPerRound: true,
  targetLargestBatchNs: true,
  allocatingLargestBatchNs: true,
  seed: true,
  latency: true,
  latencyMaxCalls: true,
  memory: true,
  timeoutMs: true,
} as const satisfies KnownOptions<Required<RunApiOptions>>;

/** A run() measuring in this process; a second one at the same time is refused (see run()). */
let measuring = false;

/**
 * Refuses a second call while one is measuring: both would time their kernels on the one thread,
 * interleaved at every await, and each would read the other's work (or none) as its own. It is
 * refused rather than queued so that the caller sees the overlap instead of a run that silently
 * takes twice as long; `await` the first run() before starting the next. Reached through the package
 * entry's run() (src/api/index.ts), which answers a worker listing or measuring the file itself.
 */
export async function run(options: RunApiOptions = {}): Promise<RunResult> {
  checkOptions('run', options, RUN_KEYS);
  const t = options.timeoutMs;
  if (t !== undefined && !(typeof t === 'number' && t > 0 && t <= LIMITS.timeoutS * 1000))
    throw new RangeError(`run: timeoutMs must be above 0 and at most ${LIMITS.timeoutS * 1000}, got ${String(t)}`);
  if (overrunning !== null)
    throw new Error(
      `run(): ${overrunning} of an earlier run() overran its timeoutMs and is still running in this process; ` +
        'a run now would time its kernels beside it',
    );
  if (measuring)
    throw new Error('run(): another run() is measuring in this process; await it before starting the next');
  measuring = true;
  try {
    return await measureAll(options);
  } finally {
    measuring = false;
  }
}

/**
 * The benchmark whose measurement overran its timeoutMs and goes on (measure() cannot be stopped
 * from outside): no run() starts until it settles, if it ever does.
 */
let overrunning: string | null = null;

async function measureAll(options: RunApiOptions): Promise<RunResult> {
  const io = options.io ?? processIo();
  const platform = options.platform ?? loadPlatform();
  const filter = benchmarkFilter(options.filter);
  const all = instances();
  const selected = all.filter((i) => !filter || filter.test(fullName(i.group, i.title)));
  // As runFiles and the command line refuse it: an empty table would read as a run that measured.
  if (filter && selected.length === 0 && all.length > 0)
    throw new RangeError(
      `run: filter ${String(filter)} matched none of the ${all.length} benchmark(s) (it is tested against "group/name")`,
    );
  // Every benchmark is measured before the analysis is loaded, and latency-mode ones after
  // the others: both the analysis and the latency encoder load hdr-histogram-js, whose
  // loading (through tsx) invalidates V8's ArrayBufferDetaching protector for the rest of
  // the process, making typed-array kernels measured afterwards up to 2× slower
  // (docs/decisions.md). Results keep registration order.
  const isLatency = (i: BenchInstance) => Boolean(options.latency || i.latency);
  const order = [...selected.filter((i) => !isLatency(i)), ...selected.filter(isLatency)];
  const measured = new Map<BenchInstance, ForkResult | Error>();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let overran: string | null = null;
  for (const inst of order) {
    if (overran !== null) {
      measured.set(inst, new Error(`not measured: ${overran} overran its time and may still be running`));
      continue;
    }
    const name = fullName(inst.group, inst.title);
    const work = (async () => {
      const inputs = { source: inst.inputs, setupEach: inst.setupEach, seed: options.seed };
      const kernel = await resolveKernel(inst.fn, inst.args, name, inputs);
      return measure(kernel, platform, { ...options, latency: isLatency(inst) });
    })();
    let timer: NodeJS.Timeout | undefined;
    // The timer also keeps the process alive: without it, a kernel promise that never settles
    // leaves nothing for the event loop, and Node exits (code 13) without a word.
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const r = await Promise.race([work, timedOut]);
      if (r === 'timeout') {
        overran = name;
        measured.set(
          inst,
          new Error(
            `did not finish within ${timeoutMs / 1000} s (timeoutMs): an async kernel whose promise never ` +
              'settles, or a kernel too slow for the time; in this process it cannot be stopped',
          ),
        );
        // The overrunning work may still settle or throw later: its outcome is no longer read, but
        // until then it still runs the kernel in this process.
        overrunning = name;
        const settled = () => {
          overrunning = null;
        };
        work.then(settled, settled);
      } else measured.set(inst, r);
    } catch (err) {
      measured.set(inst, err instanceof Error ? err : new Error(String(err)));
    } finally {
      clearTimeout(timer);
    }
  }
  // Loaded now, after measuring (above): it loads the analysis.
  const { finishInProcessRun } = await import('./finish-run.js');
  const document = finishInProcessRun(
    selected.map((i) => ({ identity: i, fork: measured.get(i)! })),
    {
      command: process.argv.slice(1),
      options: { forks: 0, ...stripFns(options) },
      environment: safeEnvironment(platform),
      warnings: [IN_PROCESS_NOTE, ...(platform.kind === 'js' ? [`pure-JS platform: ${platform.fallbackReason}`] : [])],
    },
    {
      statistic: options.statistic ?? 'auto',
      confidence: options.confidence ?? DEFAULT_CONFIDENCE,
      seed: options.seed ?? DEFAULT_SEED,
      targetCi: options.targetCi ?? DEFAULT_TARGET_CI,
    },
  );
  if (options.print !== false)
    io.stdout.write(
      presentRun(document, {
        detail: options.detail,
        columns: terminalColumns(io.stdout, io.env),
        verboseHint: "run({ detail: 'verbose' })",
      }),
    );
  return { measured: true, benchmarks: document.benchmarks, document };
}

function stripFns(o: RunApiOptions): Record<string, unknown> {
  const { io: _io, platform: _p, filter, ...rest } = o;
  return { ...rest, filter: filter ? String(filter) : null };
}

function safeEnvironment(platform: Platform): Record<string, unknown> {
  try {
    return { ...collectEnvironment(platform) };
  } catch (e) {
    return { error: `environment not collected: ${(e as Error).message}` };
  }
}
