// Caveats of a run in words: every warning, every flag explained, contamination counts,
// and the conditions that were not controlled. Shared by the honest report, Markdown and
// HTML so each says the same thing.
import type { DetailCode, Flag, ResultDocument } from '../results/schema.js';
import { at } from './conditions.js';
import { benchmarkLines, detailText, explainedFlags, forkLines } from './details.js';
import { contaminationCount, spacedName } from './samples.js';

export const FLAG_TEXT: Record<Flag, string> = {
  'optimized-away':
    'less than one clock cycle per iteration, within one cycle of an empty loop, or (a result never read) ' +
    'within a few cycles of it: probably optimized away, not a speed',
  'allocation-dropped':
    'the kernel makes a new value per call but far fewer bytes were allocated: the compiler removed the allocation',
  'estimates-disagree':
    "the headline disagrees with the same run's batch median, CPU time per op and latency median beyond its interval",
  'gc-during-batches': 'garbage collection ran during some batches',
  migrations: 'the measuring thread migrated between CPUs during some batches',
  'context-switches': 'the measuring thread was switched out during some batches',
  'page-faults': 'page faults during some batches',
  'low-r2':
    'batch times scatter around the slope (low R²: noisy batches, or work that does not grow with the iterations): the slope is suspect',
  'warmup-not-steady': 'warmup ended at its time budget without reaching a steady state',
  'target-ci-not-reached': 'sampling stopped before the target CI width was reached',
  multimodal: 'the per-iteration distribution has more than one mode: one number hides it',
  outliers: 'outliers in the per-iteration times (reported, not dropped)',
  'environment-changed': 'the machine state changed between the start and end of the run',
  'in-process': 'measured in the calling process, not in fresh forks',
  simulated: 'counts simulated by Valgrind (callgrind), not read from the CPU; no time is reported',
  'not-optimized': "V8 ran the kernel below its optimizing tiers while counted: the counts are unoptimized code's",
  contended:
    'the CPU was shared for much of the run: many batches were preempted, or too many processes ran in another ' +
    'host state to leave them out; the result may be biased',
  'inputs-changed':
    'the kernel changed its reused .inputs() values: most iterations got changed inputs (use .setupEach())',
};

export function flagText(flag: string): string {
  return (FLAG_TEXT as Record<string, string>)[flag] ?? flag;
}

/** What a reviewer must know before trusting the numbers, one line each. */
/** Details that say a process was left out of the estimate. */
const LEAVES_OUT: readonly DetailCode[] = ['slow-processes', 'odd-process', 'process-left-out'];

export function caveats(doc: ResultDocument): string[] {
  const lines: string[] = [];
  for (const w of doc.warnings) lines.push(`run: ${w}`);
  for (const b of doc.benchmarks) {
    const name = spacedName(b);
    if (b.error) {
      lines.push(`${name}: not measured (${b.error.kind}): ${b.error.message}`);
      continue;
    }
    // The analysis's own line for a flag ("context-switches: 361 of 2250 batches …") says
    // more than the generic text; show one or the other, never both.
    const explained = explainedFlags(b);
    const { warnings } = benchmarkLines(b);
    for (const f of b.flags) if (f !== 'in-process' && !explained.has(f)) lines.push(`${name}: ${flagText(f)}`);
    const c = contaminationCount(b);
    const contaminationExplained = ['gc-during-batches', 'context-switches', 'migrations'].some((f) =>
      explained.has(f as Flag),
    );
    if (c.contaminated > 0 && !contaminationExplained) {
      const what = [
        c.gc && `${c.gc} with GC`,
        c.switches && `${c.switches} with a context switch`,
        c.migrations && `${c.migrations} with a migration`,
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(
        `${name}: ${c.contaminated} of ${c.batches} batches contaminated (${what}); they are kept in the estimate`,
      );
    }
    for (const w of warnings) lines.push(`${name}: ${w}`);
    // A process the estimate leaves out changes what the headline rests on: said even when it is
    // only a note (the run's own table says so under --verbose).
    for (const d of b.details ?? [])
      if (d.severity !== 'warning' && LEAVES_OUT.includes(d.code) && (d.code !== 'slow-processes' || d.values.leftOut))
        lines.push(`${name}: ${detailText(d)}`);
    for (const f of b.forks) for (const w of forkLines(f)) lines.push(`${name}, fork ${f.index + 1}: ${w}`);
    const profiled = b.forks.filter((f) => f.profiled).map((f) => f.index + 1);
    if (profiled.length)
      lines.push(
        `${name}: a CPU profiler ran in measured process${profiled.length > 1 ? 'es' : ''} ${profiled.join(', ')}: ` +
          "the times include the profiler's cost",
      );
  }
  return lines;
}

/** Conditions this run did not control, read from the recorded environment. */
export function uncontrolled(doc: ResultDocument): string[] {
  const env = doc.environment ?? {};
  const out: string[] = [];
  const governor = at(env, 'frequency.governor');
  if (governor !== 'performance')
    out.push(
      governor
        ? `CPU governor is '${String(governor)}', not 'performance': frequency may vary`
        : 'CPU governor unknown: frequency scaling was not checked',
    );
  const boost = at(env, 'frequency.boost.enabled');
  if (boost !== false)
    out.push(
      boost === true ? 'boost/turbo enabled: clock speed depends on temperature and load' : 'boost/turbo state unknown',
    );
  const cpus = at(env, 'conditions.cpus');
  const isolated = at(env, 'cpu.isolated');
  if (!Array.isArray(cpus) || cpus.length === 0) out.push('workers were not pinned to a CPU');
  else if (!Array.isArray(isolated) || !(cpus as number[]).every((c) => (isolated as number[]).includes(c)))
    out.push('the pinned CPU is not isolated (isolcpus): other tasks could run on it');
  if (at(env, 'cpu.smt.active') === true)
    out.push('SMT is on: a sibling hardware thread shares the core with the benchmark');
  if (at(env, 'conditions.noAslr') !== true)
    out.push('ASLR was on in the workers: memory layout differs between processes');
  const virt = at(env, 'virtualization.kind');
  if (virt && virt !== 'none')
    out.push(`running under virtualization (${String(virt)}): the hypervisor can steal time`);
  const hw = at(env, 'counters.hardware.available');
  if (hw === false)
    out.push(
      `hardware counters unavailable` +
        `${at(env, 'counters.hardware.reason') ? ` (${String(at(env, 'counters.hardware.reason'))})` : ''}: ` +
        `no cycles/instructions per op`,
    );
  const changes = at(env, 'changes');
  if (Array.isArray(changes) && changes.length > 0) out.push(`${changes.length} environment change(s) during the run`);
  out.push('other processes, interrupts and the thermal state of the machine were not controlled');
  return out;
}
