// The checks every input file passes before use (src/results/input-file.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  InputFileError,
  jsonDepthProblem,
  MAX_JSON_DEPTH,
  parseFiniteJson,
  readInputText,
  valueProblem,
} from '../../src/results/input-file.js';

describe('jsonDepthProblem', () => {
  it('counts brackets outside strings only, escapes included', () => {
    const inString = JSON.stringify({ s: '['.repeat(1000) + '\\"[[[' + '{'.repeat(1000) });
    expect(jsonDepthProblem(inString)).toBeNull();
    expect(jsonDepthProblem('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonDepthProblem('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toMatch(/deeper than 64/);
  });
});

describe('valueProblem (values handed to the library)', () => {
  it('a 200,000-deep array is measured without recursion', () => {
    let v: unknown = 1;
    for (let i = 0; i < 200_000; i++) v = [v];
    expect(valueProblem(v)).toMatch(/nests deeper than 64 levels$/);
  });
  it('names a non-finite number by its path', () => {
    expect(valueProblem({ benchmarks: [{ headline: { point: Infinity } }] })).toBe(
      'benchmarks[0].headline.point is Infinity (not a finite number)',
    );
    expect(valueProblem({ a: [1, 2, { b: 'x' }], n: null })).toBeNull();
  });
});

describe('parseFiniteJson and readInputText', () => {
  it('1e999 is refused, ordinary JSON parsed', () => {
    expect(() => parseFiniteJson('{"x": 1e999}')).toThrow('x is Infinity (not a finite number)');
    expect(parseFiniteJson('{"x": [1, "a"]}')).toEqual({ x: [1, 'a'] });
  });
  it('a FIFO with no writer is refused at once, a regular file read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-input-'));
    expect(spawnSync('mkfifo', [join(dir, 'f')]).status).toBe(0);
    expect(() => readInputText(join(dir, 'f'))).toThrow(InputFileError);
    expect(() => readInputText(join(dir, 'f'))).toThrow('is a FIFO; only a regular file is read');
    writeFileSync(join(dir, 'r.json'), '{}');
    expect(readInputText(join(dir, 'r.json'))).toBe('{}');
    expect(() => readInputText(join(dir, 'missing'))).toThrow('no such file');
  });
});
