// node:bench NDJSON read for compare and report (src/analysis/node-bench-read.ts): a damaged file
// is refused in one message instead of giving a confident verdict. A sample needs a whole number
// of operations and a finite duration (1e-300 operations read as 1e300× slower; "1e400" ns was
// dropped); a process (fileRunId) recorded twice, as in a file joined to itself, doubled the
// processes a verdict rests on and turned "too few processes" into a verdict.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeBenchDocument } from '../../src/analysis/node-bench-read.js';
import { fixture } from '../helpers/compat.js';

const TEXT = readFileSync(fixture('compat/node-bench/three-runs.ndjson'), 'utf8');
const lines = TEXT.split('\n').filter((l) => l.trim() !== '');
const firstComplete = lines.findIndex((l) => l.includes('"type":"bench:complete"'));

/** The file with its first bench:complete record's first sample changed by `edit`. */
function withSample(edit: (s: Record<string, unknown>) => void): string {
  const out = [...lines];
  const r = JSON.parse(out[firstComplete]!);
  edit(r.data.samples[0]);
  out[firstComplete] = JSON.stringify(r);
  return out.join('\n');
}

describe('damaged node:bench NDJSON', () => {
  it('reads the fixture as it is', () => {
    expect(nodeBenchDocument(TEXT).benchmarks.length).toBeGreaterThan(0);
  });

  it('refuses a sample with a fraction of an operation or a duration that is not finite', () => {
    const whole = /a sample without a whole number of operations and a finite, positive duration_ns/;
    expect(() => nodeBenchDocument(withSample((s) => (s.operations = 1e-300)))).toThrow(whole);
    expect(() => nodeBenchDocument(withSample((s) => (s.duration_ns = '1e400')))).toThrow(whole);
  });

  it('refuses one process recorded twice (the file joined to itself)', () => {
    expect(() => nodeBenchDocument(`${TEXT}\n${TEXT}`)).toThrow(
      /two bench:complete records of one process \(fileRunId /,
    );
  });
});
