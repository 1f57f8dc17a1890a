// The file `run --against --json` writes: the paired outcome (run.ts) inside a versioned
// envelope with the tool, the command, the stopping rule in words and the environment
// (machine facts before and after, the conditions), so `cyclebench report` can render it
// and a reader can tell how the verdicts were reached. Its JSON Schema: document-schema.ts.
// Version 2 adds `sides`: each side's tree, Node binary, Node and V8 versions and extra flags
// (src/paired/sides.ts), and `current`, this side's name when it is a Node binary or flags.
// Version-1 files are read as they are (neither field is required).
import type { Environment } from '../env/environment.js';
import type { EnvChange, EnvSnapshot } from '../env/diff.js';
import { toolVersion } from '../results/document.js';
import { NO_DIFFERENCE_CONFIDENCE } from './analysis.js';
import { sequentialRule } from './render.js';
import type { PairedOutcome } from './run.js';
import type { PairedSides } from './sides.js';

export const PAIRED_SCHEMA = 'cyclebench-paired/2';
/** The versions this build reads (document-schema.ts). */
export const READABLE_PAIRED_SCHEMAS = ['cyclebench-paired/1', PAIRED_SCHEMA] as const;

export interface PairedRule {
  /** The difference rule: Lan–DeMets alpha spending with the O'Brien–Fleming-type function. */
  difference: 'lan-demets-obrien-fleming';
  /** Confidence of the interval that must lie inside ±threshold to stop for "no difference". */
  noDifferenceConfidence: number;
  /** The rule in one line, as printed under the table. */
  text: string;
}

export interface PairedEnvironment extends Environment {
  conditions: Record<string, unknown>;
  /** Machine facts re-read after the run, and what changed. */
  after: EnvSnapshot;
  changes: EnvChange[];
}

export interface PairedDocument extends PairedOutcome {
  schema: (typeof READABLE_PAIRED_SCHEMAS)[number];
  tool: { name: 'cyclebench'; version: string };
  createdAt: string;
  command: string[];
  rule: PairedRule;
  environment: PairedEnvironment | Record<string, unknown>;
  /** Each side's tree, Node and flags (version 2 on). */
  sides?: PairedSides;
}

export function newPairedDocument(
  outcome: PairedOutcome,
  command: string[],
  environment: PairedDocument['environment'],
  sides?: PairedSides,
): PairedDocument {
  return {
    schema: PAIRED_SCHEMA,
    tool: { name: 'cyclebench', version: toolVersion() },
    createdAt: new Date().toISOString(),
    command,
    rule: {
      difference: 'lan-demets-obrien-fleming',
      noDifferenceConfidence: NO_DIFFERENCE_CONFIDENCE,
      text: sequentialRule(outcome.settings),
    },
    environment,
    ...(sides ? { sides } : {}),
    ...outcome,
  };
}
