// Profiles of a paired run: after every pair, for each benchmark whose verdict is slower or
// faster, one unmeasured profiling process per side (src/orchestrator/profile.ts), and the functions whose time per
// operation changed most between them (src/profile/differential.ts), printed as a few lines per benchmark.
import { median } from 'simple-statistics';
import type { ForkOptions } from '../orchestrator/fork.js';
import type { Platform } from '../platform/types.js';
import type { BenchmarkDescriptor as Descriptor } from '../ipc/protocol.js';
import { escapeMarkdown, escapeTerminal } from '../text/escape.js';
import { formatNs, fullName } from '../text/format.js';
import { truncateName } from '../text/terminal-safe.js';
import { functionChanges, type ProfileDifference } from '../profile/differential.js';
import { type ProfileRequest, takeProfile } from '../orchestrator/profile.js';

/** The part of a paired row this module reads and fills. */
export interface ProfiledRow {
  name: string;
  group: string | null;
  pairs: { a: number; b: number }[];
  analysis: { verdict: string } | null;
  error?: string;
  profile?: ProfileDifference;
}

/** How many changed functions the terminal shows per benchmark. */
export const TERMINAL_CHANGES = 3;

const CHANGED = new Set(['slower', 'faster']);

/**
 * Profiles both sides of every row that changed; true when interrupted. `onProfile` is told which
 * row is profiled (the progress line names it); `take` takes one profile (a test's stand-in).
 */
export async function profileChangedRows(
  platform: Platform,
  rows: readonly { row: ProfiledRow; other: Descriptor; current: Descriptor }[],
  opts: ForkOptions,
  req: ProfileRequest,
  onProfile: (name: string) => void = () => {},
  take: typeof takeProfile = takeProfile,
): Promise<boolean> {
  for (const [index, { row, other, current }] of rows.entries()) {
    if (row.error || !row.analysis || !CHANGED.has(row.analysis.verdict) || row.pairs.length === 0) continue;
    if (opts.signal?.aborted) return true;
    onProfile(fullName(row.group, row.name));
    const forkIndex = row.pairs.length; // the next index, used by no measured process
    const a = await take(platform, { descriptor: other, index, forkIndex, suffix: '.other' }, opts, req);
    if (a === 'interrupted') return true;
    const b = await take(platform, { descriptor: current, index, forkIndex, suffix: '.this' }, opts, req);
    if (b === 'interrupted') return true;
    const nsA = median(row.pairs.map((p) => p.a));
    const nsB = median(row.pairs.map((p) => p.b));
    row.profile = { other: a.summary, current: b.summary, changes: functionChanges(a.times, b.times, nsA, nsB) };
  }
  return false;
}

function signedNs(ns: number): string {
  return `${ns < 0 ? '−' : '+'}${formatNs(Math.abs(ns))}`;
}

const DIFFERENTIAL_NOTE =
  'self time per op: share of an unmeasured profile, inlining off, times the side’s median time/op';

/** Terminal lines: per profiled row, its files and the functions that changed most; '' when none. */
export function renderDifferentialText(rows: readonly ProfiledRow[], count = TERMINAL_CHANGES): string {
  const profiled = rows.filter((r) => r.profile);
  if (profiled.length === 0) return '';
  const out = [`\nWhat changed (${DIFFERENTIAL_NOTE}):`];
  for (const r of profiled) {
    const p = r.profile!;
    const name = fullName(r.group, r.name);
    out.push(`  ${escapeTerminal(truncateName(name))} (${r.analysis!.verdict}):`);
    for (const s of [p.other, p.current])
      if (s.file === null || s.error) out.push(`    no profile: ${escapeTerminal(s.error ?? 'unknown reason')}`);
    for (const c of p.changes.slice(0, count)) {
      const where = c.script ? `  ${escapeTerminal(c.script)}` : '';
      const moved = `${signedNs(c.thisNs - c.otherNs)}/op (${formatNs(c.otherNs)} → ${formatNs(c.thisNs)})`;
      out.push(`    ${escapeTerminal(truncateName(c.name))}${where}  ${moved}`);
    }
    out.push(`    profiles: ${escapeTerminal([p.other.file, p.current.file].filter(Boolean).join(', '))}`);
  }
  return `${out.join('\n')}\n`;
}

/** The same as a Markdown section (a table per profiled row, every kept change); '' when none. */
export function renderDifferentialMarkdown(rows: readonly ProfiledRow[]): string {
  const profiled = rows.filter((r) => r.profile);
  if (profiled.length === 0) return '';
  const out = ['', '## What changed', '', `${escapeMarkdown(DIFFERENTIAL_NOTE)}.`];
  for (const r of profiled) {
    const p = r.profile!;
    const name = fullName(r.group, r.name);
    out.push('', `### ${escapeMarkdown(`${name} (${r.analysis!.verdict})`)}`, '');
    out.push('| function | file | change/op | other | this |', '| :-- | :-- | --: | --: | --: |');
    for (const c of p.changes)
      out.push(
        `| ${escapeMarkdown(c.name)} | ${escapeMarkdown(c.script)} | ${signedNs(c.thisNs - c.otherNs)} | ` +
          `${formatNs(c.otherNs)} | ${formatNs(c.thisNs)} |`,
      );
    out.push('', escapeMarkdown(`profiles: ${[p.other.file, p.current.file].filter(Boolean).join(', ')}`));
  }
  return `${out.join('\n')}\n`;
}
