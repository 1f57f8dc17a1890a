// Golden-file helper: compares output with test/fixtures/report/<name>; with
// UPDATE_GOLDEN=1 it (re)writes the file instead, so a deliberate change is one command:
//   UPDATE_GOLDEN=1 npx vitest run test/report
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { ComparisonRow } from '../../src/report/comparisons.js';
import { readResultFile } from '../../src/results/read.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/report/', import.meta.url));

export function fixtureDoc() {
  return readResultFile(`${FIXTURE_DIR}results.json`);
}

/** Hand-written verdicts (the shape src/compare's rows are adapted to), so goldens do not depend on src/compare. */
export function fixtureComparisons(): ComparisonRow[] {
  return JSON.parse(readFileSync(`${FIXTURE_DIR}comparisons.json`, 'utf8')) as ComparisonRow[];
}

export const HYPOTHESIS = 'summing a Float64Array is faster than summing a boxed number array with a for loop';

export function expectGolden(name: string, actual: string): void {
  const path = `${FIXTURE_DIR}${name}`;
  if (process.env.UPDATE_GOLDEN === '1') {
    writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path)) throw new Error(`golden ${name} is missing: run UPDATE_GOLDEN=1 npx vitest run test/report`);
  expect(actual, `output differs from ${name} (UPDATE_GOLDEN=1 regenerates it after a deliberate change)`).toBe(
    readFileSync(path, 'utf8'),
  );
}
