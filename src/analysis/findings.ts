// Typed findings of a benchmark's result: what needs a reader's attention, as codes and
// numbers (schema.ts Finding). Derived from what the result document holds (flags,
// headline, estimates, batches, the comparison with the baseline), so a version-1 file
// read back gets the same findings as a fresh run. The words are src/report/findings.ts's.
import {
  type Detail,
  type DetailCode,
  type BenchmarkResult,
  type Finding,
  type FindingCode,
  FINDING_CODES,
  type ResultDocument,
} from '../results/schema.js';
import { requiredSampleSize } from '../statistics/power.js';
import { CONTAMINATION_KINDS } from './contamination.js';
import { DEFAULT_CONFIDENCE, DEFAULT_TARGET_CI } from './defaults.js';
import { relativeHalfWidth } from './half-width.js';
import { spreadChoseCount } from './more-processes.js';
import { measuredForks } from './slow-processes.js';
import { fullName } from '../text/format.js';

export interface FindingSettings {
  /** The run's target relative CI half-width (--target-ci). */
  targetCi?: number;
  /** The run pinned its processes to CPUs (then "use --cpu" is no advice). */
  pinned?: boolean;
}

type Values = Finding['values'];

const round = (x: number, digits = 4): number => Number(x.toPrecision(digits));

const SEVERITY: Record<FindingCode, Finding['severity']> = {
  failed: 'error',
  'optimized-away': 'warning',
  'allocation-dropped': 'warning',
  'estimates-disagree': 'warning',
  partial: 'warning',
  'inputs-changed': 'warning',
  contended: 'warning',
  noisy: 'warning',
  multimodal: 'warning',
  'low-r2': 'warning',
  'warmup-not-steady': 'warning',
  contamination: 'warning',
  outliers: 'info',
  'environment-changed': 'warning',
  'tests-disagree': 'warning',
  'held-by-family': 'info',
  incomparable: 'warning',
  'too-few': 'info',
  'in-process': 'info',
};

/** The findings that apply to counts made under Valgrind (`--counters simulate`). */
const SIMULATED_FINDINGS: readonly FindingCode[] = [
  'partial',
  'incomparable',
  'tests-disagree',
  'too-few',
  'in-process',
];

/** Every finding of one benchmark, most important first (the order of FINDING_CODES). */
export function benchmarkFindings(b: BenchmarkResult, s: FindingSettings = {}): Finding[] {
  const out: Finding[] = [];
  const add = (code: FindingCode, values: Values = {}) =>
    out.push({ code, severity: SEVERITY[code], benchmark: fullName(b.group, b.name), values });
  if (b.error) {
    // Error messages often start with the benchmark's name, which the finding already carries.
    const prefix = [`${fullName(b.group, b.name)}: `, `${b.name}: `].find((p) => b.error!.message.startsWith(p)) ?? '';
    const message = b.error.message.slice(prefix.length);
    add('failed', { kind: b.error.kind, message });
    return out;
  }
  const h = b.headline;
  // Its own detail, where the file has one: the counts the analysis judged by.
  // (TypeScript does not narrow a generic code's union member by itself, hence the one assertion.)
  const own = <C extends DetailCode>(code: C) => b.details?.find((d) => d.code === code) as Detail<C> | undefined;
  // The processes the estimate rests on (those in another host state or odd are left out).
  const restsOn = measuredForks(b.forks);
  const batches = b.forks.flatMap((f) => f.batches);
  const measured = batches.filter((x) => !x.preempted);
  if (b.flags.includes('optimized-away')) add('optimized-away', { ns: h ? round(h.point, 3) : null });
  if (b.flags.includes('allocation-dropped')) {
    const d = b.details?.find((x) => x.code === 'allocation-dropped');
    add('allocation-dropped', {
      bytesPerOp: typeof d?.values.bytesPerOp === 'number' ? round(d.values.bytesPerOp, 3) : null,
      floorBytes: typeof d?.values.floorBytes === 'number' ? d.values.floorBytes : null,
    });
  }
  if (b.flags.includes('estimates-disagree')) {
    const d = b.details?.find((x) => x.code === 'estimates-disagree');
    add('estimates-disagree', {
      direction: typeof d?.values.direction === 'string' ? d.values.direction : null,
      // Which figure a headline below was judged against: the CPU time per op when there is one.
      cpuPerOpNs: typeof d?.values.cpuPerOpNs === 'number' ? d.values.cpuPerOpNs : null,
    });
  }
  const missing = own('processes-missing');
  if (missing) add('partial', { measured: missing.values.measured, planned: missing.values.planned });
  if (b.flags.includes('inputs-changed')) add('inputs-changed');
  const added = own('processes-added');
  if (b.flags.includes('target-ci-not-reached') && h) {
    const target = s.targetCi ?? DEFAULT_TARGET_CI;
    const cv = b.estimates?.betweenProcessCv ?? null;
    const needed = cv !== null && cv > 0 ? requiredSampleSize(cv, target, h.confidence ?? DEFAULT_CONFIDENCE) : null;
    const hw = relativeHalfWidth(h);
    add('noisy', {
      contended: b.flags.includes('contended'),
      // Unrounded: the table prints this same figure to 0.1 %, and a rounded copy could print 0.1 lower.
      halfWidth: Number.isFinite(hw) ? hw : null,
      target,
      processes: restsOn.length,
      // The processes run in all, when some were left out of the estimate (host state, odd ones).
      ...(restsOn.length < b.forks.length ? { ran: b.forks.length } : {}),
      needed,
      // More processes were run because the planned ones disagreed (src/analysis/more-processes.ts),
      // not only to replace processes in another host state.
      planned: added && spreadChoseCount(added.values) ? added.values.planned : null,
      ...(added ? { added: added.values.processes - added.values.planned } : {}),
      pinned: s.pinned ?? false,
    });
  }
  if (b.flags.includes('contended')) {
    // Two causes set the flag: preempted batches (analysis/preemption.ts), or processes in another
    // host state with too few others to leave them out (analysis/slow-processes.ts).
    const slow = own('slow-processes');
    const pre = own('preempted');
    // Counted over the processes the estimate rests on, as the detail counts them.
    const kept = restsOn.flatMap((f) => f.batches);
    add('contended', {
      preempted: pre ? pre.values.preempted : kept.filter((x) => x.preempted).length,
      batches: pre ? pre.values.total : kept.length,
      // The estimate uses the preempted batches (no process had two without them), or some planned
      // batches never ran without preemption: either way they were not replaced.
      ...(pre?.values.kept ? { kept: true } : {}),
      ...(pre && pre.values.unreplaced > 0 ? { unreplaced: pre.values.unreplaced, planned: pre.values.planned } : {}),
      ...(slow && !slow.values.leftOut
        ? {
            otherState: slow.values.slow,
            processes: slow.values.of,
            // Processes in a faster state: the host changed state, no program took the CPU.
            faster: slow.values.factors.length > 0 && slow.values.factors.every((f) => f < 1),
          }
        : {}),
    });
  }
  if (b.flags.includes('multimodal')) add('multimodal');
  if (b.flags.includes('low-r2')) {
    // The flag is set by a process whose fit is below the threshold: the lowest is the one to quote.
    const low = own('low-r2')?.values.r2 ?? [];
    const r2 = low.length ? Math.min(...low) : (b.estimates?.r2 ?? null);
    add('low-r2', { r2: r2 === null ? null : round(r2, 3) });
  }
  if (b.flags.includes('warmup-not-steady')) {
    // V8's deoptimizations in those warm-ups (src/analysis/v8-state.ts), when the run read them.
    const deopts = own('warmup-not-steady')?.values.deopts;
    add('warmup-not-steady', {
      processes: restsOn.filter((f) => f.warmup?.outcome === 'budget').length,
      of: restsOn.length,
      ...(typeof deopts === 'number' ? { deopts } : {}),
    });
  }
  for (const flag of b.flags) {
    const hit = CONTAMINATION_KINDS.find((k) => k.flag === flag)?.hit;
    if (!hit) continue;
    const d = b.details?.find(
      (x): x is Detail<'contamination'> => x.code === 'contamination' && x.values.kind === flag,
    );
    add(
      'contamination',
      d
        ? {
            kind: flag,
            batches: d.values.batches,
            of: d.values.of,
            // Too few clean batches to estimate without them: their effect is unknown.
            ...(d.values.cleanNs === null ? { unknownEffect: true } : {}),
          }
        : { kind: flag, batches: measured.filter(hit).length, of: measured.length },
    );
  }
  if (b.flags.includes('outliers')) add('outliers');
  if (b.flags.includes('environment-changed')) add('environment-changed');
  out.push(...comparisonFindings(b));
  if (b.flags.includes('in-process')) add('in-process');
  // Counts under Valgrind are not judged by batch times or by the machine's load and clock
  // (time under Valgrind is not the kernel's, docs/decisions.md); their comparison is of counts.
  const kept = b.flags.includes('simulated') ? out.filter((f) => SIMULATED_FINDINGS.includes(f.code)) : out;
  return kept.sort((x, y) => FINDING_CODES.indexOf(x.code) - FINDING_CODES.indexOf(y.code));
}

/**
 * The comparison with the group's baseline, when its two tests disagree or it has no verdict.
 * The CI of the ratio decides the verdict; the rank test disagreeing is worth one finding.
 */
export function comparisonFindings(
  b: BenchmarkResult,
  confidence = b.headline?.confidence ?? DEFAULT_CONFIDENCE,
): Finding[] {
  const r = b.relative;
  if (!r) return [];
  const make = (code: FindingCode, values: Values): Finding => ({
    code,
    severity: SEVERITY[code],
    benchmark: fullName(b.group, b.name),
    values,
  });
  if (r.verdict === 'incomparable') return [make('incomparable', { baseline: r.baseline })];
  if (r.verdict === 'too-few') return [make('too-few', { baseline: r.baseline })];
  // Faster or slower on its own, held back by Holm over the run's comparisons: the row's
  // "cannot tell" beside an interval that excludes 1 needs its reason in the default output.
  if (r.because?.code === 'not-after-adjustment') {
    const v = r.because.values;
    return [make('held-by-family', { baseline: r.baseline, verdict: v.verdict, family: v.family })];
  }
  // The rank test's p-value: a verdict's detail carries it where the rank test disagreed with the
  // interval (src/compare/verdict.ts), and null where it did not. `pValue` itself is the interval's own
  // test, which always agrees with it; only older files without such a detail hold the rank test's there.
  const why = r.because;
  const rankP =
    why?.code === 'rank-test-unsure' || why?.code === 'ci-includes-one' ? why.values.pValue : (r.pValue ?? null);
  if (!r.ratio || rankP === null) return [];
  const excludesOne = r.ratio.ciLow > 1 || r.ratio.ciHigh < 1;
  const testSays = rankP < 1 - confidence;
  if (excludesOne === testSays) return [];
  // A 'cannot-tell' verdict's detail (or, in files of schema version 3 and older, a 'ci-includes-one'
  // detail marked wide) says the interval reaches beyond the noise threshold.
  const because =
    r.because?.code === 'cannot-tell'
      ? { ...r.because.values, wide: true }
      : r.because?.code === 'ci-includes-one'
        ? r.because.values
        : undefined;
  return [
    make('tests-disagree', {
      baseline: r.baseline,
      verdict: r.verdict,
      ratio: round(r.ratio.point),
      pValue: round(rankP, 3),
      ...(because?.wide === true && typeof because.threshold === 'number'
        ? { wide: true, threshold: because.threshold }
        : {}),
    }),
  ];
}

/** Fills `findings` of every benchmark of a document (after its comparisons are attached). */
export function attachFindings(doc: ResultDocument): ResultDocument {
  const targetCi = typeof doc.options?.targetCi === 'number' ? doc.options.targetCi : undefined;
  const conditions = (doc.environment as { conditions?: { cpus?: unknown } } | undefined)?.conditions;
  const pinned = Array.isArray(conditions?.cpus) && conditions.cpus.length > 0;
  for (const b of doc.benchmarks) b.findings = benchmarkFindings(b, { targetCi, pinned });
  return doc;
}
