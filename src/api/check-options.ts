// The library's options checked at its boundary, as the CLI's parser checks its flags
// (src/cli/args.ts): an unknown name (a misspelling, or a CLI flag such as `time` that the
// library spells `timeBudgetNs`) or a value outside its set is one RangeError naming it, before
// anything is measured. Counts and times go through checkRunLimits (orchestrator/limits.ts) in
// runFiles; the ones below are those it does not cover.

/** The option names a function takes, as an object whose keys a `satisfies KnownOptions<T>` keeps equal to T's. */
export type KnownOptions<T> = Record<keyof T, true>;

const STATISTICS = ['slope', 'min', 'median', 'mean', 'auto'];
const ONE_OF: Record<string, readonly string[]> = {
  statistic: STATISTICS,
  detail: ['summary', 'verbose', 'quiet'],
  aslr: ['inherit', 'off', 'randomize'],
  pin: ['process', 'thread'],
};
const BOOLEANS = [
  'print',
  'failOnRegression',
  'failOnCannotTell',
  'progress',
  'counters',
  'mlock',
  'fifo',
  'prestart',
  'aa',
  'latency',
  'memory',
  'v8Status',
  'distributions',
  'complexity',
  'report',
  'shell',
  'noAslr',
  'excludeKernel',
  'showOutput',
];
/** Positive finite numbers (times in ns, counts checked as whole numbers). */
const POSITIVE = [
  'timeBudgetNs',
  'largestBatchNs',
  'warmupBudgetNs',
  'warmupMinNs',
  'warmupCollectingMinNs',
  'targetLargestBatchNs',
  'allocatingLargestBatchNs',
  'columns',
];
const WHOLE = ['minRounds', 'maxRounds', 'batchesPerRound', 'latencyMaxCalls', 'seed'];
const FRACTIONS = ['targetCi', 'confidence'];

/** Throws a RangeError naming the first unknown or out-of-range option of WHO. */
export function checkOptions(who: string, options: object, known: Record<string, true>): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`${who}: pass an options object, got ${describe(options)}`);
  const bad = (what: string, v: unknown) => new RangeError(`${who}: ${what}, got ${describe(v)}`);
  // The files to run: a required option wherever it is known.
  const files = (options as { files?: unknown }).files;
  if (
    Object.hasOwn(known, 'files') &&
    !(
      typeof files === 'string' ||
      (Array.isArray(files) && files.length > 0 && files.every((f) => typeof f === 'string'))
    )
  )
    throw new TypeError(`${who}: files must be a file or folder name, or a list of them, got ${describe(files)}`);
  for (const [key, v] of Object.entries(options)) {
    if (!Object.hasOwn(known, key))
      throw new RangeError(`${who}: unknown option '${key}' (options: ${Object.keys(known).join(', ')})`);
    if (v === undefined) continue;
    const allowed = ONE_OF[key];
    if (allowed && !allowed.includes(v as string)) throw bad(`${key} must be one of ${allowed.join(', ')}`, v);
    if (BOOLEANS.includes(key) && typeof v !== 'boolean') throw bad(`${key} must be true or false`, v);
    if (POSITIVE.includes(key) && !(typeof v === 'number' && v > 0 && Number.isFinite(v)))
      throw bad(`${key} must be a positive number`, v);
    if (WHOLE.includes(key) && !(Number.isSafeInteger(v) && (v as number) >= (key === 'seed' ? 0 : 1)))
      throw bad(`${key} must be a whole number ${key === 'seed' ? 'from 0' : 'from 1'}`, v);
    if (FRACTIONS.includes(key) && !(typeof v === 'number' && v > 0 && v < 1))
      throw bad(
        `${key} must be ${key === 'confidence' ? 'between 0 and 1 (e.g. 0.95)' : 'a fraction between 0 and 1'}`,
        v,
      );
    // Above 0, as on the command line: at 0 no interval could say 'no difference'.
    if (key === 'threshold' && !(typeof v === 'number' && v > 0 && v < 1))
      throw bad('threshold must be a fraction above 0 and below 1', v);
    if (key === 'cpu' && !validCpu(v))
      throw bad("cpu must be a list of CPU numbers, 'idlest', 'highest', false or null", v);
    if (key === 'filter' && !(typeof v === 'string' || v instanceof RegExp))
      throw bad('filter must be a string or a RegExp', v);
    // The command line's range for --max-pairs: the looks of a paired run are at 4, 6, … pairs.
    if (key === 'maxPairs' && !(Number.isSafeInteger(v) && (v as number) >= 2 && (v as number) <= 1000))
      throw bad('maxPairs must be a whole number from 2 to 1000', v);
    // stat: the smallest ratio change reported as a difference; 0 reports every change.
    if (key === 'noiseThreshold' && !(typeof v === 'number' && v >= 0 && v < 1))
      throw bad('noiseThreshold must be a fraction from 0 to below 1', v);
    if (key === 'configs' && !(Array.isArray(v) && v.every((c) => typeof c === 'string')))
      throw bad('configs must be a list of configuration names', v);
    if (EXPORTS.includes(key) && (v === '-' || v === ''))
      throw bad(`${key} writes a file: name one ('-' is not standard output here)`, v);
  }
  const o = options as { json?: unknown; markdown?: unknown };
  if (o.json === '-' && o.markdown === '-')
    throw new RangeError(
      `${who}: json '-' and markdown '-' both write to standard output: name a file for one of them`,
    );
}

/** The command line's --cpu choices: a CPU list, idlest, highest; false or null (--no-pin, the default). */
function validCpu(v: unknown): boolean {
  if (v === false || v === null || v === 'idlest' || v === 'highest') return true;
  return Array.isArray(v) && v.length > 0 && v.every((c) => Number.isSafeInteger(c) && c >= 0);
}

/**
 * The options whose type the checks above do not cover, for runFiles and runFilesAgainst alike:
 * a TypeError naming the option, before anything runs.
 */
export function checkRunTypes(
  who: string,
  o: {
    profile?: unknown;
    node?: unknown;
    flags?: unknown;
    againstNode?: unknown;
    againstFlags?: unknown;
    hypothesis?: unknown;
  },
): void {
  const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (o.profile !== undefined && !nonEmpty(o.profile))
    throw new TypeError(`${who}: profile must be the name of a directory`);
  for (const key of ['node', 'againstNode'] as const)
    if (o[key] !== undefined && !nonEmpty(o[key]))
      throw new TypeError(`${who}: ${key} must be the path or name of a Node binary`);
  for (const key of ['flags', 'againstFlags'] as const) {
    const f = o[key];
    // An empty list is a side with no extra flags (`againstFlags: []`: the other side as Node starts).
    if (f !== undefined && (!Array.isArray(f) || f.some((x) => !nonEmpty(x))))
      throw new TypeError(`${who}: ${key} must be an array of strings, e.g. ['--max-semi-space-size=16']`);
  }
  if (o.hypothesis !== undefined && !nonEmpty(o.hypothesis))
    throw new TypeError(`${who}: hypothesis must be a sentence`);
}

/** Options that name a file another service reads; they have no standard-output form. */
const EXPORTS = ['bmf', 'githubBenchmark', 'nodeBench'];

/**
 * The benchmark filter as a RegExp that tests each name afresh: a `g` or `y` flag would carry
 * `lastIndex` from one name to the next and skip names that match.
 */
export function benchmarkFilter(filter: RegExp | string | undefined): RegExp | undefined {
  if (filter === undefined) return undefined;
  if (typeof filter === 'string') return new RegExp(filter);
  return /[gy]/.test(filter.flags) ? new RegExp(filter.source, filter.flags.replace(/[gy]/g, '')) : filter;
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
