// The options of `cyclebench run`, plain and paired (src/cli/options.ts): names, defaults,
// checks and help text in one table.
import { LIMITS } from '../args.js';
import { defineCommand, seedOption } from '../options.js';
import { DEFAULT_NOISE_THRESHOLD, helpPercent } from '../../defaults.js';
import {
  DEFAULT_RUN_OPTIONS as D,
  DEFAULT_PIN_POLICY,
  ALLOCATING_LARGEST_BATCH_NS,
  TARGET_LARGEST_BATCH_NS,
  WARMUP_BUDGET_NS,
  WARMUP_MIN_NS,
  WARMUP_COLLECTING_MIN_NS,
  SIMULATED_TIMEOUT_MS,
  DISAGREE_ABOVE,
  DEFAULT_MAX_PAIRS,
  splitFlags,
} from '../../api/command-run.js';
import { checkBaselineName } from '../../compare/baselines.js';
import { INSTRUCTIONS_THRESHOLD } from '../../compare/instructions.js';
import { type CountersMode, countersMode, cpuChoice, regex, usage } from './run-option-values.js';

/**
 * A side's flags as the user wrote them, checked here so a bad one is a usage error; they are split
 * into words once, where the run resolves its Node (src/paired/sides.ts resolveLaunch), as the
 * library's are: splitting here too turned --flags='--title="two words"' into two flags.
 */
const checkedFlags = (option: string, value: string): string[] => (splitFlags(option, value), [value]);

const M = 'Measurement';
const E = 'Environment';
const C = 'Comparison';
const O = 'Output';

export const RUN_SPEC = defineCommand({
  command: 'run',
  usage: 'cyclebench run <files or folders…> [options]',
  about:
    'Finds *.bench.* and *.cyclebench.* files (ts, mts, cts, js, mjs, cjs) and measures each benchmark in fresh processes.',
  column: 23,
  options: {
    forks: {
      kind: 'integer',
      min: 1,
      max: LIMITS.forks,
      default: D.forks,
      arg: 'N',
      section: M,
      help: 'processes per benchmark, round-robin (default {default})',
    },
    'max-forks': {
      kind: 'integer',
      min: 1,
      max: LIMITS.forks,
      arg: 'N',
      section: M,
      help: `at most N processes per benchmark: planned ones that ran in a slow
state are replaced, and when the planned ones disagree (CI wider
than ±${DISAGREE_ABOVE * 100} %) more are run, as many as that miss asks for,
unless their comparison with the group's baseline is already
answered (default: twice the default --forks; --forks alone keeps
the count exact)`,
    },
    budget: {
      kind: 'number',
      unit: 's',
      max: LIMITS.budgetS,
      arg: 'S',
      section: M,
      help: `the run's wall time, seconds (or 500ms, 90s, 2m), as far as what it adds can keep to it:
the planned processes (with --against, each benchmark's first look)
always run; processes added to replace slow ones or where they
disagree, and pairs after a first look, only while they fit (default: none; --max-forks and
--max-pairs bound them; nothing to cut with --aa, --counters simulate
or --forks alone, which add no process)`,
    },
    time: {
      kind: 'number',
      unit: 's',
      default: D.timeBudgetNs / 1e9,
      arg: 'S',
      section: M,
      help: 'sampling budget per benchmark per process, seconds (default {default})',
    },
    // From 0.01 ms (10 µs, still 100x two clock reads) to 10 s; unset, the engine picks by kernel.
    'batch-ms': {
      kind: 'number',
      unit: 'ms',
      range: [0.01, 10_000, 'ms'],
      arg: 'MS',
      section: M,
      help: `target duration of the largest batch of a round (default ${TARGET_LARGEST_BATCH_NS / 1e6}, or ${ALLOCATING_LARGEST_BATCH_NS / 1e6}
for a kernel that collected garbage during warmup)`,
    },
    // From 1 ms to 60 s; the engine's minimums (100 ms, 400 ms for a collecting kernel) never exceed it.
    'warmup-ms': {
      kind: 'number',
      unit: 'ms',
      range: [1, 60_000, 'ms'],
      arg: 'MS',
      section: M,
      help: `most warm-up time per benchmark per process (default ${WARMUP_BUDGET_NS / 1e6}; a steady kernel
stops from ${WARMUP_MIN_NS / 1e6}, or ${WARMUP_COLLECTING_MIN_NS / 1e6} when it collects garbage)`,
    },
    'target-ci': {
      kind: 'fraction',
      default: D.targetCi,
      arg: 'P',
      section: M,
      help: 'stop sampling at this relative CI half-width (default {default})',
    },
    statistic: {
      kind: 'enum',
      values: ['slope', 'min', 'median', 'mean', 'auto'],
      default: D.statistic,
      arg: 'S',
      section: M,
      help: 'headline: slope | min | median | mean (default {default})',
    },
    confidence: {
      kind: 'number',
      below: 1,
      default: D.confidence,
      arg: 'C',
      section: M,
      help: 'confidence level of intervals (default {default})',
    },
    seed: seedOption('seed of every random choice: batch order, inputs, bootstrap', M),
    filter: {
      kind: 'custom',
      parse: regex,
      arg: 'REGEX',
      section: M,
      help: 'only benchmarks whose "group/name" matches',
    },
    timeout: {
      kind: 'number',
      unit: 's',
      max: LIMITS.timeoutS,
      default: D.timeoutMs / 1000,
      arg: 'S',
      section: M,
      help: `kill a worker after S seconds (default {default}; ${SIMULATED_TIMEOUT_MS / 1000} with
--counters simulate)`,
    },
    counters: {
      kind: 'custom',
      parse: countersMode,
      default: { mode: 'hardware' },
      show: (c: CountersMode) => c.mode,
      arg: 'MODE',
      section: M,
      help: `hardware | simulate | none (default {default}): simulate runs each
worker under Valgrind (callgrind) and reports simulated instructions,
cache misses and branch mispredictions per op instead of time;
default 2 processes (docs/measurements.md: cost).
simulate:instructions counts instructions only (faster);
simulate:cache, simulate:branch pick one simulation`,
    },
    'no-counters': { kind: 'flag', section: M, help: 'same as --counters none' },
    memory: {
      kind: 'flag',
      section: M,
      help: `also measure heap bytes allocated per operation (alloc/op column,
"memory" in the JSON; after the timed batches, never during them)`,
    },
    profile: {
      kind: 'string',
      nonEmpty: true,
      arg: 'DIR',
      section: M,
      help: `one more process per benchmark, never measured, runs it under V8's
sampling profiler: writes DIR/NNN-<name>.cpuprofile (Chrome DevTools,
speedscope) and lists the top self-time functions; with --against,
both sides of each benchmark found slower or faster, and the
functions whose time per op changed most (docs/guide.md)`,
    },
    'no-v8-status': {
      kind: 'flag',
      section: M,
      help: `measured processes do not read V8's tiers and deoptimizations
(read by default: "v8" per process in the JSON; the odd-process,
slow-state and warm-up lines say whether V8 deoptimized the kernel)`,
    },
    latency: {
      kind: 'flag',
      section: M,
      help: `latency mode for every benchmark: after the batches, time each
call on its own and report p50 … p99.99 and max (timer overhead
subtracted); .latency() in a file does it for one benchmark`,
    },
    cpu: {
      kind: 'custom',
      parse: cpuChoice,
      arg: 'LIST|idlest|highest',
      section: E,
      help: `pin workers to these CPUs, or to the allowed CPU idlest at the start
or the highest one (default: an isolated CPU, else the idlest)`,
    },
    'no-pin': { kind: 'flag', section: E, help: 'do not pin' },
    pin: {
      kind: 'enum',
      values: ['process', 'thread'],
      default: DEFAULT_PIN_POLICY,
      arg: 'POLICY',
      section: E,
      help: `process | thread: pin every worker thread, or only the JS thread
with V8/libuv helpers on the other CPUs (default {default})`,
    },
    fifo: {
      kind: 'flag',
      section: E,
      help: `run the measuring thread under SCHED_FIFO (root or CAP_SYS_NICE),
with a kernel watchdog (RLIMIT_RTTIME) at the --timeout`,
    },
    'no-prestart': {
      kind: 'flag',
      section: E,
      help: `start each worker at its turn, not while the one before measures
(by default it starts up on a CPU the measuring worker does not use)`,
    },
    aslr: {
      kind: 'enum',
      values: ['inherit', 'off', 'randomize'],
      default: D.aslr,
      arg: 'MODE',
      section: E,
      help: 'inherit | off | randomize (default {default})',
    },
    mlock: { kind: 'flag', section: E, help: 'lock worker memory (mlockall, needs CAP_IPC_LOCK)' },
    aa: { kind: 'flag', section: C, help: 'A/A check: measure each benchmark twice in interleaved processes' },
    'save-baseline': {
      kind: 'custom',
      parse: usage(checkBaselineName),
      arg: 'NAME',
      section: C,
      help: 'save this run as .cyclebench/baselines/NAME.json',
    },
    baseline: {
      kind: 'custom',
      parse: usage(checkBaselineName),
      arg: 'NAME',
      section: C,
      help: 'compare this run with a saved baseline',
    },
    threshold: {
      kind: 'fraction',
      default: DEFAULT_NOISE_THRESHOLD,
      arg: 'P',
      section: C,
      help: `differences below this are "within noise" (default {default};
${helpPercent(INSTRUCTIONS_THRESHOLD)} of instructions with --counters simulate)`,
    },
    against: {
      kind: 'string',
      nonEmpty: true,
      arg: 'TREE',
      section: C,
      help: `paired run: the same files from another tree (a directory, or a
git ref checked out in a temporary worktree), processes in pairs,
stopping once the verdict is settled (docs/ci.md)`,
    },
    'max-pairs': {
      kind: 'integer',
      min: 2,
      max: 1000,
      default: DEFAULT_MAX_PAIRS,
      arg: 'N',
      section: C,
      help: `with --against: most pairs per benchmark (default {default}; looks at
4, 6, 8, ... pairs below it and at N)`,
    },
    'fail-on-regression': {
      kind: 'flag',
      section: C,
      help: `with --against: exit 1 when a benchmark is slower in this tree;
one that cannot tell passes, with a line saying so`,
    },
    'fail-on-cannot-tell': {
      kind: 'flag',
      section: C,
      help: 'with --against: exit 1 when a benchmark cannot tell, too',
    },
    'against-node': {
      kind: 'string',
      nonEmpty: true,
      arg: 'PATH',
      section: C,
      help: `paired run: the other side runs the same files with this Node
binary (docs/ci.md: across Node versions and V8 flags)`,
    },
    'against-flags': {
      kind: 'custom',
      parse: usage((value) => checkedFlags('--against-flags', value)),
      arg: '=F',
      section: C,
      help: `paired run: the other side's workers get these Node/V8 flags,
e.g. --against-flags=--jitless (several: quoted, space-separated)`,
    },
    node: {
      kind: 'string',
      nonEmpty: true,
      arg: 'PATH',
      section: C,
      help: `the Node binary every worker runs (default: the one running
cyclebench); in a paired run, this side's (--node node22 --against-node node24)`,
    },
    flags: {
      kind: 'custom',
      parse: usage((value) => checkedFlags('--flags', value)),
      arg: '=F',
      section: C,
      help: `extra Node/V8 flags for every worker, recorded and checked by compare
(--flags=--max-semi-space-size=4); in a paired run, this side's`,
    },
    json: {
      kind: 'string',
      arg: 'FILE',
      section: O,
      help: `write the versioned result document (raw batches included); - for stdout
(the tables then go to stderr)`,
    },
    markdown: {
      kind: 'string',
      arg: 'FILE',
      section: O,
      help: 'write a Markdown report (- for standard output, after the table)',
    },
    csv: { kind: 'string', arg: 'FILE', section: O, help: 'write one CSV row per benchmark' },
    html: { kind: 'string', arg: 'FILE', section: O, help: 'write a self-contained HTML report with plots' },
    bmf: {
      kind: 'string',
      arg: 'FILE',
      section: O,
      help: 'write Bencher Metric Format JSON (bencher run --adapter json; docs/ci.md)',
    },
    'github-benchmark': {
      kind: 'string',
      arg: 'FILE',
      section: O,
      help: 'write github-action-benchmark customSmallerIsBetter JSON (docs/ci.md)',
    },
    'node-bench': {
      kind: 'string',
      arg: 'FILE',
      section: O,
      help: "write node:bench's NDJSON: every process's samples (docs/migration.md)",
    },
    distributions: { kind: 'flag', section: O, help: 'print a histogram and a run-order sparkline per benchmark' },
    complexity: { kind: 'flag', section: O, help: 'print each .args()/.range() sweep with its O(1)…O(n³) fit' },
    report: {
      kind: 'flag',
      section: O,
      help: `after the table, print the report a reviewer can check (as
\`cyclebench report\`: question, conditions, method, result, caveats)`,
    },
    hypothesis: {
      kind: 'string',
      nonEmpty: true,
      arg: 'TEXT',
      section: O,
      help: `the question the run answers; recorded in the results and
shown by the report (implies --report)`,
    },
    verbose: {
      kind: 'flag',
      section: O,
      help: `every estimate, warning and note (default: one table that fits the
terminal and one line per benchmark that needs attention)`,
    },
    quiet: { kind: 'flag', section: O, help: 'the table only, no progress line' },
  },
});
