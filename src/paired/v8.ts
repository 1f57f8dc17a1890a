// What V8 did in each side's measured processes of a paired run, side against side: one line under
// the table when one side's processes deoptimized code in their measured batches and the other's
// did not, or when every process of one side ended in a tier no process of the other ended in
// (tiers read 'unknown' do not count).
// It names a different compiled-code state of the kernel, not the cause of the verdict: the
// profile (src/paired/profile.ts) or the code says whether that state is what made a side slower.
// The words are the findings' own (src/report/v8-words.ts).
import { v8Comparison } from '../analysis/v8-state.js';
import { v8Clause } from '../report/v8-words.js';
import type { V8Record } from '../results/schema.js';

/** Each side's V8 records, one per measured process in pair order; null where a process had none. */
export interface PairedV8 {
  other: (V8Record | null)[];
  current: (V8Record | null)[];
}

/** The records of one pair's processes added to `v8`. */
export function addPairV8(v8: PairedV8, other: V8Record | undefined, current: V8Record | undefined): void {
  v8.other.push(other ?? null);
  v8.current.push(current ?? null);
}

/** `v8` when a process of the pairs had a record (a run without --no-v8-status), else undefined. */
export function keptV8(v8: PairedV8): PairedV8 | undefined {
  return [...v8.other, ...v8.current].some((r) => r !== null) ? v8 : undefined;
}

const deoptimized = (n: number | null | undefined) => typeof n === 'number' && n > 0;

/**
 * The clause for a paired row's processes, or null when both sides' states read alike (or a
 * process has no record). `trees`: the sides are two trees ("this tree", "the other tree"), else
 * Node binaries or flags ("this side", "the other side").
 */
export function pairedV8Clause(v8: PairedV8 | undefined, trees: boolean): string | null {
  if (!v8) return null;
  const wrap = (rs: readonly (V8Record | null)[]) => rs.map((r) => ({ v8: r ?? undefined }));
  const current = wrap(v8.current);
  const other = wrap(v8.other);
  const mine = v8Comparison(current, other, 'sampling');
  if (mine.deopts === undefined || other.length === 0) return null;
  const oneSide =
    typeof mine.deopts === 'number' &&
    typeof mine.othersDeopts === 'number' &&
    deoptimized(mine.deopts) !== deoptimized(mine.othersDeopts);
  const theirTiers = new Set(mine.otherTiers);
  // A tier read 'unknown' (a V8 whose status bits were not recognised, a kernel seen only inlined)
  // is no evidence of a different tier.
  const read = [...(mine.tiers ?? []), ...theirTiers].every((t) => !t.split('/').includes('unknown'));
  const noTierInCommon = read && !(mine.tiers ?? []).some((t) => theirTiers.has(t));
  if (!oneSide && !noTierInCommon) return null;
  const kind = trees ? 'tree' : 'side';
  const names = (a: string, b: string) => ({
    who: `${a}'s`,
    subject: `${a}'s processes`,
    others: `${b}'s`,
    othersSubject: `${b}'s processes`,
  });
  // The side that deoptimized is the subject; with no deoptimization on either, this side.
  return oneSide && deoptimized(mine.othersDeopts)
    ? v8Clause(v8Comparison(other, current, 'sampling'), names(`the other ${kind}`, `this ${kind}`), 'measured batches')
    : v8Clause(mine, names(`this ${kind}`, `the other ${kind}`), 'measured batches');
}
