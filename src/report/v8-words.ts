// The words for what V8 did in the processes a detail singles out (src/analysis/v8-state.ts
// values: deopts, othersDeopts, deoptAt, tiers, otherTiers), appended to the odd-process,
// slow-processes and warmup-not-steady lines, and to a paired run's lines, where one side's
// processes stand against the other side's (src/paired/v8.ts).
import type { V8Values } from '../results/schema.js';

const OPTIMIZED = ['turbofan', 'maglev'];

/**
 * "turbofan/maglev" (kernel/loop) as words. V8 reports the kernel's own code, which stays
 * unoptimized when the optimized loop inlined the kernel and never called it again.
 */
function tierWords(t: string): string {
  const [kernel, loop] = t.split('/');
  if (kernel === loop) return `${kernel} (kernel and timed loop)`;
  const own = OPTIMIZED.includes(loop) && !OPTIMIZED.includes(kernel) ? ', which the loop may inline' : '';
  return `${kernel} (kernel's own code${own}), ${loop} (timed loop)`;
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** How a clause names the singled-out processes and the others. */
export interface V8Names {
  /** The singled-out processes' possessive: "its", "their", "this tree's". */
  who: string;
  /** They as a subject: "it", "they", "this tree's processes". */
  subject: string;
  /** The others' possessive: "the others'", "main's". */
  others: string;
  /** The others as a subject: "the others", "main's processes". */
  othersSubject: string;
}

const NAMES: Record<'its' | 'their', V8Names> = {
  its: { who: 'its', subject: 'it', others: "the others'", othersSubject: 'the others' },
  their: { who: 'their', subject: 'they', others: "the others'", othersSubject: 'the others' },
};

/**
 * The clause: `who` names the singled-out processes ("its", "their", or names of both sets),
 * `where` the phase's batches ("measured batches", "warm-up batches"). Empty without V8 values
 * (older files).
 */
export function v8Clause(v: V8Values, who: 'its' | 'their' | V8Names, where: string): string {
  if (v.deopts === undefined) return '';
  const n = typeof who === 'string' ? NAMES[who] : who;
  const mine = v.tiers ?? [];
  const theirs = v.otherTiers ?? [];
  const sameTier = mine.length === 1 && (theirs.length === 0 || (theirs.length === 1 && theirs[0] === mine[0]));
  const others = v.othersDeopts;
  if (typeof v.deopts === 'number' && v.deopts > 0) {
    const elsewhere =
      typeof others !== 'number' ? '' : others === 0 ? `, none in ${n.others}` : `, ${others} in ${n.others}`;
    // deoptAt is null when the counted deoptimizations named no function (an older file, a trimmed trace).
    const at = typeof v.deoptAt === 'string' ? ` (${v.deoptAt})` : '';
    return `V8 deoptimized code ${times(v.deopts)} in ${n.who} ${where}${at}${elsewhere}`;
  }
  const tier = sameTier
    ? `the same tier, ${tierWords(mine[0])}, in every process`
    : `${n.subject} ended in ${mine.map(tierWords).join(' or ')}` +
      (theirs.length ? ` where ${n.othersSubject} ended in ${theirs.map(tierWords).join(' or ')}` : '');
  if (v.deopts === null) return `V8's deoptimizations could not be read; ${tier}`;
  const none =
    `no deoptimization in ${n.who} ${where}` +
    (others === 0 ? ` or ${n.others}` : typeof others === 'number' ? `, ${others} in ${n.others}` : '');
  return sameTier && others === 0 ? `${none} and ${tier}: layout or the host, not the JIT` : `${none}; ${tier}`;
}
