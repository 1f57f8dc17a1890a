// Command-line budgets for a test whose assertions are about what a run prints, writes, refuses or
// leaves behind, not about how precisely it measures: one process, at most 20 ms of warm-up (the
// engine's default is up to 500 ms, which a kernel that never settles spends in full), 50 ms of
// sampling, no pinning (test files run side by side) and no counters (with one process their
// interval is a bootstrap over the batches, about 150 ms of CPU a benchmark after the last process).
export const QUICK_RUN = ['--forks', '1', '--time', '0.05', '--warmup-ms', '20', '--no-pin', '--no-counters'];
