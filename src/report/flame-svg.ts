// A flame graph of a benchmark's profile as inline SVG, drawn from the aggregated call tree the
// result document keeps (src/profile/flame.ts): an icicle, the root on top and each callee under
// its caller, a frame's width its total time (self plus callees), siblings largest first. It
// needs nothing outside the page: no script, no font, each frame's full name and times in an SVG
// <title> (the browser's tooltip). Names come from the bench file's code and are escaped.
import type { FlameFrame, FlameTree } from '../profile/flame.js';
import { percent } from './format.js';
import { functionPlace } from './profile.js';
import { escapeHtml as esc, px } from './svg.js';

/** Width of the graph, px. */
export const FLAME_WIDTH = 720;
/** Height of one row (one call depth), px. */
export const FLAME_ROW = 16;
/** Width of one character of the labels (11 px sans-serif, an upper estimate), px. */
const CHAR = 6.5;
/** Frames narrower than this get no label (their tooltip still names them). */
const LABEL_MIN = 24;

export interface PlacedFrame {
  frame: FlameFrame;
  x: number;
  width: number;
}

/**
 * Each frame's place, in the tree's order: x of a frame is its caller's x plus the widths of the
 * siblings before it. Null when the frames are not a depth-first tree with its root first (a
 * hand-edited file): no graph rather than a wrong one.
 */
export function placeFrames(frames: readonly FlameFrame[], width = FLAME_WIDTH): PlacedFrame[] | null {
  const root = frames[0];
  if (!root || root.depth !== 0 || !(root.totalNs > 0)) return null;
  const scale = width / root.totalNs;
  const next: number[] = [0];
  const out: PlacedFrame[] = [];
  let prev = -1;
  for (const f of frames) {
    if (f.depth > prev + 1 || (f.depth === 0 && prev >= 0) || !(f.totalNs >= 0)) return null;
    const x = next[f.depth];
    const w = f.totalNs * scale;
    next[f.depth] = x + w;
    next[f.depth + 1] = x;
    next.length = f.depth + 2;
    out.push({ frame: f, x, width: w });
    prev = f.depth;
  }
  return out;
}

/** A colour per function name: warm hues for the bench file's code, grey for V8's own entries and merged frames. */
function fill(f: FlameFrame): string {
  if (f.merged !== undefined || !f.url) return '#c8c8c8';
  let h = 0;
  for (const c of f.name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `hsl(${10 + (h % 45)},75%,${62 + (h % 13)}%)`;
}

function label(name: string, width: number): string {
  const room = Math.floor((width - 4) / CHAR);
  if (width < LABEL_MIN || room < 2) return '';
  return [...name].length <= room ? name : `${[...name].slice(0, room - 1).join('')}…`;
}

/** The tooltip of a frame: its name and place, its total and self shares of the root. */
function tooltip(f: FlameFrame, t: FlameTree): string {
  const rootNs = t.frames[0].totalNs;
  const place = functionPlace({ url: f.url ?? '', line: f.line ?? null });
  const name = f.merged !== undefined ? `${f.merged} frames, each under ${percent(t.minShare)}` : f.name;
  return `${name}${place ? ` ${place}` : ''}: total ${percent(f.totalNs / rootNs)}, self ${percent(f.selfNs / rootNs)}`;
}

/** The graph's caption: what it shows and what was left out of it. */
export function flameCaption(t: FlameTree): string {
  return (
    'Flame graph of the same profile (callers above callees; a frame is as wide as its total time). ' +
    `Frames under ${percent(t.minShare)} of the total are merged into one "(smaller frames)" frame per caller` +
    (t.cut ? `; frames deeper than ${t.maxDepth} calls are not drawn (their time stays in their callers).` : '.')
  );
}

/** The flame graph of a tree, or '' when its frames cannot be placed. */
export function flameSvg(t: FlameTree): string {
  const placed = placeFrames(t.frames);
  if (!placed) return '';
  const depth = Math.max(...t.frames.map((f) => f.depth));
  const height = (depth + 1) * FLAME_ROW;
  const parts = placed.map(({ frame, x, width }) => {
    const y = frame.depth * FLAME_ROW;
    const text = label(frame.name, width);
    return (
      `<g><title>${esc(tooltip(frame, t))}</title>` +
      `<rect x="${px(x)}" y="${y}" width="${px(Math.max(0.5, width - 0.5))}" height="${FLAME_ROW - 1}" fill="${fill(frame)}"/>` +
      (text ? `<text x="${px(x + 3)}" y="${y + FLAME_ROW - 4}">${esc(text)}</text>` : '') +
      '</g>'
    );
  });
  return (
    `<svg class="flame" data-plot="flame" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${FLAME_WIDTH} ${height}" ` +
    `width="${FLAME_WIDTH}" height="${height}" role="img" aria-label="flame graph" font-size="11" font-family="sans-serif" ` +
    // scales down with its viewBox in a window narrower than the graph (the page allows inline styles)
    'style="max-width:100%;height:auto">' +
    `${parts.join('')}</svg>`
  );
}
