// `cyclebench <command> …` → exit code. Each command lives in its own module under
// commands/ and is loaded on demand, so `cyclebench env` never pays for the engine.
import { toolVersion } from '../results/document.js';
import { platformEnvProblem } from '../api/command-common.js';
import { type Command, EXIT_USAGE, type Io, processIo, usageLine } from './io.js';

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  run: {
    summary: 'measure benchmark files in fresh processes',
    load: async () => (await import('./commands/run.js')).runCommand,
  },
  compare: {
    summary: 'compare two result files: faster / slower / no difference / incomparable',
    load: async () => (await import('./commands/compare.js')).compareCommand,
  },
  report: {
    summary: 'print the reviewer-ready report of a result file',
    load: async () => (await import('./commands/report.js')).reportCommand,
  },
  stat: {
    summary: 'perf-stat-style repeated runs of a whole command',
    load: async () => (await import('./commands/stat.js')).statCommand,
  },
  env: {
    summary: 'what this machine will do to your numbers, and how to fix it',
    load: async () => (await import('./commands/env.js')).envCommand,
  },
  system: {
    summary: 'show / tune / reset CPU frequency settings (root)',
    load: async () => (await import('./commands/system.js')).systemCommand,
  },
  audit: {
    summary: "measure this machine's noise floor under each mitigation",
    load: async () => (await import('./commands/audit.js')).auditCommand,
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return (
    `Usage: cyclebench <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun ` +
    `'cyclebench <command> --help' for the options of a command.\n`
  );
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(usage());
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${toolVersion()}\n`);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    io.stderr.write(usageLine('', `unknown command '${name}'`));
    return EXIT_USAGE;
  }
  const problem = platformEnvProblem();
  if (problem) {
    io.stderr.write(`cyclebench: ${problem}\n`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  return command(rest, io);
}
