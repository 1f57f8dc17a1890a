// The file `run --against --json` writes: the paired outcome (run.ts) inside a versioned
// envelope with the tool, the command, the stopping rule in words and the environment
// (machine facts before and after, the conditions), so `cyclebench report` can render it
// and a reader can tell how the verdicts were reached. Its JSON Schema: document-schema.ts.
import type { Environment } from '../env/environment.js';
import type { EnvChange, EnvSnapshot } from '../env/diff.js';
import { toolVersion } from '../results/document.js';
import { NO_DIFFERENCE_CONFIDENCE } from './analysis.js';
import { sequentialRule } from './render.js';
import type { PairedOutcome } from './run.js';

export const PAIRED_SCHEMA = 'cyclebench-paired/1';

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
  schema: typeof PAIRED_SCHEMA;
  tool: { name: 'cyclebench'; version: string };
  createdAt: string;
  command: string[];
  rule: PairedRule;
  environment: PairedEnvironment | Record<string, unknown>;
}

export function newPairedDocument(
  outcome: PairedOutcome,
  command: string[],
  environment: PairedDocument['environment'],
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
    ...outcome,
  };
}
