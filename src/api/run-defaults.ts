// The defaults of a run's options, filled in one place for `cyclebench run`
// (src/cli/commands/run.ts) and runFiles() (run-files.ts). Under simulate the counts are
// deterministic and the workers slow (src/simulation/launch.ts): fewer processes, a longer time
// limit, the instructions threshold of src/compare/instructions.ts, and no added processes.
import { INSTRUCTIONS_THRESHOLD } from '../compare/instructions.js';
import { DEFAULT_NOISE_THRESHOLD } from '../defaults.js';
import { maxProcesses } from '../analysis/more-processes.js';
import { DEFAULT_RUN_OPTIONS, type RunOptions, SIMULATED_RUN_DEFAULTS } from '../orchestrator/run.js';

/** The options every run has once its defaults are filled. */
export type RunDefaults = Pick<RunOptions, keyof typeof DEFAULT_RUN_OPTIONS> & { maxForks: number; threshold: number };

/** What decides the defaults that depend on other options. */
interface Asked {
  simulate?: unknown;
  forks?: number;
  /** At most this many processes per benchmark (src/analysis/more-processes.ts maxProcesses). */
  maxForks?: number;
  timeoutMs?: number;
  threshold?: number;
}

/** `asked` with every option it left out (or undefined) filled with its default. */
export function withRunDefaults<T extends Asked>(asked: T): Omit<T, keyof RunDefaults> & RunDefaults {
  const given = Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)) as Partial<T>;
  const simulate = Boolean(asked.simulate);
  const filled = { ...DEFAULT_RUN_OPTIONS, ...(simulate ? SIMULATED_RUN_DEFAULTS : {}), ...given };
  return {
    ...filled,
    // A count given explicitly, or a simulated one (its counts do not vary by process), is kept; a
    // maximum given is kept as given, for the caller's check (src/orchestrator/limits.ts).
    maxForks: asked.maxForks ?? maxProcesses(filled.forks, asked.forks !== undefined || simulate),
    threshold: asked.threshold ?? (simulate ? INSTRUCTIONS_THRESHOLD : DEFAULT_NOISE_THRESHOLD),
  } as Omit<T, keyof RunDefaults> & RunDefaults;
}
