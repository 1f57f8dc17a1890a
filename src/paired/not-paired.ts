// Options of a single run that a paired run has no use for: it measures time per process pair,
// with no other statistic, report file, baseline or simulation. The CLI refuses their flags
// (src/cli/commands/run.ts, kebab-case) and runFilesAgainst() their library options.
export const NOT_PAIRED = [
  'aa',
  'forks',
  'maxForks',
  'saveBaseline',
  'baseline',
  'csv',
  'html',
  'latency',
  'distributions',
  'complexity',
  'report',
  'hypothesis',
  'memory',
  'simulate',
  'nodeBench',
] as const;

/** The command-line flag of a library option name: maxForks → max-forks. */
export const flagName = (option: string): string => option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
