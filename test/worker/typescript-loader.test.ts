// Who loads a TypeScript benchmark file (src/worker/typescript.ts): tsx where it is installed,
// Node's own type stripping where tsx is not and Node strips types (22.18+), and the fork result
// says which. Node's stripping end to end, in a project without tsx, is in
// test/pack/pack-install.sh (on Node 24, fetched by .ci/test-nodes.sh).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chooseLoader, STRIPPING_HINT, strippingFailure } from '../../src/worker/typescript.js';
import type { ResultDocument } from '../../src/results/schema.js';
import { spawnCli } from '../helpers/cli-process.js';

const FIX = fileURLToPath(new URL('../fixtures/typescript/', import.meta.url));
const coded = (name: string, code: string) => Object.assign(new Error('x'), { name, code });
const facts = { underTsx: false, tsxInstalled: false, nodeStripsTypes: true };

describe('the TypeScript loader of a benchmark file', () => {
  it('is tsx where tsx is installed, Node where only Node can, and nothing for JavaScript', () => {
    expect(chooseLoader('/a/b.bench.mjs', facts)).toBeNull();
    expect(chooseLoader('/a/b.bench.ts', facts)).toBe('node');
    expect(chooseLoader('/a/b.bench.mts', facts)).toBe('node');
    expect(chooseLoader('/a/b.bench.cts', facts)).toBe('node');
    expect(chooseLoader('/a/b.bench.tsx', facts)).toBe('tsx'); // Node does not load .tsx
    expect(chooseLoader('/a/b.bench.ts', { ...facts, tsxInstalled: true })).toBe('tsx');
    expect(chooseLoader('/a/b.bench.ts', { ...facts, nodeStripsTypes: false })).toBe('tsx'); // Node 20
    expect(chooseLoader('/a/b.bench.ts', { ...facts, underTsx: true })).toBe('tsx');
  });

  it('adds what to install only to errors tsx may not have', () => {
    for (const code of ['ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX', 'ERR_MODULE_NOT_FOUND', 'ERR_UNKNOWN_FILE_EXTENSION'])
      expect(strippingFailure(coded('Error', code))).toBe(true);
    // Decorators: V8's parser, no code.
    expect(strippingFailure(new SyntaxError('Invalid or unexpected token'))).toBe(true);
    expect(strippingFailure(new TypeError('x is not a function'))).toBe(false);
    expect(strippingFailure(coded('Error', 'ERR_INVALID_ARG_TYPE'))).toBe(false);
    expect(strippingFailure('a string')).toBe(false);
    expect(STRIPPING_HINT).toContain('npm install --save-dev tsx');
  });

  it('a run of an erasable file and an enum, tsx installed: tsx loads both, and each fork says so', async () => {
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
    expect(loaders).toEqual({ erasable: ['tsx'], enum: ['tsx'] });
  });
});
