// Who loads a TypeScript benchmark file (src/worker/typescript.ts): Node's own type stripping
// where it can (Node 22.18+), tsx where it cannot (an enum, .tsx, Node 20), and the fork result
// says which. The run end to end is in the Node 22/24/26 subset of .ci/node-matrix.sh, where
// Node strips types; on Node 20 both files load with tsx.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeStripsTypes, strippingFailure, typeScriptLoader } from '../../src/worker/typescript.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { spawnCli } from '../helpers/cli-process.js';

const FIX = fileURLToPath(new URL('../fixtures/typescript/', import.meta.url));
const coded = (name: string, code: string) => Object.assign(new Error('x'), { name, code });

describe('the TypeScript loader of a benchmark file', () => {
  it('is chosen by extension, the request and whether Node strips types', () => {
    expect(typeScriptLoader('/a/b.bench.mjs')).toBeNull();
    // The test's own module is TypeScript run by vitest, as a worker started from the sources
    // runs under tsx: tsx loads every TypeScript file there.
    expect(typeScriptLoader('/a/b.bench.ts')).toBe('tsx');
    expect(typeScriptLoader('/a/b.bench.ts', 'tsx')).toBe('tsx');
    expect(typeof nodeStripsTypes()).toBe('boolean');
  });

  it('retries with tsx only for what stripping cannot load', () => {
    for (const code of ['ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX', 'ERR_MODULE_NOT_FOUND', 'ERR_UNKNOWN_FILE_EXTENSION'])
      expect(strippingFailure(coded('Error', code))).toBe(true);
    // Decorators: V8's parser, no code.
    expect(strippingFailure(new SyntaxError('Invalid or unexpected token'))).toBe(true);
    expect(strippingFailure(new TypeError('x is not a function'))).toBe(false);
    expect(strippingFailure(coded('Error', 'ERR_INVALID_ARG_TYPE'))).toBe(false);
    expect(strippingFailure('a string')).toBe(false);
  });

  it('a run of an erasable file and an enum: each fork records its loader', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-typescript-'));
    const r = await spawnCli(
      [
        'run',
        join(FIX, 'erasable.bench.ts'),
        join(FIX, 'enum.bench.ts'),
        ...['--forks', '1', '--time', '0.05', '--no-pin', '--no-counters', '--quiet', '--json', 'r.json'],
      ],
      { cwd: dir },
    );
    expect(r.stderr).not.toMatch(/error|failed/i);
    expect(r.status).toBe(0);
    const doc = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as ResultDocument;
    const loaders = Object.fromEntries(doc.benchmarks.map((b) => [b.name, b.forks.map((f) => f.typescript)]));
    expect(loaders).toEqual({ erasable: [nodeStripsTypes() ? 'node' : 'tsx'], enum: ['tsx'] });
  });
});
