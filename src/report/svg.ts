// Minimal SVG drawing for the HTML report: escaping, linear scales, "nice" ticks and axes.
// Coordinates are rounded to 0.1 px so output is compact and byte-for-byte reproducible.

/** HTML and SVG text and attribute values: the HTML rule of src/text/escape.ts. */
import { escapeHtml } from '../text/escape.js';
export { escapeHtml };

/** A number for an SVG attribute: one decimal, no trailing ".0", no "-0". */
export function px(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const FRAME: Frame = { width: 420, height: 220, left: 64, right: 12, top: 14, bottom: 36 };

export type Scale = (v: number) => number;

export function linearScale(d0: number, d1: number, r0: number, r1: number): Scale {
  const span = d1 - d0 || 1;
  return (v) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** About `count` round tick values covering [lo, hi] (1, 2, 5 × 10^k steps). */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(Number.isFinite(lo) && Number.isFinite(hi))) return [];
  if (hi <= lo) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * mag;
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/** Domain padded by a fraction of its span (or of its value when the span is 0). */
export function padded(lo: number, hi: number, fraction = 0.05): [number, number] {
  const pad = (hi - lo) * fraction || Math.abs(hi) * fraction || 1;
  return [lo - pad, hi + pad];
}

export function svgOpen(kind: string, label: string, f: Frame = FRAME): string {
  return (
    `<svg class="plot" data-plot="${kind}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f.width} ${f.height}" ` +
    `width="${f.width}" height="${f.height}" role="img" aria-label="${escapeHtml(label)}">` +
    `<title>${escapeHtml(label)}</title>`
  );
}

export interface AxisSpec {
  x: Scale;
  y: Scale;
  xTicks: number[];
  yTicks: number[];
  xFormat: (v: number) => string;
  yFormat: (v: number) => string;
  xLabel: string;
  yLabel: string;
}

export function axes(a: AxisSpec, f: Frame = FRAME): string {
  const x0 = f.left;
  const x1 = f.width - f.right;
  const y0 = f.height - f.bottom;
  const y1 = f.top;
  const parts = [`<g class="axes"><path d="M${px(x0)} ${px(y1)}V${px(y0)}H${px(x1)}" fill="none" stroke="#555"/>`];
  for (const t of a.xTicks) {
    const x = a.x(t);
    parts.push(
      `<path d="M${px(x)} ${px(y0)}v4" stroke="#555"/>` +
        `<text x="${px(x)}" y="${px(y0 + 15)}" text-anchor="middle">${escapeHtml(a.xFormat(t))}</text>`,
    );
  }
  for (const t of a.yTicks) {
    const y = a.y(t);
    parts.push(
      `<path d="M${px(x0)} ${px(y)}h-4" stroke="#555"/><path d="M${px(x0)} ${px(y)}H${px(x1)}" stroke="#eee"/>` +
        `<text x="${px(x0 - 6)}" y="${px(y + 3.5)}" text-anchor="end">${escapeHtml(a.yFormat(t))}</text>`,
    );
  }
  parts.push(
    `<text x="${px((x0 + x1) / 2)}" y="${px(f.height - 4)}" text-anchor="middle" class="label">` +
      `${escapeHtml(a.xLabel)}</text>`,
  );
  parts.push(
    `<text transform="translate(11 ${px((y0 + y1) / 2)}) rotate(-90)" text-anchor="middle" class="label">` +
      `${escapeHtml(a.yLabel)}</text></g>`,
  );
  return parts.join('');
}

/** Fork colours (Okabe–Ito, distinguishable with colour-blindness). */
export const FORK_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
export const CONTAMINATED = '#D55E00';

export function forkColor(i: number): string {
  return FORK_COLORS[i % FORK_COLORS.length];
}
