// The run options' defaults, filled by one function for `cyclebench run` and runFiles():
// the CLI's parser and the library get the same counts, time limit and threshold.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRunDefaults } from '../../src/api/run-defaults.js';
import { parseRunArgs } from '../../src/cli/commands/run.js';
import type { Io } from '../../src/cli/io.js';
import { INSTRUCTIONS_THRESHOLD } from '../../src/compare/instructions.js';
import {
  DEFAULT_CONFIDENCE,
  DEFAULT_FORKS,
  DEFAULT_NOISE_THRESHOLD,
  DEFAULT_TIMEOUT_MS,
  SIMULATED_FORKS,
  SIMULATED_TIMEOUT_MS,
} from '../../src/defaults.js';

const io: Io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() };
const FILE = join(__dirname, '../fixtures/cli/good.bench.ts');

const picked = (o: { forks: number; maxForks?: number; timeoutMs: number; threshold?: number }) => ({
  forks: o.forks,
  maxForks: o.maxForks,
  timeoutMs: o.timeoutMs,
  threshold: o.threshold,
});

describe('withRunDefaults', () => {
  it('fills what is left out; a default process count may double when they disagree, a given one is kept', () => {
    expect(picked(withRunDefaults({}))).toEqual({
      forks: DEFAULT_FORKS,
      maxForks: 2 * DEFAULT_FORKS,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      threshold: DEFAULT_NOISE_THRESHOLD,
    });
    expect(withRunDefaults({}).confidence).toBe(DEFAULT_CONFIDENCE);
    expect(picked(withRunDefaults({ forks: 5, confidence: undefined }))).toMatchObject({ forks: 5, maxForks: 5 });
    expect(withRunDefaults({ forks: 5, confidence: undefined }).confidence).toBe(DEFAULT_CONFIDENCE);
    expect(withRunDefaults({ forks: 3, maxForks: 8 }).maxForks).toBe(8);
    // A maximum below the count is kept as given, for the library's range check to refuse.
    expect(withRunDefaults({ forks: 3, maxForks: 2 }).maxForks).toBe(2);
  });

  it('under simulate: fewer processes, none added, a longer time limit, the instructions threshold', () => {
    expect(picked(withRunDefaults({ simulate: true }))).toEqual({
      forks: SIMULATED_FORKS,
      maxForks: SIMULATED_FORKS,
      timeoutMs: SIMULATED_TIMEOUT_MS,
      threshold: INSTRUCTIONS_THRESHOLD,
    });
    expect(picked(withRunDefaults({ simulate: true, forks: 4, timeoutMs: 1000, threshold: 0.05 }))).toEqual({
      forks: 4,
      maxForks: 4,
      timeoutMs: 1000,
      threshold: 0.05,
    });
  });

  it('the CLI parser fills them the same way', () => {
    const cases: [string[], Parameters<typeof withRunDefaults>[0]][] = [
      [[], {}],
      [['--forks', '5'], { forks: 5 }],
      [['--max-forks', '9'], { maxForks: 9 }],
      [['--timeout', '7', '--threshold', '0.03'], { timeoutMs: 7000, threshold: 0.03 }],
      [['--counters', 'simulate'], { simulate: true }],
      [['--counters', 'simulate', '--forks', '4'], { simulate: true, forks: 4 }],
    ];
    for (const [args, asked] of cases)
      expect(picked(parseRunArgs([FILE, ...args], io)), args.join(' ')).toEqual(picked(withRunDefaults(asked)));
  });
});
