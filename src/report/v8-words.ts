// The words for what V8 did in the processes a detail singles out (src/analysis/v8-state.ts
// values: deopts, othersDeopts, deoptAt, tiers, otherTiers), appended to the odd-process,
// slow-processes and warmup-not-steady lines.
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

/**
 * The clause: `who` names the singled-out processes ("its", "their"), `where` the phase's batches
 * ("measured batches", "warm-up batches"). Empty without V8 values (older files).
 */
export function v8Clause(v: V8Values, who: 'its' | 'their', where: string): string {
  if (v.deopts === undefined) return '';
  const mine = v.tiers ?? [];
  const theirs = v.otherTiers ?? [];
  const sameTier = mine.length === 1 && (theirs.length === 0 || (theirs.length === 1 && theirs[0] === mine[0]));
  const others = v.othersDeopts;
  if (typeof v.deopts === 'number' && v.deopts > 0) {
    const elsewhere =
      typeof others !== 'number' ? '' : others === 0 ? ", none in the others'" : `, ${others} in the others'`;
    return `V8 deoptimized code ${times(v.deopts)} in ${who} ${where} (${v.deoptAt})${elsewhere}`;
  }
  const tier = sameTier
    ? `the same tier, ${tierWords(mine[0])}, in every process`
    : `${who === 'its' ? 'it ended' : 'they ended'} in ${mine.map(tierWords).join(' or ')}` +
      (theirs.length ? ` where the others ended in ${theirs.map(tierWords).join(' or ')}` : '');
  if (v.deopts === null) return `V8's deoptimizations could not be read; ${tier}`;
  const none = `no deoptimization in ${who} ${where}${others === 0 ? " or the others'" : ''}`;
  return sameTier && others === 0 ? `${none} and ${tier}: layout or the host, not the JIT` : `${none}; ${tier}`;
}
