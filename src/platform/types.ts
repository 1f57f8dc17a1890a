// The platform contract: what the native core (or the pure-JS fallback) offers the
// rest of cyclebench. C++ returns raw readings; every piece of arithmetic (ticks → ns,
// multiplex scaling, per-op normalisation) lives in TypeScript (habit 2).
//
// Every member exists on every platform. A capability that is missing reports
// `{ supported: false, reason }` and its operations throw a PlatformError with
// code 'ENOTSUP'; nothing is ever undefined.

export type PlatformKind = 'native' | 'js';

export interface Capability {
  supported: boolean;
  /** Human reason when unsupported (or a caveat when supported). */
  reason?: string;
}

/** Error thrown by a platform operation: carries errno, syscall and code like Node's system errors. */
export interface PlatformErrorShape extends Error {
  code: string; // 'ENOENT', 'EACCES', 'ENOTSUP', ...
  errno?: number;
  syscall?: string;
}

// ---------------------------------------------------------------- clock

export type ClockSource = 'tsc' | 'cntvct' | 'clock_gettime' | 'hrtime';
export type HzSource = 'cpuid' | 'calibration' | 'cntfrq' | 'nominal';

export interface ClockInfo {
  source: ClockSource;
  /** Ticks per second used for ticks → ns (the calibrated value where one exists). */
  hz: number;
  hzSource: HzSource;
  /** From CPUID 0x15/0x16 (x86) or cntfrq_el0 (aarch64); null when the CPU does not say. */
  reportedHz: number | null;
  /** Calibrated against CLOCK_MONOTONIC_RAW over >= 100 ms; null for sources that need none. */
  calibratedHz: number | null;
  /** Calibration window actually used, in ns. */
  calibrationNs: number | null;
  /** Invariant TSC (CPUID 0x80000007 EDX[8]); null when not applicable. */
  invariant: boolean | null;
  /** /sys/devices/system/clocksource/clocksource0/current_clocksource, when readable. */
  clocksource: string | null;
  /** CPUID.1 ECX[31] hypervisor bit (x86 only), null elsewhere. */
  hypervisor: boolean | null;
  /** True when ticks are CPU cycles at a constant rate (TSC); false for cntvct/ns clocks. */
  ticksAreCycles: boolean;
  /** Smallest non-zero back-to-back difference of start/end reads, in ticks. */
  resolutionTicks: number;
  /** Whether the end read reports the CPU (rdtscp aux or getcpu). */
  reportsCpu: boolean;
}

/**
 * Hot-path clock. `bind(buf)` registers a Float64Array of length >= 4 once; then
 * `start()` writes buf[0] = ticks, buf[1] = cpu, and `end()` writes buf[2] = ticks,
 * buf[3] = cpu. Ticks are relative to the moment of `bind`, so they stay exact in a
 * double for weeks; cpu is -1 when unknown. No allocation per read.
 */
export interface Clock {
  info(): ClockInfo;
  bind(buf: Float64Array): void;
  start(): void;
  end(): void;
  /** Convenience (not for hot paths): current ticks since bind-independent base, as a number. */
  now(): number;
}

// ---------------------------------------------------------------- counters

/** The hardware perf events read (PERF_COUNT_HW_*; counters-math.ts EVENT_TABLE). */
export const HARDWARE_EVENTS = [
  'cycles',
  'instructions',
  'cache-references',
  'cache-misses',
  'branches',
  'branch-misses',
] as const;
/** The software perf events read (PERF_COUNT_SW_*). */
export const SOFTWARE_EVENTS = ['task-clock', 'page-faults', 'context-switches', 'cpu-migrations'] as const;
/** Every perf event read, hardware first: the order of `env`, the CSV columns and the counters opened. */
export const COUNTER_EVENTS = [...HARDWARE_EVENTS, ...SOFTWARE_EVENTS] as const;

export type CounterEventName = (typeof COUNTER_EVENTS)[number];

/** Counters simulated by Valgrind's callgrind (src/simulation/events.ts), not read from a PMU. */
export const SIMULATED_EVENT_NAMES = [
  'sim-instructions',
  'sim-I1-misses',
  'sim-D1-misses',
  'sim-LL-misses',
  'sim-branches',
  'sim-branch-mispredicts',
] as const;
export type SimulatedEventName = (typeof SIMULATED_EVENT_NAMES)[number];

/** Any per-batch counter a batch can carry: perf events or simulated ones. */
export type CounterName = CounterEventName | SimulatedEventName;

export interface CounterEventAvailability {
  name: CounterEventName;
  kind: 'hardware' | 'software';
  available: boolean;
  /** errno code when the open failed, e.g. 'ENOENT'. */
  code?: string;
  errno?: number;
  /** Human reason: "no PMU (virtual machine without a virtual PMU)", "perf_event_paranoid=3", ... */
  reason?: string;
}

export interface CounterGroupOptions {
  /** Defaults: exclude kernel when unprivileged and perf_event_paranoid >= 2. */
  excludeKernel?: boolean;
  /** Target pid/tid; 0 (default) = the calling thread. */
  pid?: number;
}

/**
 * A set of perf_event_open groups (cycles+instructions together; cache events, branch
 * events and software events in groups of their own). Raw readings only.
 */
export interface CounterSet {
  readonly events: CounterEventAvailability[];
  /** Events that opened, in the order their values appear in a reading. */
  readonly active: CounterName[];
  readonly excludeKernel: boolean;
  enable(): void;
  disable(): void;
  reset(): void;
  /**
   * Read all groups into `out` (length >= 3 * active.length):
   * for active event i: out[3i] = raw value, out[3i+1] = time_enabled (ns), out[3i+2] = time_running (ns).
   * Values are cumulative since open/reset; scaling is done by src/platform/counters-math.ts.
   */
  read(out: Float64Array): void;
  close(): void;
}

export interface Counters {
  capability(): Capability;
  /** Probe every event once (opening and closing it) and report availability. */
  probe(options?: CounterGroupOptions): CounterEventAvailability[];
  open(events: CounterEventName[], options?: CounterGroupOptions): CounterSet;
}

// ---------------------------------------------------------------- scheduling

export interface ThreadRusage {
  userNs: number;
  systemNs: number;
  minorFaults: number;
  majorFaults: number;
  voluntarySwitches: number;
  involuntarySwitches: number;
}

export type SchedPolicy = 'other' | 'fifo' | 'rr' | 'batch' | 'idle' | 'deadline' | 'unknown';

export interface Scheduling {
  capability(): Capability;
  /** Allowed CPUs of a thread (tid 0 = calling thread). */
  getAffinity(tid?: number): number[];
  setAffinity(cpus: number[], tid?: number): void;
  /** Current CPU of the calling thread, -1 when unknown. */
  currentCpu(): number;
  /** Kernel thread id of the calling thread. */
  threadId(): number;
  /** getrusage(RUSAGE_THREAD) of the calling thread. */
  threadRusage(): ThreadRusage;
  /**
   * SCHED_FIFO | SCHED_RESET_ON_FORK for the calling thread; throws with errno (EPERM
   * unprivileged). `rtLimitUs` > 0 first sets RLIMIT_RTTIME, the kernel's watchdog for
   * real-time threads: SIGXCPU after that much CPU without blocking, SIGKILL a little later.
   */
  setFifo(priority: number, rtLimitUs?: number): void;
  /** The calling thread's scheduling policy: 'other', 'fifo', 'rr', 'batch', 'idle', 'deadline'. */
  policy(): SchedPolicy;
}

// ---------------------------------------------------------------- memory & layout

export interface Memory {
  capability(): Capability;
  /** mlockall(MCL_CURRENT|MCL_ONFAULT); throws with errno (ENOMEM/EPERM). Registers munlockall at exit. */
  lockAll(): void;
  unlockAll(): void;
  /** Whether lockAll() is currently in force in this process. */
  locked(): boolean;
}

export interface Layout {
  capability(): Capability;
  /** personality(0xffffffff). */
  getPersonality(): number;
  /** personality(value); returns the previous persona; throws with errno (EPERM under seccomp). */
  setPersonality(value: number): number;
  /** ADDR_NO_RANDOMIZE bit. */
  readonly ADDR_NO_RANDOMIZE: number;
}

// ---------------------------------------------------------------- child counting

export interface ChildRunOptions {
  /** argv[0] is looked up in PATH (execvp semantics); no shell. */
  argv: string[];
  events: CounterEventName[];
  excludeKernel?: boolean;
  env?: Record<string, string>;
  cwd?: string;
  /** CPUs to pin the child to before exec. */
  cpus?: number[];
  /** Set ADDR_NO_RANDOMIZE in the child before exec. */
  noAslr?: boolean;
  /** Kill (SIGKILL) after this many ms; 0 = no limit. */
  timeoutMs?: number;
  /** 'inherit' passes the parent's stdio; 'ignore' connects /dev/null. */
  stdio?: 'inherit' | 'ignore';
  /** Receives the child's pid as soon as it is forked (for Ctrl-C handling). */
  onPid?: (pid: number) => void;
}

export interface ChildRunResult {
  pid: number;
  /** Exit code, or null when killed by a signal. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /**
   * exec failed in the child (e.g. ENOENT: command not found). `syscall` names the step
   * that failed ('execve', 'chdir', 'sched_setaffinity', 'personality', ...) when known.
   */
  execError?: { code: string; errno: number; syscall?: string };
  wallNs: number;
  rusage: {
    userNs: number;
    systemNs: number;
    maxRssKb: number;
    minorFaults: number;
    majorFaults: number;
    voluntarySwitches: number;
    involuntarySwitches: number;
  } | null;
  /** Same layout as CounterSet.read(): value, time_enabled, time_running per active event. */
  counters: { events: CounterEventAvailability[]; active: CounterEventName[]; raw: number[] };
}

export interface ChildRunner {
  capability(): Capability;
  run(options: ChildRunOptions): Promise<ChildRunResult>;
  /** Send a signal to a pid (used to stop a child on Ctrl-C or timeout). */
  kill(pid: number, signal: string): void;
}

// ---------------------------------------------------------------- Valgrind client requests

/** Callgrind client requests (native/simulation.cc); no-ops outside Valgrind. */
export interface Simulation {
  /** Supported when the addon was built with the Valgrind headers. */
  capability(): Capability;
  /** 0 natively; the Valgrind nesting depth when this process runs under Valgrind. */
  running(): number;
  /** Flips callgrind's collection state (start it with --collect-atstart=no). */
  toggleCollect(): void;
  zeroStats(): void;
  /** Starts callgrind's instrumentation (workers start with --instr-atstart=no: start-up runs uninstrumented). */
  startInstrumentation(): void;
  /** Writes one callgrind.out file whose "desc: Trigger:" line carries `label`. */
  dumpStats(label: string): void;
}

// ---------------------------------------------------------------- the platform

export interface Platform {
  kind: PlatformKind;
  /** Why the native addon is not in use (load error, CYCLEBENCH_PLATFORM=js, ...). */
  fallbackReason?: string;
  clock: Clock;
  counters: Counters;
  sched: Scheduling;
  memory: Memory;
  layout: Layout;
  child: ChildRunner;
  simulation: Simulation;
}
