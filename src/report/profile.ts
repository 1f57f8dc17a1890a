// The top self-time functions of each profiled benchmark: a few lines in the terminal, a
// section in the reports (Markdown, HTML, the review). Function names and script paths come from the bench file's
// code, so they are escaped like every other outside text (src/text/escape.ts).
import { basename } from 'node:path';
import type { ResultDocument } from '../results/schema.js';
import { escapeTerminal } from '../text/escape.js';
import type { Block } from './blocks.js';
import { fullName, percent } from '../text/format.js';
import { truncateName } from '../text/terminal-safe.js';
import type { FunctionTime } from '../profile/cpuprofile.js';
import type { ProfileSummary } from '../profile/summary.js';

/** How many functions the terminal shows per benchmark. */
export const TERMINAL_FUNCTIONS = 5;

const HEADING = "self time in one unmeasured process per benchmark, under V8's sampling profiler with inlining off";

/** Where a function is: its script's base name and line, or nothing for V8's own entries. */
export function functionPlace(f: Pick<FunctionTime, 'url' | 'line'>): string {
  if (!f.url) return '';
  let path = f.url;
  try {
    path = new URL(f.url).pathname;
  } catch {
    // a plain path
  }
  return f.line === null ? basename(path) : `${basename(path)}:${f.line}`;
}

function profiled(doc: ResultDocument): { name: string; p: ProfileSummary }[] {
  return doc.benchmarks.filter((b) => b.profile).map((b) => ({ name: fullName(b.group, b.name), p: b.profile! }));
}

/** Where the profile is and what its shares are of, or why there is none (one line). */
export function fileLine(p: ProfileSummary): string {
  if (p.file === null) return `no profile: ${p.error ?? 'unknown reason'}`;
  const of = p.scope === 'kernel' ? "shares of the kernel's calls, GC not included" : 'shares of the whole measurement';
  return `${p.file} (${p.samples} samples every ${p.intervalUs} µs; ${of})${p.error ? `; ${p.error}` : ''}`;
}

/** Terminal lines: per benchmark its file and its top functions; '' when nothing was profiled. */
export function renderProfilesText(doc: ResultDocument, count = TERMINAL_FUNCTIONS): string {
  const rows = profiled(doc);
  if (rows.length === 0) return '';
  const out = [`\nProfiles (${HEADING}):`];
  for (const { name, p } of rows) {
    out.push(`  ${escapeTerminal(truncateName(name))}: ${escapeTerminal(fileLine(p))}`);
    for (const f of p.top.slice(0, count)) {
      const place = functionPlace(f);
      out.push(
        `    ${percent(f.share).padStart(7)}  ${escapeTerminal(truncateName(f.name))}${place ? `  ${escapeTerminal(place)}` : ''}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/** The report's section (Markdown, HTML, the review): a table per benchmark; none when nothing was profiled. */
export function profileBlocks(doc: ResultDocument): Block[] {
  const rows = profiled(doc);
  if (rows.length === 0) return [];
  const out: Block[] = [
    { kind: 'heading', text: 'Profiles' },
    { kind: 'para', text: `Top functions by ${HEADING}.` },
  ];
  for (const { name, p } of rows) {
    out.push({ kind: 'para', text: `${name}: ${fileLine(p)}` });
    if (p.top.length)
      out.push({
        kind: 'table',
        header: ['function', 'self time', 'where'],
        rows: p.top.map((f) => [f.name, percent(f.share), functionPlace(f)]),
      });
  }
  return out;
}
