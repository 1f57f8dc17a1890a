// The simulated counters and how they are made from callgrind's event columns (valgrind's
// callgrind manual: Ir = instructions executed; with --cache-sim=yes I1mr/D1mr/D1mw = first-level
// instruction/data read/write misses and ILmr/DLmr/DLmw = last-level misses; with --branch-sim=yes
// Bc/Bcm = conditional branches executed/mispredicted and Bi/Bim = indirect ones).
import type { SimulatedEventName } from '../platform/types.js';

export interface SimulatedEventSpec {
  name: SimulatedEventName;
  /** Callgrind events summed into this counter. */
  sources: readonly string[];
  /** Needs --cache-sim=yes ('cache') or --branch-sim=yes ('branch'); null: always there. */
  needs: 'cache' | 'branch' | null;
}

export const SIMULATED_EVENTS: readonly SimulatedEventSpec[] = [
  { name: 'sim-instructions', sources: ['Ir'], needs: null },
  { name: 'sim-I1-misses', sources: ['I1mr'], needs: 'cache' },
  { name: 'sim-D1-misses', sources: ['D1mr', 'D1mw'], needs: 'cache' },
  { name: 'sim-LL-misses', sources: ['ILmr', 'DLmr', 'DLmw'], needs: 'cache' },
  { name: 'sim-branches', sources: ['Bc', 'Bi'], needs: 'branch' },
  { name: 'sim-branch-mispredicts', sources: ['Bcm', 'Bim'], needs: 'branch' },
];

export interface SimulationChoice {
  /** --cache-sim=yes: I1, D1 and LL misses. */
  cache: boolean;
  /** --branch-sim=yes: conditional and indirect branch mispredictions. */
  branch: boolean;
}

export function simulatedEvents(choice: SimulationChoice): SimulatedEventSpec[] {
  return SIMULATED_EVENTS.filter((e) => e.needs === null || choice[e.needs]);
}

/** One counter's value in a dump: the sum of its source columns (a column absent from the dump is 0). */
export function eventValue(spec: SimulatedEventSpec, events: readonly string[], totals: readonly number[]): number {
  let sum = 0;
  for (const s of spec.sources) {
    const i = events.indexOf(s);
    if (i >= 0) sum += totals[i] ?? 0;
  }
  return sum;
}

/**
 * The simulated caches, the same on every machine so counts compare across runners (callgrind
 * would otherwise copy the host's, and a VM may report odd ones: this one's L3 was read as 384 MiB,
 * direct-mapped). Size, associativity, line size in bytes: 32 KiB 8-way L1s and an 8 MiB 16-way LL.
 */
export const CACHE_GEOMETRY = ['--I1=32768,8,64', '--D1=32768,8,64', '--LL=8388608,16,64'];

/**
 * Valgrind's gdbserver off: it makes three FIFOs in the temporary directory for every process
 * (vgdb-pipe-*), which a killed run leaves there; no debugger is ever attached to a worker.
 */
export const NO_GDBSERVER = '--vgdb=no';

/**
 * The valgrind arguments for a worker: no instrumentation until the worker starts it after loading
 * (start-up under callgrind took 141 s instrumented, 16 s not, load 12: docs/measurements.md), and
 * counting off until the addon switches it on around a batch.
 */
export function callgrindArgs(outFile: string, choice: SimulationChoice): string[] {
  return [
    ...(choice.cache ? CACHE_GEOMETRY : []),
    '--tool=callgrind',
    '--instr-atstart=no',
    '--collect-atstart=no',
    '--dump-instr=no',
    '--dump-line=no',
    `--cache-sim=${choice.cache ? 'yes' : 'no'}`,
    `--branch-sim=${choice.branch ? 'yes' : 'no'}`,
    `--callgrind-out-file=${outFile}`,
    NO_GDBSERVER,
    '-q',
  ];
}
