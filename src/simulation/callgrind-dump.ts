// Reads the files callgrind writes on CALLGRIND_DUMP_STATS (<out-file>.<n>). Only header lines are
// needed: "events:" names the counters and "totals:" (or "summary:") holds the whole-dump sums in
// the same order (valgrind's callgrind format manual, cl-format.html).
// Hand-written: no maintained npm package parses callgrind output, and the header is three lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CallgrindDump {
  /** The text after "desc: Trigger: " ("Client Request: <label>", "Program termination"). */
  trigger: string;
  /** Event names, e.g. ['Ir'], or with --cache-sim/--branch-sim also 'I1mr', 'D1mr', 'DLmr', 'Bcm', ... */
  events: string[];
  /** One total per event. */
  totals: number[];
  /** The simulated caches' "desc:" lines, e.g. "I1 cache: 32768 B, 64 B, 8-way associative" (cache-sim only). */
  caches: string[];
}

export function parseCallgrindDump(text: string): CallgrindDump {
  let trigger = '';
  let events: string[] | null = null;
  let totals: number[] | null = null;
  const caches: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('desc: Trigger: ')) trigger = line.slice('desc: Trigger: '.length).trim();
    else if (/^desc: (I1|D1|LL) cache:/.test(line)) caches.push(line.slice('desc: '.length).trim());
    else if (line.startsWith('events:')) events = line.slice(7).trim().split(/\s+/);
    else if (line.startsWith('totals:') || (totals === null && line.startsWith('summary:'))) {
      totals = line
        .slice(line.indexOf(':') + 1)
        .trim()
        .split(/\s+/)
        .map(Number);
    }
  }
  if (events === null || totals === null) throw new Error('not a callgrind dump: no "events:" or "totals:" line');
  if (totals.some((v) => !Number.isFinite(v))) throw new Error('callgrind dump: totals are not numbers');
  // Trailing totals may be left out when they are 0 (the format's rule for missing values).
  while (totals.length < events.length) totals.push(0);
  return { trigger, events, totals, caches };
}

/** The value of `event` in a dump, or undefined when that event was not collected. */
export function dumpEvent(dump: CallgrindDump, event: string): number | undefined {
  const i = dump.events.indexOf(event);
  return i < 0 ? undefined : dump.totals[i];
}

/**
 * The client-request dumps under `dir` named `<prefix>.<n>`, in the order written (callgrind numbers
 * them 1, 2, ...; the unnumbered `<prefix>` file is the end-of-program dump and is left out).
 */
export function readClientDumps(dir: string, prefix: string): CallgrindDump[] {
  const numbered = readdirSync(dir)
    .map((name) => ({ name, n: numberAfter(name, prefix) }))
    .filter((f): f is { name: string; n: number } => f.n !== null)
    .sort((a, b) => a.n - b.n);
  return numbered.map((f) => parseCallgrindDump(readFileSync(join(dir, f.name), 'utf8')));
}

function numberAfter(name: string, prefix: string): number | null {
  if (!name.startsWith(prefix + '.')) return null;
  const rest = name.slice(prefix.length + 1);
  return /^[0-9]+$/.test(rest) ? Number(rest) : null;
}
