// The HTML report's plots, one function per plot, each returning one <svg class="plot">:
// batch time against iterations with the fitted line, per-iteration histograms per
// process, per-iteration time in run order, and the ratio forest plot for comparisons.
import type { BenchmarkResult } from '../results/schema.js';
import { tukeyFences } from '../statistics/outliers.js';
import type { ComparisonRow } from './comparisons.js';
import { binCounts } from './distribution.js';
import { formatNs, sig } from './format.js';
import { batchIntercept, forkSamples } from './samples.js';
import {
  axes,
  CONTAMINATED,
  escapeHtml,
  FRAME,
  type Frame,
  forkColor,
  linearScale,
  niceTicks,
  padded,
  px,
  svgOpen,
} from './svg.js';

const count = (v: number): string =>
  v >= 1e6 ? `${+sig(v / 1e6, 3)}M` : v >= 1e3 ? `${+sig(v / 1e3, 3)}k` : String(+sig(v, 3));

function legend(forks: number, f: Frame = FRAME): string {
  const items = Array.from({ length: forks }, (_, i) => {
    const x = f.left + 8 + i * 62;
    return (
      `<circle cx="${px(x)}" cy="${px(f.top + 4)}" r="3.5" fill="${forkColor(i)}"/>` +
      `<text x="${px(x + 7)}" y="${px(f.top + 8)}">fork ${i + 1}</text>`
    );
  });
  return `<g class="legend">${items.join('')}</g>`;
}

/** Batch time against iterations, coloured by fork, with the fitted line intercept + slope·n. */
export function scatterPlot(b: BenchmarkResult): string {
  const pts = b.forks.flatMap((f, fi) =>
    f.batches.map((x) => ({
      fi,
      n: x.iterations,
      ns: x.ns,
      bad: x.gc > 0 || x.contextSwitches > 0 || x.migrations > 0,
    })),
  );
  const maxN = Math.max(...pts.map((p) => p.n));
  const intercept = batchIntercept(b);
  const slope = b.estimates?.slope ?? b.headline?.point ?? 0;
  const [ylo, yhi] = padded(Math.min(0, intercept, ...pts.map((p) => p.ns)), Math.max(...pts.map((p) => p.ns)));
  const x = linearScale(0, maxN * 1.04, FRAME.left, FRAME.width - FRAME.right);
  const y = linearScale(ylo, yhi, FRAME.height - FRAME.bottom, FRAME.top);
  const ring = ` stroke="${CONTAMINATED}" stroke-width="1.5" class="contaminated"`;
  const dots = pts.map(
    (p) => `<circle cx="${px(x(p.n))}" cy="${px(y(p.ns))}" r="2.6" fill="${forkColor(p.fi)}"${p.bad ? ring : ''}/>`,
  );
  const xEnd = maxN * 1.04;
  const line =
    `<path class="fit" d="M${px(x(0))} ${px(y(intercept))}L${px(x(xEnd))} ${px(y(intercept + slope * xEnd))}" ` +
    'stroke="#333" stroke-dasharray="4 3" fill="none"/>';
  return [
    svgOpen('scatter', `${b.name}: batch time against iterations, fitted slope ${formatNs(slope)} per iteration`),
    axes({
      x,
      y,
      xTicks: niceTicks(0, maxN),
      yTicks: niceTicks(ylo, yhi, 4),
      xFormat: count,
      yFormat: formatNs,
      xLabel: 'iterations in batch',
      yLabel: 'batch time',
    }),
    line,
    ...dots,
    legend(b.forks.length),
    `<text x="${px(FRAME.width - FRAME.right - 4)}" y="${px(FRAME.height - FRAME.bottom - 6)}" text-anchor="end">` +
      `slope ${escapeHtml(formatNs(slope))}/iter, intercept ${escapeHtml(formatNs(intercept))}</text></svg>`,
  ].join('');
}

/**
 * One histogram row per process over a shared axis spanning the values inside Tukey's
 * 1.5·IQR fences (heavy tails would otherwise squash everything into one bar); values beyond
 * the fences are counted in red overflow bars at either end, never dropped.
 */
export function distributionPlot(b: BenchmarkResult, bins = 24): string {
  const forks = forkSamples(b);
  const all = forks.flatMap((f) => f.perIteration).filter(Number.isFinite);
  const fences = tukeyFences(all);
  const inliers = all.filter((v) => v >= fences.lowMild && v <= fences.highMild);
  const [lo, hi] = [Math.min(...inliers), Math.max(...inliers)];
  const rowH = 34;
  const f: Frame = {
    ...FRAME,
    left: FRAME.left + 14,
    right: FRAME.right + 14,
    height: FRAME.top + FRAME.bottom + rowH * forks.length + 8,
  };
  const x = linearScale(lo, hi, f.left, f.width - f.right);
  const w = (f.width - f.left - f.right) / bins;
  const parts = [svgOpen('distribution', `${b.name}: per-iteration time per process`, f)];
  forks.forEach((fork, i) => {
    const values = fork.perIteration.filter(Number.isFinite);
    const counts = binCounts(
      values.filter((v) => v >= lo && v <= hi),
      lo,
      hi,
      bins,
    );
    const low = values.filter((v) => v < lo).length;
    const high = values.filter((v) => v > hi).length;
    const max = Math.max(1, low, high, ...counts);
    const base = f.top + 8 + rowH * (i + 1);
    const bar = (x0: number, c: number, fill: string, what: string): string => {
      const h = (c / max) * (rowH - 6);
      return (
        `<rect x="${px(x0 + 0.5)}" y="${px(base - h)}" width="${px(Math.max(0.5, w - 1))}" height="${px(h)}" ` +
        `fill="${fill}"><title>${c} ${what}</title></rect>`
      );
    };
    parts.push(`<text x="${px(f.left - 18)}" y="${px(base - 4)}" text-anchor="end">fork ${i + 1}</text>`);
    counts.forEach((c, k) => {
      if (c > 0) parts.push(bar(f.left + k * w, c, forkColor(i), 'batches'));
    });
    if (low > 0) parts.push(bar(f.left - w - 2, low, CONTAMINATED, 'batches below the low fence'));
    if (high > 0) parts.push(bar(f.width - f.right + 2, high, CONTAMINATED, 'batches above the high fence'));
  });
  const y0 = f.height - f.bottom;
  parts.push(
    axes(
      {
        x,
        y: () => y0,
        xTicks: niceTicks(lo, hi, 4),
        yTicks: [],
        xFormat: formatNs,
        yFormat: () => '',
        xLabel: 'per-iteration time (red end bars: beyond Tukey fences)',
        yLabel: '',
      },
      f,
    ),
  );
  return `${parts.join('')}</svg>`;
}

/** Per-iteration time of each batch in run order, one line per process, to show drift. */
export function runOrderPlot(b: BenchmarkResult): string {
  const forks = forkSamples(b);
  const all = forks.flatMap((f) => f.perIteration).filter(Number.isFinite);
  const len = Math.max(...forks.map((f) => f.perIteration.length));
  const [ylo, yhi] = padded(Math.min(...all), Math.max(...all), 0.1);
  const x = linearScale(0, Math.max(1, len - 1), FRAME.left + 6, FRAME.width - FRAME.right);
  const y = linearScale(ylo, yhi, FRAME.height - FRAME.bottom, FRAME.top + 12);
  const parts = [
    svgOpen('run-order', `${b.name}: per-iteration time of each batch in run order`),
    axes({
      x,
      y,
      xTicks: niceTicks(0, len - 1, 5),
      yTicks: niceTicks(ylo, yhi, 4),
      xFormat: (v) => String(v + 1),
      yFormat: formatNs,
      xLabel: 'batch, in run order',
      yLabel: 'time / iteration',
    }),
  ];
  forks.forEach((fork, i) => {
    const d = fork.perIteration.map((v, k) => `${k === 0 ? 'M' : 'L'}${px(x(k))} ${px(y(v))}`).join('');
    parts.push(`<path d="${d}" fill="none" stroke="${forkColor(i)}" stroke-width="1.3"/>`);
    for (const k of fork.contaminated)
      parts.push(
        `<circle class="contaminated" cx="${px(x(k))}" cy="${px(y(fork.perIteration[k]))}" r="3" ` +
          `fill="none" stroke="${CONTAMINATED}"/>`,
      );
  });
  parts.push(legend(forks.length));
  return `${parts.join('')}</svg>`;
}

const verdictWord = (v: string, quantity: string): string =>
  quantity === 'time' ? v.replace('-', ' ') : v === 'slower' ? 'more' : v === 'faster' ? 'fewer' : v.replace('-', ' ');

/** Forest plot of ratios (contender / baseline) with their CIs and verdicts: of times, or of simulated instructions. */
export function comparisonPlot(rows: ComparisonRow[], quantity: 'time' | 'simulated instruction' = 'time'): string {
  const usable = rows.filter((r) => r.ratio !== null);
  const lows = usable.map((r) => r.ciLow ?? (r.ratio as number));
  const highs = usable.map((r) => r.ciHigh ?? (r.ratio as number));
  const [lo, hi] = padded(Math.min(1, ...lows), Math.max(1, ...highs), 0.08);
  const rowH = 26;
  const f: Frame = {
    ...FRAME,
    width: 640,
    left: 230,
    right: 110,
    height: FRAME.top + FRAME.bottom + rowH * usable.length + 6,
  };
  const x = linearScale(lo, hi, f.left, f.width - f.right);
  const y0 = f.height - f.bottom;
  const parts = [
    svgOpen('comparison', `${quantity} ratio to the baseline with confidence intervals`, f),
    axes(
      {
        x,
        y: () => y0,
        xTicks: niceTicks(lo, hi, 5),
        yTicks: [],
        xFormat: (v) => `${sig(v, 3)}×`,
        yFormat: () => '',
        xLabel:
          quantity === 'time'
            ? 'time ratio to baseline (< 1 faster, > 1 slower)'
            : 'simulated instruction ratio to baseline (< 1 fewer, > 1 more)',
        yLabel: '',
      },
      f,
    ),
  ];
  parts.push(`<path d="M${px(x(1))} ${px(f.top)}V${px(y0)}" stroke="#333"/>`);
  usable.forEach((r, i) => {
    const cy = f.top + rowH * (i + 0.5) + 4;
    const l = r.ciLow ?? (r.ratio as number);
    const h = r.ciHigh ?? (r.ratio as number);
    parts.push(
      `<text x="${px(f.left - 8)}" y="${px(cy + 4)}" text-anchor="end">` +
        `${escapeHtml(`${r.name} vs ${r.baseline}`)}</text>`,
    );
    parts.push(
      `<path d="M${px(x(l))} ${px(cy)}H${px(x(h))}" stroke="#333" stroke-width="1.5"/>` +
        `<circle cx="${px(x(r.ratio as number))}" cy="${px(cy)}" r="4" class="verdict-${r.verdict}"/>`,
    );
    parts.push(
      `<text x="${px(f.width - f.right + 8)}" y="${px(cy + 4)}">${escapeHtml(verdictWord(r.verdict, quantity))}</text>`,
    );
  });
  return `${parts.join('')}</svg>`;
}
