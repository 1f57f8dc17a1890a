// Each detail code's fields at run time (the values of ./detail-values.ts as a table): the JSON
// Schema a result file's details are checked against, and what a detail read from a file gets for
// a number JSON could not hold. The table's type is derived from DetailValues, so a field added to,
// renamed in or retyped in a code's values fails the type-check here until the table follows.
import type { DetailCode, DetailData, DetailValues } from './detail-schema.js';

/** How a field's value is typed (its TypeScript type, spelled as a string). */
type FieldKind =
  | 'number'
  | 'number|null'
  | 'string'
  | 'string|null'
  | 'boolean'
  | 'number[]'
  | '(number|null)[]'
  | 'string[]'
  | 'string[]|null';

type KindOf<T> = [T] extends [number]
  ? 'number'
  : [T] extends [number | null]
    ? 'number|null'
    : [T] extends [string]
      ? 'string'
      : [T] extends [string | null]
        ? 'string|null'
        : [T] extends [boolean]
          ? 'boolean'
          : [T] extends [readonly number[]]
            ? 'number[]'
            : [T] extends [readonly (number | null)[]]
              ? '(number|null)[]'
              : [T] extends [readonly string[]]
                ? 'string[]'
                : [T] extends [readonly string[] | null]
                  ? 'string[]|null'
                  : never;

/** The keys of every member of a union of values ('optimized-away' is one per kind). */
type AllKeys<V> = V extends unknown ? keyof V : never;
/** A field's type over the members; undefined where a member lacks it. */
type FieldType<V, K extends PropertyKey> = V extends unknown ? (K extends keyof V ? V[K] : undefined) : never;

/** Each field's kind; an optional field's (or one some members lack) ends in '?'. */
type FieldKinds<V> = {
  [K in AllKeys<V>]: undefined extends FieldType<V, K>
    ? `${KindOf<Exclude<FieldType<V, K>, undefined>>}?`
    : KindOf<FieldType<V, K>>;
};

const V8 = {
  deopts: 'number|null?',
  othersDeopts: 'number|null?',
  deoptAt: 'string|null?',
  tiers: 'string[]?',
  otherTiers: 'string[]?',
} as const;
const ENVIRONMENT = {
  facts: 'string[]',
  bases: 'string[]',
  contenders: 'string[]',
  changedDuring: 'string[]',
} as const;
const COUNT = { processes: 'number', of: 'number' } as const;
const SIDE = { side: 'string' } as const;
const MESSAGE = { message: 'string' } as const;
const LATENCY_SEEN = { p50: 'number', ratio: 'number', overheadNs: 'number' } as const;

/** The kind of every field of every code's values. */
export const DETAIL_FIELDS: { [C in DetailCode]: FieldKinds<DetailValues[C]> } = {
  'invalid-batches': { process: 'number', batches: 'number' },
  'process-left-out': { process: 'number' },
  'no-slope': { process: 'number' },
  'slope-fallback': { statistic: 'string' },
  'bootstrap-skipped': { rejected: 'number', resamples: 'number', statistic: 'string' },
  'optimized-away': {
    ns: 'number',
    cycleNs: 'number',
    cycleKnown: 'boolean',
    floorNs: 'number|null',
    kind: 'string',
    cycles: 'number?',
  },
  'allocation-dropped': { ...COUNT, bytesPerOp: 'number', floorBytes: 'number', by: 'string' },
  'estimates-disagree': {
    direction: 'string',
    headlineNs: 'number',
    ciLowNs: 'number',
    ciHighNs: 'number',
    batchMedianNs: 'number|null',
    cpuPerOpNs: 'number|null',
    latencyMedianNs: 'number|null',
    tolerance: 'number',
    gcShare: 'number',
  },
  'inputs-changed': { ...COUNT, changed: 'number', checked: 'number' },
  'low-r2': { threshold: 'number', of: 'number', processes: 'number[]', r2: 'number[]' },
  'warmup-not-steady': { ...COUNT, ...V8 },
  'target-ci-not-reached': {
    halfWidth: 'number',
    target: 'number',
    stops: 'string[]',
    cv: 'number|null',
    needed: 'number|null',
  },
  'slow-mode': { share: 'number', ashmanD: 'number' },
  multimodal: { ashmanD: 'number', share: 'number', bimodality: 'number' },
  skewed: { skewness: 'number' },
  outliers: { mild: 'number', severe: 'number', total: 'number' },
  contamination: {
    kind: 'string',
    batches: 'number',
    of: 'number',
    statistic: 'string',
    cleanNs: 'number|null',
    change: 'number|null',
  },
  'contamination-within-ci': { kinds: 'string[]', shares: 'number[]', changes: '(number|null)[]' },
  'gc-amortized': { batches: 'number', of: 'number', share: 'number|null' },
  'negative-hidden': { statistics: 'string[]' },
  preempted: {
    preempted: 'number',
    total: 'number',
    involuntarySwitch: 'number',
    migration: 'number',
    offCpu: 'number',
    unreplaced: 'number',
    planned: 'number',
    contended: 'boolean',
    remeasured: 'boolean?',
    kept: 'boolean?',
  },
  'slow-processes': { ...V8, slow: 'number', of: 'number', factors: 'number[]', leftOut: 'boolean' },
  'odd-process': {
    ...V8,
    process: 'number',
    factor: 'number',
    spread: 'number',
    of: 'number',
    yardstick: 'number|null',
    byV8: 'boolean?',
  },
  'processes-added': {
    planned: 'number',
    processes: 'number',
    halfWidth: 'number',
    above: 'number',
    kept: 'number?',
    replaced: 'number?',
  },
  'processes-missing': { measured: 'number', planned: 'number' },
  'processes-budget': {
    planned: 'number',
    wanted: 'number',
    added: 'number',
    halfWidth: 'number',
    above: 'number',
    budgetS: 'number',
    replaced: 'number?',
  },
  'processes-settled': {
    baseline: 'string',
    verdict: 'string',
    ratio: 'number',
    ciLow: 'number',
    ciHigh: 'number',
    confidence: 'number',
    halfWidth: 'number',
    above: 'number',
  },
  'counter-negative': { event: 'string', perOp: 'number' },
  layout: {
    processes: 'number',
    layouts: 'number',
    paddingBytes: 'number[]',
    spread: 'number',
    betweenCv: 'number',
    withinCv: 'number',
    layoutCv: 'number',
  },
  'simulated-wall-time': {},
  'not-simulated': { valgrind: 'string' },
  simulated: { valgrind: 'string', tiers: 'string[]', caches: 'string[]|null' },
  'not-optimized': { tier: 'string' },
  'simulation-unsteady': {},
  'latency-timer': {
    overheadNs: 'number',
    calls: 'number',
    processes: 'number',
    jitterNs: 'number',
    tickNs: 'number',
    stepNs: 'number|null',
  },
  'latency-step': { stepNs: 'number', p50: 'number' },
  'latency-timer-dominated': { ...LATENCY_SEEN, limit: 'number' },
  'latency-timer-jitter': { ...LATENCY_SEEN, jitterNs: 'number' },
  'latency-timer-small': LATENCY_SEEN,
  'latency-zero': { share: 'number' },
  'latency-thin-tail': { labels: 'string[]', calls: 'number[]', of: 'number' },
  'latency-gc': { collections: 'number' },
  'latency-budget': COUNT,
  'different-checksums': {},
  'assumption-broken': { problem: 'string' },
  'too-few-processes': { need: 'number', base: 'number', contender: 'number' },
  'ratio-undefined': {},
  'ci-includes-one': { confidence: 'number|null', pValue: 'number|null', wide: 'boolean?', threshold: 'number?' },
  'within-noise': { change: 'number', threshold: 'number' },
  'cannot-tell': {
    confidence: 'number|null',
    ciLow: 'number',
    ciHigh: 'number',
    threshold: 'number',
    includesOne: 'boolean',
    needed: 'number|null',
    unit: 'string?',
  },
  'rank-test-unsure': { verdict: 'string', pValue: 'number|null' },
  'side-failed': { ...SIDE, kind: 'string', message: 'string' },
  'side-unmeasured': { ...SIDE, message: 'string|null' },
  'side-contaminated': { ...SIDE, flags: 'string[]' },
  'cannot-estimate': MESSAGE,
  'environment-differs': ENVIRONMENT,
  'no-common-count': {},
  'too-few-counts': {},
  'sample-advice': {
    ...SIDE,
    halfWidth: 'number',
    target: 'number',
    processes: 'number|null',
    batches: 'number|null',
    confidence: 'number',
  },
  'side-outliers': { ...SIDE, mild: 'number', severe: 'number', total: 'number' },
  grubbs: {
    ...SIDE,
    statistic: 'string',
    alpha: 'number',
    g: 'number',
    critical: 'number',
    outlier: 'number|null',
  },
  'side-multimodal': { ...SIDE, ashmanD: 'number', share: 'number' },
  'checksums-differ': { base: 'string', contender: 'string' },
  'checksums-unstable': { sides: 'string[]' },
  detectable: { minimumDetectable: 'number' },
  'odd-process-compared': { ...SIDE, process: 'number', factor: 'number', spread: 'number', of: 'number' },
  'odd-process-kept': { ...SIDE, process: 'number', factor: 'number' },
  'not-after-adjustment': { verdict: 'string', pValue: 'number', family: 'number', alpha: 'number', inRun: 'boolean?' },
  'machine-changed': { yardstick: 'string', factor: 'number', verdict: 'string', sameRun: 'boolean?' },
  'run-drifted': {
    ...SIDE,
    planned: 'number',
    added: 'number',
    plannedMean: 'number',
    addedMean: 'number',
    pValue: 'number',
    verdict: 'string',
  },
  'environment-allowed': ENVIRONMENT,
  'instruction-counts': { event: 'string', base: 'number', contender: 'number' },
  'batches-capped': { kernel: 'string', iterations: 'number', bytesPerInput: 'number', maxBytes: 'number' },
  'memory-unavailable': { node: 'string' },
  'rusage-unavailable': {},
  'sched-unreadable': {},
  'gc-unobservable': MESSAGE,
  'pin-failed': { cpus: 'number[]', message: 'string' },
  'fifo-unconfirmed': {},
  'fifo-refused': MESSAGE,
  'mlock-failed': MESSAGE,
  'no-counter-event': {},
  'counters-unavailable': MESSAGE,
  'simulation-unsupported': { reason: 'string|null' },
  'not-under-valgrind': {},
  'per-call-timing': { overheadNs: 'number', jitterNs: 'number', processes: 'number' },
};

// JSON writes NaN and ±Infinity as null, so every number field admits null in a file.
const NUMBER = { type: ['number', 'null'] } as const;
const FIELD_SCHEMA: Record<FieldKind, object> = {
  number: NUMBER,
  'number|null': NUMBER,
  string: { type: 'string' },
  'string|null': { type: ['string', 'null'] },
  boolean: { type: 'boolean' },
  'number[]': { type: 'array', items: NUMBER },
  '(number|null)[]': { type: 'array', items: NUMBER },
  'string[]': { type: 'array', items: { type: 'string' } },
  'string[]|null': { type: ['array', 'null'], items: { type: 'string' } },
};

/** A code's fields: name, kind, whether optional. */
const fields = (code: DetailCode): [string, FieldKind, boolean][] =>
  Object.entries(DETAIL_FIELDS[code] as Record<string, string>).map(([k, kind]) => [
    k,
    kind.replace(/\?$/, '') as FieldKind,
    kind.endsWith('?'),
  ]);

/**
 * The JSON Schema of a known code's values: the type of every field present. No field is required
 * (a file written before a field existed lacks it; readDetailValues fills what the words need) and
 * unknown fields are allowed (a newer writer adds some), as in ./document-schema.ts.
 */
export function detailValuesSchema(code: DetailCode): object {
  return {
    type: 'object',
    properties: Object.fromEntries(fields(code).map(([k, kind]) => [k, FIELD_SCHEMA[kind]])),
  };
}

/** Whether this build knows the code (a newer file may carry others). */
export const isDetailCode = (code: string): code is DetailCode => Object.hasOwn(DETAIL_FIELDS, code);

/**
 * A detail read from a file, as its writer held it: a number field that JSON wrote as null (NaN,
 * ±Infinity) or that a file from before the field lacks is NaN again (the words print "NaN", not a
 * figure from a null); a list it lacks is empty; a `number | null` field it lacks is null. A code
 * this build does not know keeps its values as they are. Changes `d` in place.
 */
export function readDetailValues(d: DetailData): void {
  if (!isDetailCode(d.code) || typeof d.values !== 'object' || d.values === null) return;
  const v = d.values as Record<string, unknown>;
  for (const [k, base, optional] of fields(d.code)) {
    if (base === 'number' && (v[k] === null || (!optional && v[k] === undefined))) v[k] = NaN;
    else if (base === 'number|null' && !optional && v[k] === undefined) v[k] = null;
    else if (base === 'number[]' && Array.isArray(v[k])) v[k] = (v[k] as unknown[]).map((x) => x ?? NaN);
    else if (base.endsWith('[]') && !optional && v[k] === undefined) v[k] = [];
  }
}
