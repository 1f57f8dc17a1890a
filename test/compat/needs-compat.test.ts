// The import mapping is installed only in workers whose benchmark file names a mapped package:
// installing it starts Node's module-hooks thread, which every other worker would pay for.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { needsCompatImports } from '../../src/compat/install.js';

const dir = mkdtempSync(join(tmpdir(), 'cyclebench-compat-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('needsCompatImports', () => {
  it('is true for files that import or require mitata, tinybench or vitest, or a package root by ..', () => {
    expect(needsCompatImports(file('a.mjs', "import { bench, run } from 'mitata';"))).toBe(true);
    expect(needsCompatImports(file('b.cjs', 'const { Bench } = require("tinybench");'))).toBe(true);
    expect(needsCompatImports(file('c.ts', "import { bench, describe } from 'vitest';"))).toBe(true);
    expect(needsCompatImports(file('d.mjs', "import { bench } from '..';"))).toBe(true);
    expect(needsCompatImports(pathToFileURL(file('e.mjs', "import 'mitata';")).href)).toBe(true);
  });

  it("is false for cyclebench's own files and for names that only contain the package names", () => {
    expect(needsCompatImports(file('f.mjs', "import { bench } from 'cyclebench';"))).toBe(false);
    expect(needsCompatImports(file('g.mjs', "import { x } from '../helpers.js'; // like mitata"))).toBe(false);
    expect(needsCompatImports(join(dir, 'missing.mjs'))).toBe(false);
  });
});
