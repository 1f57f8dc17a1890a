// JSON report. Contract: { command, runCount, environment, metrics: { name: { unit,
// mean, stddev, stderr, median, min, max, ci95: [lo, hi] } }, runs, failures } per command;
// one command → that object at the top level; A/B → { commands: [...], comparisons }.
// NaN (an undefined CI with n < 2) is written as null; bidi marks and C1 controls as \u escapes
// (src/text/escape.ts).

import { jsonText } from '../text/escape.js';
import type { CommandResult, StatResult } from './types.js';

function commandObject(c: CommandResult, r: StatResult): Record<string, unknown> {
  return {
    command: c.command,
    argv: c.argv,
    runCount: c.runCount,
    warmupCount: c.warmupCount,
    environment: r.environment,
    metrics: c.metrics,
    unsupported: c.unsupported,
    derived: c.derived,
    runs: c.runs,
    failures: c.failures,
    warnings: c.warnings,
  };
}

export function toJsonObject(r: StatResult): Record<string, unknown> {
  const head = { schema: r.schema, platform: r.platform, excludeKernel: r.excludeKernel, interrupted: r.interrupted };
  if (r.commands.length === 1) return { ...head, ...commandObject(r.commands[0], r), notes: r.notes };
  return {
    ...head,
    environment: r.environment,
    commands: r.commands.map((c) => commandObject(c, r)),
    comparisons: r.comparisons,
    notes: r.notes,
  };
}

export function renderJson(r: StatResult): string {
  return jsonText(toJsonObject(r), 2, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)) + '\n';
}
