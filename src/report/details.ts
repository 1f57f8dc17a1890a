// The words of a benchmark's details: for each code (src/results/schema.ts DETAIL_CODES) the
// full line --verbose, the review, Markdown, CSV and the HTML caveats print. The details
// themselves are data made by src/analysis and src/simulation; the short attention lines of
// the default output are src/report/findings.ts's.
import type {
  AnalysisDetail,
  BenchmarkResult,
  Detail,
  DetailCode,
  DetailData,
  DetailValues,
  Flag,
  ForkResult,
  ResultDocument,
} from '../results/schema.js';
import { percent } from '../text/format.js';
import { MAX_UNITS_ADVICE } from '../statistics/threshold.js';
import { COMPARISON_DETAIL_TEXT } from './comparison-details.js';
import { FORK_DETAIL_TEXT } from './fork-details.js';
import { PROCESS_DETAIL_TEXT } from './process-details.js';
import { LATENCY_DETAIL_TEXT } from './latency-details.js';
import { v8Clause } from './v8-words.js';

/** Each code's words, taking that code's values. */
export type DetailWords<C extends DetailCode = DetailCode> = { [K in C]: (v: DetailValues[K]) => string };

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${percent(x)}`;

const CONTAMINATION_WHAT: Record<string, string> = {
  'gc-during-batches': 'overlapped a GC',
  migrations: 'migrated between CPUs',
  'context-switches': 'had a voluntary context switch (the thread waited; preempted batches are counted apart)',
  'page-faults': 'had a page fault',
};

export const SIMULATED_WALL_TIME =
  "simulated counters: time under Valgrind is not the kernel's time and is not reported; simulation cannot show " +
  'time, frequency, memory latency or the real branch predictor (JIT code runs translated, threads one at a time)';

/** The optimized-away detail of a benchmark, when its file has one. */
const awayDetail = (b: BenchmarkResult) =>
  b.details?.find((x): x is Detail<'optimized-away'> => x.code === 'optimized-away');

/**
 * What a table prints instead of an optimized-away benchmark's time: the bound it was judged by.
 * A kernel whose result is never read is judged within DEAD_RESULT_CYCLES of the empty loop, not one.
 */
export function awayCell(b: BenchmarkResult): string {
  const v = awayDetail(b)?.values;
  return v?.kind === 'dead-result' ? `< ${v.cycles} cycles` : '< 1 cycle';
}

/** The same in words, for a line that stands instead of a time. */
export function awayWords(b: BenchmarkResult): string {
  const v = awayDetail(b)?.values;
  return v?.kind === 'dead-result'
    ? `a result never read, within ${v.cycles} cycles of an empty loop per iteration`
    : 'less than one cycle of work per iteration';
}

function optimizedAway(v: DetailValues['optimized-away']): string {
  const cycle = `${v.cycleKnown ? 'one CPU cycle' : 'the 0.5 ns floor'} (${v.cycleNs.toPrecision(3)} ns)`;
  const ns = v.ns.toPrecision(3);
  // floorNs is null only with kind 'below-cycle', whose line does not print it.
  const floor = (v.floorNs ?? NaN).toPrecision(3);
  if (v.kind === 'below-cycle')
    return `optimized-away: ${ns} ns per iteration is below ${cycle}: the work was probably optimized away; this is not a speed`;
  if (v.kind === 'near-empty-loop')
    return (
      `optimized-away: ${ns} ns per iteration is within ${cycle} of the empty loop's own ${floor} ns: the kernel ` +
      'cannot be told apart from one that does nothing (its work was optimized away, or is below what the loop ' +
      'resolves); this is not a speed'
    );
  return (
    `optimized-away: the kernel returns nothing and its ${ns} ns per iteration is within ${v.cycles} cycles of ` +
    `the empty loop's own ${floor} ns: work whose result is dropped (an allocation, a pure computation) was ` +
    'probably eliminated; return the value the kernel computes'
  );
}

function targetCi(v: DetailValues['target-ci-not-reached']): string {
  const stops = v.stops;
  const stopped = stops.length ? ` (${stops.length} process(es) stopped on ${[...new Set(stops)].join('/')})` : '';
  const cv = v.cv ?? NaN;
  // Advice is capped as everywhere (statistics/threshold.ts MAX_UNITS_ADVICE).
  const advice =
    cv > 0 && typeof v.needed === 'number'
      ? v.needed > MAX_UNITS_ADVICE
        ? `; more than ${MAX_UNITS_ADVICE} processes would be needed at the observed between-process CV of ` +
          `${percent(cv)}: not reachable here`
        : `; about ${v.needed} processes would reach it at the observed between-process CV of ${percent(cv)}`
      : '';
  return `target-ci-not-reached: relative CI half-width ${percent(v.halfWidth)} > target ${percent(v.target)}${stopped}${advice}`;
}

function contamination(v: DetailValues['contamination']): string {
  const kind = v.kind;
  const head = `${kind}: ${v.batches} of ${v.of} batches (${percent(v.batches / v.of)}) ${CONTAMINATION_WHAT[kind] ?? ''}`;
  if (typeof v.cleanNs !== 'number' || typeof v.change !== 'number')
    return `${head}; too few clean batches to re-estimate without them`;
  return `${head}; without them the ${v.statistic} is ${v.cleanNs.toPrecision(4)} ns (${signed(v.change)})`;
}

function withinCi(v: DetailValues['contamination-within-ci']): string {
  const items = v.kinds.map((k, i) => {
    const c = v.changes[i];
    const change = typeof c === 'number' ? `${c >= 0 ? '+' : ''}${(c * 100).toFixed(1)} %` : '?';
    const pct = v.shares[i] * 100;
    return `${k} in ${pct > 0 && pct < 0.5 ? '< 1' : pct.toFixed(0)} % of batches (${change} without them)`;
  });
  return `contamination within the CI: ${items.join(', ')}`;
}

function preempted(v: DetailValues['preempted']): string {
  const causes = (
    [
      ['involuntarySwitch', 'involuntary context switch'],
      ['migration', 'migration'],
      ['offCpu', 'off-CPU time'],
    ] as const
  )
    .filter(([k]) => v[k] > 0)
    .map(([k, what]) => `${v[k]} ${what}`)
    .join(', ');
  // Whole percents, but never "0 %" for a share that is not zero.
  const pct = (v.preempted / v.total) * 100;
  const share = pct > 0 && pct < 0.5 ? '< 1 %' : `${pct.toFixed(0)} %`;
  // Manually timed samples (remeasured: false) are left out, not measured again.
  const again = v.remeasured !== false;
  const unreplaced = again && v.unreplaced > 0;
  const head = v.kept
    ? `${v.preempted} of ${v.total} batches (${share}) were preempted (${causes}), and no process had two ` +
      'without preemption: the figure uses them, so it includes time the CPU spent elsewhere'
    : `${v.preempted} of ${v.total} batches (${share}) were preempted (${causes}), left out` +
      (again ? ' and measured again' : ' (samples the benchmark timed itself are not measured again)') +
      (unreplaced ? `; ${v.unreplaced} of ${v.planned} planned batches never ran without preemption` : '');
  return v.contended
    ? `contended: ${head}; the CPU was shared for much of the run: close other programs, choose a quiet CPU ` +
        'with --cpu, or add processes (--forks)'
    : head;
}

/** How much layout moved the result (`--aslr randomize`), in one line; also the review's layout line. */
export function layoutText(v: DetailValues['layout']): string {
  const kib = (b: number) => (b >= 1024 ? `${(b / 1024).toFixed(1)} KiB` : `${b} B`);
  const padding = v.paddingBytes;
  const head =
    `layout (ASLR on, environment padded ${kib(padding[0])}–${kib(padding[1])}) over ${v.processes} ` +
    `processes: results spread ${percent(v.spread)} (max/min), between-process CV ${percent(v.betweenCv)}`;
  if (v.layoutCv === 0)
    return `${head}; within-process noise (${percent(v.withinCv)}) explains all of it: no layout effect is visible`;
  return (
    `${head}, of which within-process noise explains ${percent(v.withinCv)}: layout ` +
    `and other per-process effects add ≈ ${percent(v.layoutCv)}`
  );
}

/** The one registry: each detail code's line. */
export const DETAIL_TEXT: DetailWords = {
  'invalid-batches': (v) =>
    `process ${v.process}: ${v.batches} batch(es) with non-positive iterations or invalid time ignored`,
  'process-left-out': (v) => `process ${v.process}: fewer than 2 usable batches, process left out of the analysis`,
  'no-slope': (v) =>
    `process ${v.process}: all batches have the same size, so no slope; overhead not removed (intercept taken as 0)`,
  'slope-fallback': () => 'headline falls back from slope to mean: a process has a single batch size',
  'bootstrap-skipped': (v) =>
    `${v.rejected} of ${v.resamples} bootstrap resamples had no defined ${v.statistic} and were skipped`,
  'optimized-away': optimizedAway,
  'estimates-disagree': (v) => {
    const ns = (x: unknown) => (typeof x === 'number' ? `${x.toPrecision(4)} ns` : null);
    const above = v.direction === 'above';
    // Below is judged against the CPU time per op and the latency median only (analysis/agreement.ts):
    // the batch median holds each batch's fixed overhead, which the slope removes.
    const others = [
      above && ns(v.batchMedianNs) && `batch median ${ns(v.batchMedianNs)}`,
      ns(v.cpuPerOpNs) && `CPU time per op ${ns(v.cpuPerOpNs)}`,
      ns(v.latencyMedianNs) && `latency median ${ns(v.latencyMedianNs)}`,
    ].filter(Boolean);
    const head =
      `estimates-disagree: the headline ${ns(v.headlineNs)} [${ns(v.ciLowNs)}, ${ns(v.ciHighNs)}] lies ` +
      `${above ? 'above' : 'below'} ${others.join(', ')} by more than ${percent(v.tolerance)}`;
    if (above)
      return (
        `${head} plus the share of time in collections: it rests on a few batches the others did not see ` +
        '(e.g. waits for a CPU on a busy machine), so it is not a reliable figure of the code'
      );
    // Process CPU time counts every thread: helper threads (GC, compilers) on other CPUs add to it.
    return typeof v.cpuPerOpNs === 'number'
      ? `${head}: the process's CPU time counts every thread, so helper threads (garbage collection, ` +
          'compilation) running beside the measured one can put it above the time measured; the figures ' +
          'measure different things, so read the headline with that in mind'
      : `${head}: the latency median times single calls, the headline batches of them; ` +
          'read the headline with that in mind';
  },
  'allocation-dropped': (v) =>
    `allocation-dropped: the kernel ${v.by === 'sunk' ? 'passes blackhole()' : 'returns'} a new heap value on every ` +
    `call (at least ${v.floorBytes} B) but ${v.processes} of ${v.of} processes read ` +
    `${v.bytesPerOp.toFixed(1)} B allocated per call: the compiler removed an allocation the code performs, ` +
    'so the time is not the code as it runs when the value is used',
  'inputs-changed': (v) =>
    `inputs-changed: the kernel changed ${v.changed} of the ${v.checked} .inputs() values checked after ` +
    `the run (${v.processes} of ${v.of} processes); the pool is reused, so most iterations got ` +
    'already-changed inputs and this is not the time on fresh ones: use .setupEach() for a fresh input per iteration',
  'low-r2': (v) => {
    const each = v.processes.map((p, i) => `#${p}: ${v.r2[i].toFixed(3)}`);
    return (
      `low-r2: R² < ${v.threshold} in ${each.length} of ${v.of} processes (${each.join(', ')}); ` +
      'batch times scatter around the line (noisy batches, or work that does not grow with the iterations): the slope is unreliable'
    );
  },
  'warmup-not-steady': (v) => {
    const jit = v8Clause(v, 'their', 'warm-up batches');
    return (
      `warmup-not-steady: ${v.processes} of ${v.of} processes ended warmup on the time budget before the ` +
      `estimate settled${jit ? `; ${jit}` : ''}`
    );
  },
  'target-ci-not-reached': targetCi,
  'slow-mode': (v) =>
    `a slow second mode holds ${percent(v.share)} of batches (Ashman's D ${v.ashmanD.toFixed(1)}), as ` +
    'preempted or interrupted batches do; the robust slope follows the main mode, the mean does not',
  multimodal: (v) =>
    `multimodal: per-iteration times form two modes (Ashman's D ${v.ashmanD.toFixed(1)}, smaller mode ` +
    `${percent(v.share)} of batches, bimodality coefficient ${v.bimodality.toFixed(2)}); the mean is not ` +
    'meaningful',
  skewed: (v) =>
    `per-iteration times are heavily skewed (skewness ${v.skewness.toFixed(2)}); the mean is far from the ` +
    'typical value',
  outliers: (v) =>
    'outliers (Tukey fences on relative residuals per process; kept in the estimates): ' +
    `${v.mild} mild and ${v.severe} severe of ${v.total} batches`,
  contamination,
  'contamination-within-ci': withinCi,
  'gc-amortized': (v) =>
    `garbage collection in ${v.batches} of ${v.of} batches` +
    (typeof v.share === 'number' ? `: its pauses are ${percent(v.share)} of the measured batch time` : '') +
    " (the kernel's own cost, kept in the headline)",
  'negative-hidden': (v) =>
    `per-iteration ${v.statistics.join(', ')} not shown: the fixed overhead removed by the fit exceeds the ` +
    'time of some short batches, so those values came out below zero (longer batches, e.g. a larger --time, avoid it)',
  preempted,
  'counter-negative': (v) =>
    `${v.event} per operation not shown: it came out negative (${v.perOp.toPrecision(3)}, the whole interval ` +
    'below zero), so the counter did not follow the work (an async kernel waits off the measuring thread)',
  layout: layoutText,
  'simulated-wall-time': () => SIMULATED_WALL_TIME,
  'not-simulated': () => 'no process was counted under Valgrind: no simulated figures',
  simulated: (v) =>
    `counts simulated by ${v.valgrind} (callgrind), kernel tier ${v.tiers.join('/')}; ` +
    (Array.isArray(v.caches) ? v.caches.join('; ') : 'no cache simulation'),
  'not-optimized': (v) => `V8 ran the kernel in its ${v.tier} tier, not optimized, while it was counted`,
  'simulation-unsteady': () =>
    'per-call instruction counts were still changing at the end of warm-up: the kernel may not have settled',
  ...LATENCY_DETAIL_TEXT,
  ...COMPARISON_DETAIL_TEXT,
  ...FORK_DETAIL_TEXT,
  ...PROCESS_DETAIL_TEXT,
};

/** A detail's line; a code this build does not know (a newer file) is shown as its code and values. */
export function detailText(d: DetailData): string {
  return Object.hasOwn(DETAIL_TEXT, d.code) ? knownText(d) : `${d.code} ${JSON.stringify(d.values)}`;
}

/** The line of a code this build words: the code's words take that code's values. */
function knownText<C extends DetailCode>(d: DetailData<C>): string {
  return DETAIL_TEXT[d.code](d.values);
}

/**
 * A benchmark's warning and info lines: worded from its details, or, for a file written before
 * schema version 3 (no details), the lines it carries.
 */
export function benchmarkLines(b: BenchmarkResult): { warnings: string[]; notes: string[] } {
  if (!b.details) return { warnings: b.warnings, notes: b.notes ?? [] };
  const simulated = b.flags.includes('simulated');
  return detailLines(simulated ? b.details.filter((d) => SIMULATED_DETAILS.includes(d.code)) : b.details);
}

/**
 * The details that apply to counts made under Valgrind (`--counters simulate`); the others judge
 * batch times, and time under Valgrind is not the kernel's (docs/decisions.md).
 */
const SIMULATED_DETAILS: readonly DetailCode[] = [
  'process-left-out',
  'inputs-changed',
  'counter-negative',
  'simulated-wall-time',
  'not-simulated',
  'simulated',
  'not-optimized',
  'simulation-unsteady',
];

/** Details in words, warnings apart from infos. */
export function detailLines(details: readonly AnalysisDetail[]): {
  warnings: string[];
  notes: string[];
} {
  return {
    warnings: details.filter((d) => d.severity === 'warning').map(detailText),
    notes: details.filter((d) => d.severity !== 'warning').map(detailText),
  };
}

/** The flag each detail explains (a detail with more to say than the flag's generic line). */
const EXPLAINS: { [C in DetailCode]?: (d: AnalysisDetail<C>) => Flag | null } = {
  'optimized-away': () => 'optimized-away',
  'allocation-dropped': () => 'allocation-dropped',
  'estimates-disagree': () => 'estimates-disagree',
  'inputs-changed': () => 'inputs-changed',
  'low-r2': () => 'low-r2',
  'warmup-not-steady': () => 'warmup-not-steady',
  'target-ci-not-reached': () => 'target-ci-not-reached',
  multimodal: () => 'multimodal',
  outliers: (d) => (d.severity === 'warning' ? 'outliers' : null),
  contamination: (d) => d.values.kind,
  preempted: (d) => (d.values.contended ? 'contended' : null),
  'slow-processes': (d) => (d.values.leftOut ? null : 'contended'),
};

/** The flag a detail explains, if any. */
function explainedFlag<C extends DetailCode>(d: AnalysisDetail<C>): Flag | null | undefined {
  return EXPLAINS[d.code]?.(d);
}

/**
 * The flags a benchmark's own lines explain, so a report shows those lines instead of the flags'
 * generic text. A file without details: the flags its warnings name first ("low-r2: …").
 */
export function explainedFlags(b: BenchmarkResult): Set<Flag> {
  if (!b.details)
    return new Set(b.flags.filter((f) => b.warnings.some((w) => w.startsWith(`${f}:`) || w.startsWith(`${f} `))));
  const out = new Set<Flag>();
  for (const d of b.details) {
    const f = explainedFlag(d);
    if (f && b.flags.includes(f)) out.add(f);
  }
  return out;
}

/** Why a verdict is not the plain one, in words: from `because`, or the words a file before version 3 carries. */
export function comparisonReason(c: { because?: DetailData; reason?: string }): string | undefined {
  return c.because ? detailText(c.because) : c.reason;
}

/** A comparison's notes in words. */
export function comparisonNotes(c: { details: readonly DetailData[] }): string[] {
  return c.details.map(detailText);
}

/** A process's warning lines: worded from its details, or those a file before version 3 carries. */
export function forkLines(f: ForkResult): string[] {
  return f.details ? f.details.map(detailText) : f.warnings;
}

/** Latency mode's lines of a benchmark: worded from its details, or those a file before version 3 carries. */
export function latencyNotes(b: BenchmarkResult): string[] {
  const l = b.latency;
  if (!l) return [];
  return l.details ? l.details.map(detailText) : l.notes;
}

/** Fills each benchmark's worded `warnings` and `notes` from its details, for readers of the file. */
export function wordDetails(doc: ResultDocument): ResultDocument {
  for (const b of doc.benchmarks) {
    if (!b.details) continue;
    const lines = benchmarkLines(b);
    b.warnings = lines.warnings;
    b.notes = lines.notes;
  }
  for (const b of doc.benchmarks) {
    for (const f of b.forks) if (f.details) f.warnings = f.details.map(detailText);
    if (b.latency?.details) b.latency.notes = b.latency.details.map(detailText);
    if (b.relative?.because) b.relative.reason = detailText(b.relative.because);
  }
  return doc;
}
