// V8's tier table as plain cells, one row per process (ForkResult.v8, src/worker/v8-watch.ts):
// the kernel's and the timed loop's tiers at the end of warm-up and of the sampled batches, the
// deoptimizations inside its warm-up and its measured batches, and what the analysis did with
// the process. The HTML (src/report/html-explain.ts) escapes and draws these cells; the Markdown
// report (src/report/markdown.ts) writes them through its blocks.
import type { BenchmarkResult, DeoptCount, ForkResult, ResultDocument, V8Record } from '../results/schema.js';
import type { Block } from './blocks.js';
import { fullName } from '../text/format.js';

/** What the table's first line says of its tiers. */
export const TIER_NOTE =
  "Tiers of the kernel's own code / the timed loop (one name when both agree); a kernel the " +
  'optimized loop inlined may keep an unoptimized tier of its own.';

/** The header, `head` naming the first column's processes. */
export function tierHeader(head = 'process'): string[] {
  return [
    head,
    'tier after warm-up',
    'tier after sampling',
    'deopts in warm-up',
    'deopts in measured batches',
    'most frequent in measured batches',
    '',
  ];
}

const tier = (t: V8Record['end']) => (t.kernel === t.loop ? t.kernel : `${t.kernel} / ${t.loop}`);

/** The most frequent (function, reason) of a list, as "f: reason (n)"; '' for none. */
function topOf(list: readonly DeoptCount[]): string {
  const top = [...list].sort((a, b) => b.count - a.count)[0];
  return top ? `${top.function}: ${top.reason} (${top.count})` : '';
}

/** What the analysis did with the process: left out as odd or in another state than the run (slow or fast), or nothing. */
export function forkRole(f: ForkResult): string {
  if (f.oddProcess) return 'odd process, left out';
  if (f.hostState !== undefined) return f.hostState > 1 ? 'slow state' : 'fast state';
  return '';
}

/** One process's V8 record as plain cells, after `lead` (its name) and before `last`. */
export function tierRow(lead: string, v: V8Record, last: string): string[] {
  const d = v.deopts;
  return [
    lead,
    tier(v.warmup),
    tier(v.end),
    d ? String(d.warmup) : 'unread',
    d ? String(d.sampling) : 'unread',
    d ? topOf(d.samplingFunctions) : '',
    last,
  ];
}

/** The rows of a benchmark's measured processes that carry a V8 record, named by their index. */
export function forkTierRows(b: BenchmarkResult): string[][] {
  return b.forks.filter((f) => f.v8).map((f) => tierRow(String(f.index), f.v8!, forkRole(f)));
}

/** The Markdown section: a tier table per benchmark whose processes carry V8 records; none otherwise. */
export function tierBlocks(doc: ResultDocument): Block[] {
  const out: Block[] = [];
  for (const b of doc.benchmarks) {
    const rows = forkTierRows(b);
    if (rows.length === 0) continue;
    out.push({ kind: 'para', text: fullName(b.group, b.name) }, { kind: 'table', header: tierHeader(), rows });
  }
  return out.length ? [{ kind: 'heading', text: 'V8 per process' }, { kind: 'para', text: TIER_NOTE }, ...out] : [];
}
