// The measurement-side sections of the honest report: workload, warmup, measurement,
// statistic and result. Each returns blocks of plain text (see blocks.ts).
import type { BenchmarkResult, ResultDocument, Statistic } from '../results/schema.js';
import type { Block } from './blocks.js';
import { formatHalfWidth, formatNs, formatPct, formatR2, relHalfWidth, sig, trimmedPercent } from './format.js';
import { formatArgs, spacedName } from './samples.js';
import { DEFAULT_CONFIDENCE } from '../defaults.js';
import { inputBlocks } from './latency.js';
import { awayCell, layoutText } from './details.js';
import { COUNTER_COLUMN, counterCell, simulatedRun } from './terminal.js';

const measured = (doc: ResultDocument): BenchmarkResult[] => doc.benchmarks.filter((b) => !b.error);

export const STATISTIC_WHY: Record<Statistic, string> = {
  slope:
    'the robust slope of batch time on iterations (linear sampling as in ' +
    'criterion.rs; Theil–Sen over the median time of each batch size, so preempted ' +
    'batches do not drag it). The fixed cost of each batch (two clock reads, loop ' +
    'set-up) goes into the intercept, so the slope is the time of one iteration free ' +
    'of timer overhead, and every batch contributes.',
  min:
    'the minimum per-iteration time: the run least disturbed by the rest of the ' +
    'machine. It estimates the best case, not the typical one.',
  median:
    'the median per-iteration time: robust to the occasional disturbed batch (GC, interrupt) without discarding it.',
  mean: 'the mean per-iteration time: what a long run of calls costs on average, including occasional slow iterations.',
};

export function workloadBlocks(doc: ResultDocument): Block[] {
  const files = [...new Set(doc.benchmarks.map((b) => b.file).filter(Boolean))];
  return [
    {
      kind: 'para',
      text:
        `${doc.benchmarks.length} ` +
        `benchmark${doc.benchmarks.length === 1 ? '' : 's'}${files.length ? ` from ${files.join(', ')}` : ''}:`,
    },
    {
      kind: 'table',
      header: ['benchmark', 'group', 'args', 'role'],
      rows: doc.benchmarks.map((b) => [
        b.name,
        b.group ?? '—',
        formatArgs(b.args) || '—',
        b.error ? `not measured (${b.error.kind})` : b.baseline ? 'baseline' : 'contender',
      ]),
    },
    ...inputBlocks(doc),
  ];
}

function range(values: number[], fmt: (x: number) => string): string {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
}

export function warmupBlocks(doc: ResultDocument): Block[] {
  const items = measured(doc).map((b) => {
    const w = b.forks.map((f) => f.warmup);
    if (w.length === 0) return `${spacedName(b)}: no forks recorded`;
    const steady = w.filter((x) => x.outcome === 'steady').length;
    const verdict =
      steady === w.length
        ? `steady state reached in all ${w.length} forks`
        : `steady state reached in ${steady} of ${w.length} forks; the others stopped at the warmup time budget`;
    return `${spacedName(b)}: ${verdict}; ${range(
      w.map((x) => x.batches),
      String,
    )} batches, ${range(
      w.map((x) => x.durationNs),
      formatNs,
    )} per fork; estimate at the end of warmup ${range(
      w.map((x) => x.estimateNs),
      formatNs,
    )}`;
  });
  return [
    {
      kind: 'para',
      text:
        'Each fork ran batches until the per-iteration estimate settled (the last ' +
        'batches agree within a tolerance) or the warmup time budget ended. Warmup ' +
        'batches are not part of the results.',
    },
    { kind: 'list', items },
  ];
}

export function measurementBlocks(doc: ResultDocument): Block[] {
  const o = doc.options ?? {};
  const num = (k: string): number | null => (typeof o[k] === 'number' ? (o[k] as number) : null);
  const settings = [
    `forks (fresh processes per benchmark, round-robin): ${num('forks') ?? 'unknown'}`,
    `sampling budget per benchmark per ` +
      `fork: ${num('timeBudgetNs') === null ? 'unknown' : formatNs(num('timeBudgetNs'))}`,
    `target relative CI half-width: ${num('targetCi') === null ? 'unknown' : formatPct(num('targetCi'))}`,
    `seed: ${String(o.seed ?? 'none recorded')}`,
  ];
  const rows = measured(doc).map((b) => {
    const batches = b.forks.flatMap((f) => f.batches);
    const stops = [...new Set(b.forks.map((f) => f.stop))].join(', ');
    return [
      spacedName(b),
      String(b.forks.length),
      String(batches.length),
      batches.length
        ? range(
            batches.map((x) => x.iterations),
            (x) => String(x),
          )
        : '—',
      formatNs(batches.reduce((a, x) => a + x.ns, 0)),
      stops || '—',
      pageFaults(batches),
    ];
  });
  const layouts = measured(doc).flatMap((b) => (b.layout ? [`${spacedName(b)}: ${layoutText({ ...b.layout })}`] : []));
  return [
    { kind: 'list', items: settings },
    {
      kind: 'para',
      text:
        'Batch sizes are multiples of a unit d (i·d iterations, i = 1…K) in shuffled ' +
        'order, so drift does not correlate with size.',
    },
    {
      kind: 'table',
      header: ['benchmark', 'forks', 'batches', 'iterations/batch', 'measured time', 'stopped by', 'page faults/batch'],
      rows,
    },
    ...(layouts.length
      ? [
          {
            kind: 'para',
            text: 'Layout (--aslr randomize: a fresh address-space layout and environment size per process):',
          } as Block,
          { kind: 'list', items: layouts } as Block,
        ]
      : []),
  ];
}

/** Mean page faults per batch of the measuring thread, and how many batches had any. */
function pageFaults(batches: readonly { pageFaults: number }[]): string {
  if (batches.length === 0) return '—';
  const any = batches.filter((b) => b.pageFaults > 0).length;
  if (any === 0) return '0';
  const mean = batches.reduce((a, b) => a + b.pageFaults, 0) / batches.length;
  return `${sig(mean, 2)} (${any} of ${batches.length} batches)`;
}

export function statisticBlocks(doc: ResultDocument): Block[] {
  const heads = measured(doc).flatMap((b) => (b.headline ? [b.headline] : []));
  if (heads.length === 0) return [{ kind: 'para', text: 'No benchmark produced a headline estimate.' }];
  const stats = [...new Set(heads.map((h) => h.statistic))];
  const methods = [...new Set(heads.map((h) => `${trimmedPercent(h.confidence, 2, false)} CI by ${h.method}`))];
  return [
    ...stats.map((s): Block => ({
      kind: 'para',
      text: `Headline statistic: ${STATISTIC_WHY[s] ? `${s}: ${STATISTIC_WHY[s]}` : s}`,
    })),
    {
      kind: 'para',
      text:
        `Interval: ${methods.join('; ')}. With several forks the interval comes from ` +
        `the variation between processes, not only within one; both are shown below ` +
        `(process CV, within CV).`,
    },
  ];
}

/** Counted under Valgrind: each simulated count per op, with its interval over processes. */
function simulatedResultBlocks(doc: ResultDocument): Block[] {
  const counted = [...new Set(doc.benchmarks.flatMap((b) => b.counters?.perOp.map((c) => c.event) ?? []))]
    .filter((e) => e.startsWith('sim-'))
    // Instructions first, as the run's own table leads with them.
    .sort((a, b) => Number(b === 'sim-instructions') - Number(a === 'sim-instructions'));
  // A run with no counts at all (every benchmark failed) still has the instructions column the
  // "not measured" cells stand in.
  const events = counted.length > 0 ? counted : ['sim-instructions'];
  const rows = doc.benchmarks.map((b) => {
    if (b.error) return [spacedName(b), 'not measured', ...events.slice(1).map(() => '')];
    return [
      spacedName(b),
      ...events.map((e) => {
        const c = b.counters?.perOp.find((x) => x.event === e);
        if (!c) return '—';
        const ci =
          c.ciLow !== undefined && c.ciHigh !== undefined ? ` [${counterCell(c.ciLow)}, ${counterCell(c.ciHigh)}]` : '';
        return `${counterCell(c.perOp)}${ci}`;
      }),
    ];
  });
  return [
    {
      kind: 'para',
      text:
        'Counted under Valgrind (--counters simulate): no time is reported; each count per operation is ' +
        "the slope of the process's counts over iterations, with its interval over processes.",
    },
    { kind: 'table', header: ['benchmark', ...events.map((e) => COUNTER_COLUMN[e] ?? `${e}/op`)], rows },
  ];
}

export function resultBlocks(doc: ResultDocument): Block[] {
  if (simulatedRun(doc.benchmarks)) return simulatedResultBlocks(doc);
  const rows = doc.benchmarks.map((b) => {
    if (b.error) return [spacedName(b), 'not measured', '', '', '', '', ''];
    const h = b.headline;
    const e = b.estimates;
    if (b.flags.includes('optimized-away'))
      return [spacedName(b), `${awayCell(b)} (optimized away?)`, '—', '—', e ? formatR2(e.r2) : '—', '—', '—'];
    const ci = h ? `${formatNs(h.ciLow)} – ${formatNs(h.ciHigh)}` : '—';
    const rel = h ? formatHalfWidth(relHalfWidth(h.point, h.ciLow, h.ciHigh)) : '—';
    return [
      spacedName(b),
      formatNs(h?.point),
      ci,
      rel,
      e ? formatR2(e.r2) : '—',
      e?.betweenProcessCv == null ? '—' : formatPct(e.betweenProcessCv),
      e ? formatPct(e.withinProcessCv) : '—',
    ];
  });
  const confidence = measured(doc).find((b) => b.headline)?.headline?.confidence ?? DEFAULT_CONFIDENCE;
  return [
    {
      kind: 'table',
      header: [
        'benchmark',
        'time/iter',
        `${trimmedPercent(confidence, 2, false)} CI`,
        '±',
        'R²',
        'process CV',
        'within CV',
      ],
      rows,
    },
  ];
}
