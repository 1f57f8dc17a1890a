// The result document of a forked run, from what its workers returned (src/orchestrator/run.ts):
// each benchmark's row (slow and odd processes marked against the run's other processes, the
// analysis of src/analysis/, the A/A check, the simulated-counter marks), each group compared
// with its `.baseline()`, the declared checks judged, the findings attached and the details worded.
import { judgeChecks } from '../analysis/checks.js';
import { DEFAULT_STATISTIC } from '../analysis/defaults.js';
import { analyzeBenchmark } from '../analysis/estimate.js';
import { attachFindings } from '../analysis/findings.js';
import { markOddProcess, oddProcessDetail } from '../analysis/odd-process.js';
import { namedDetails, resultFromAnalysis } from '../analysis/result.js';
import { markSlowProcesses, measuredForks, runYardstick, slowProcessesDetail } from '../analysis/slow-processes.js';
import { aaCheck } from '../compare/aa.js';
import { type DocumentCompareOptions, relativeToBaseline } from '../compare/documents.js';
import { DEFAULT_NOISE_THRESHOLD } from '../defaults.js';
import { addedProcesses, DISAGREE_ABOVE, spreadChoseCount } from '../analysis/more-processes.js';
import type { MeasuredRun } from '../orchestrator/run.js';
import type { MeasuredEntry } from '../orchestrator/suite.js';
import { wordDetails } from '../report/details.js';
import { type DocumentContent, newDocument } from '../results/document.js';
import type {
  AnalysisDetail,
  BenchmarkResult,
  Flag,
  ForkResult,
  ResultDocument,
  Statistic,
} from '../results/schema.js';
import { markSimulated } from '../simulation/result.js';
import { fullName } from '../text/format.js';

/**
 * The settings of the run's comparisons (`.baseline()` groups, the checks and --baseline), from its
 * options. Under Valgrind (`simulate`) they compare simulated instructions per op: a simulated run
 * has no time, so against a saved baseline every row read "baseline has no measurement".
 */
export function runCompareSettings(opts: {
  threshold?: number;
  confidence: number;
  seed: number;
  targetCi: number;
  simulate?: unknown;
}): DocumentCompareOptions {
  return {
    threshold: opts.threshold ?? DEFAULT_NOISE_THRESHOLD,
    confidence: opts.confidence,
    seed: opts.seed,
    target: opts.targetCi,
    ...(opts.simulate ? { instructions: true } : {}),
  };
}

/** The result document of `run`: its rows built with `opts`, its comparisons and checks judged with `settings`. */
export function finishRun(run: MeasuredRun, opts: RowSettings, settings: DocumentCompareOptions): ResultDocument {
  const rows = benchmarkRows(run.entries, opts, run.simulated, run.interrupted);
  if (run.environmentChanged)
    for (const b of rows) if (!b.error && !b.flags.includes('environment-changed')) b.flags.push('environment-changed');
  const doc = newDocument({ ...run.envelope, benchmarks: [...run.loadErrors, ...rows] });
  // Under Valgrind the comparison with a group's baseline is of simulated instructions per op (time there is not the kernel's).
  attachRelative(doc, { ...settings, ...(run.simulated ? { instructions: true } : {}) });
  if (run.checks.length)
    doc.checks = judgeChecks(doc, run.checks, {
      statistic: opts.statistic,
      confidence: settings.confidence,
      seed: settings.seed,
      noiseThreshold: settings.threshold,
    });
  attachFindings(doc);
  return wordDetails(doc);
}

/** What names a benchmark's row: its registration (a worker's descriptor or an in-process instance). */
export interface RowIdentity {
  title: string;
  group: string | null;
  args: BenchmarkResult['args'];
  baseline: boolean;
  file: string | null;
}

/** A benchmark's row before its analysis: what it is and its processes, no figures yet. */
function emptyRow(d: RowIdentity, forks: ForkResult[], flags: Flag[], warnings: string[]): BenchmarkResult {
  return {
    name: d.title,
    group: d.group,
    args: d.args,
    baseline: d.baseline,
    file: d.file,
    headline: null,
    estimates: null,
    forks,
    flags,
    warnings,
  };
}

/** One benchmark measured in this process by run(): its one process, or what it threw. */
export interface InProcessEntry {
  identity: RowIdentity;
  fork: ForkResult | Error;
}

/**
 * The result document of an in-process run(): each benchmark's row from its one process (flagged
 * 'in-process'), compared with its group's `.baseline()` as `cyclebench run` compares it, the
 * findings attached and the details worded. A run() caller imports this module only after
 * measuring (src/api/run.ts says why).
 */
export function finishInProcessRun(
  entries: readonly InProcessEntry[],
  content: Omit<DocumentContent, 'benchmarks'>,
  opts: Omit<RowSettings, 'forks' | 'aa'>,
): ResultDocument {
  const rows = entries.map(({ identity, fork }) => {
    const base = emptyRow(identity, [], ['in-process'], []);
    try {
      if (fork instanceof Error) throw fork;
      const a = analyzeBenchmark([fork], {
        statistic: opts.statistic,
        confidence: opts.confidence,
        seed: opts.seed,
        targetCi: opts.targetCi,
      });
      return resultFromAnalysis({ ...base, forks: [fork] }, a, { flags: ['in-process'] });
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      const message = `${fullName(identity.group, identity.title)}: ${e.message}`;
      return { ...base, error: { message, stack: e.stack, kind: 'throw' as const } };
    }
  });
  const doc = newDocument({ ...content, benchmarks: rows });
  attachRelative(doc, runCompareSettings(opts));
  attachFindings(doc);
  return wordDetails(doc);
}

/** Fills `relative` of every benchmark of a group that has a `.baseline()`. */
export function attachRelative(doc: ResultDocument, settings: DocumentCompareOptions): void {
  for (const row of relativeToBaseline(doc, settings)) {
    const c = row.comparison;
    const b = doc.benchmarks.find(
      (x) =>
        x.name === c.name && x.group === c.group && JSON.stringify(x.args) === JSON.stringify(c.args) && !x.baseline,
    );
    if (!b) continue;
    b.relative = {
      baseline: row.baseline,
      verdict: c.verdict,
      ratio: c.ratio,
      pValue: c.pValue,
      ...(c.because ? { because: c.because } : {}),
    };
    // Which process the ratio left out or kept against the headlines beside it: the benchmark's own lines.
    const odd = c.details.filter((d) => d.code === 'odd-process-compared' || d.code === 'odd-process-kept');
    if (odd.length) b.details = [...(b.details ?? []), ...namedDetails(b, odd)];
  }
}

/** The run options a row is built with. */
export interface RowSettings {
  statistic: Statistic | 'auto';
  confidence: number;
  seed: number;
  targetCi: number;
  /** Planned processes per benchmark (per arm with `aa`). */
  forks: number;
  aa?: boolean;
}

/** The rows of the measured benchmarks, in their order; `simulated`: the workers ran under Valgrind;
 *  `interrupted`: the run stopped early. */
function benchmarkRows(
  entries: MeasuredEntry[],
  opts: RowSettings,
  simulated: MeasuredRun['simulated'],
  interrupted: boolean,
): BenchmarkResult[] {
  // Slow process states are judged against the run's planned processes (slow-processes.ts): the
  // reference processes were added against (src/api/more-processes.ts). Added ones are not a fair
  // sample of the run's time: they replace slow ones or follow a disagreement.
  const planned = opts.forks * (opts.aa ? 2 : 1);
  const reference = runYardstick(entries.flatMap((e) => e.forks.filter((f) => f.index < planned)));
  for (const e of entries) markSlowProcesses(e.forks, reference);
  // Then, per benchmark, a process far from siblings that agree (odd-process.ts).
  const statistic = opts.statistic === 'auto' ? DEFAULT_STATISTIC : opts.statistic;
  if (!simulated) for (const e of entries) markOddProcess(e.forks, statistic);
  return entries.map((e) =>
    simulated
      ? markSimulated(benchmarkRow(e, opts, interrupted), simulated.valgrind)
      : benchmarkRow(e, opts, interrupted),
  );
}

function benchmarkRow(e: MeasuredEntry, opts: RowSettings, interrupted: boolean): BenchmarkResult {
  const d = e.descriptor;
  const base = emptyRow(d, e.forks, [], [...e.warnings]);
  if (e.error) base.error = e.error;
  if (e.forks.length === 0) {
    if (!base.error)
      base.error = {
        message: `${fullName(d.group, d.title)}: not measured, the run was interrupted`,
        kind: 'interrupted',
      };
    return base;
  }
  const slow = slowProcessesDetail(e.forks);
  const odd = oddProcessDetail(e.forks);
  let a;
  try {
    a = analyzeBenchmark(measuredForks(e.forks), {
      statistic: opts.statistic,
      confidence: opts.confidence,
      seed: opts.seed,
      targetCi: opts.targetCi,
      // Two stages only when the first stage's spread chose the count; replacing slow processes
      // alone follows the yardsticks (src/api/more-processes.ts).
      ...(e.added && spreadChoseCount(e.added) ? { firstStage: opts.forks } : {}),
    });
  } catch (err) {
    // One benchmark whose batches cannot be analysed fails alone; the run and its other results go on.
    const sizes = e.forks.map(
      (f) => `${f.batches.length} batches (${f.batches.filter((b) => b.preempted).length} preempted)`,
    );
    base.error = {
      message: `${fullName(d.group, d.title)}: cannot be analysed: ${(err as Error).message}; processes had ${sizes.join(', ')}`,
      kind: 'crash',
    };
    return base;
  }
  // Processes an interruption kept from running (a failed process is the benchmark's error instead).
  const planned = opts.forks * (opts.aa ? 2 : 1) + (e.added?.count ?? 0);
  const missing: AnalysisDetail[] =
    interrupted && !e.error && e.forks.length < planned
      ? [{ code: 'processes-missing', severity: 'warning', values: { measured: e.forks.length, planned } }]
      : [];
  const result = resultFromAnalysis(base, a, {
    flags: slow?.severity === 'warning' ? ['contended'] : [],
    details: [
      ...missing,
      ...(slow ? [slow] : []),
      ...(odd ? [odd] : []),
      ...(e.added
        ? [
            addedProcesses(
              e.added.planned,
              e.forks.length,
              e.added.halfWidth,
              measuredForks(e.forks).length,
              e.added.replaced,
            ),
          ]
        : []),
      ...(e.settled
        ? [
            {
              code: 'processes-settled' as const,
              severity: 'info' as const,
              values: { ...e.settled, above: DISAGREE_ABOVE },
            },
          ]
        : []),
      ...(e.budgetCut
        ? [
            {
              code: 'processes-budget' as const,
              // The budget, not the answer, decided the count: a reader must see it.
              severity: 'warning' as const,
              values: { ...e.budgetCut, above: DISAGREE_ABOVE },
            },
          ]
        : []),
    ],
  });
  if (e.profile) result.profile = e.profile;
  if (opts.aa) {
    const arm = (k: 0 | 1) => e.forks.filter((f) => e.arms[k].includes(f.index));
    const check = aaCheck(arm(0), arm(1), {
      confidence: opts.confidence,
      seed: opts.seed,
      statistic: a.headline.statistic,
    });
    result.aa = {
      verdict: check.verdict,
      ratio: check.ratio,
      pValue: check.pValue,
      minimumDetectable: check.minimumDetectable,
      passed: check.passed,
      arms: e.arms,
    };
  }
  return result;
}
