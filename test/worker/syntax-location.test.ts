// The position of a syntax error in a bench file, as Node and esbuild report it, turned into the
// file's real 1-based line:column. The SyntaxError messages come from a real `import()` in a
// plain Node child (vitest's own loader would give its own message).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntaxErrorLocation, transformErrorText } from '../../src/worker/syntax-location.js';

/** The message of the SyntaxError that importing FILE rejects with in a plain Node process. */
function importMessage(file: string): string {
  const code = `import(${JSON.stringify(file)}).then(() => process.stdout.write('loaded'), (e) => process.stdout.write(e.name + ': ' + e.message))`;
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', timeout: 60_000 });
  expect(r.stdout).toMatch(/^SyntaxError: /);
  return r.stdout.slice('SyntaxError: '.length);
}

/** A directory with no package.json above it that says "type", so a .js file there is ambiguous. */
const dir = mkdtempSync(join(tmpdir(), 'cb-syntax-'));
function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('syntaxErrorLocation', () => {
  it('an .mjs file: the line and column of the error, not 1:1', () => {
    const f = write('a.bench.mjs', 'import { x } from "y";\n\nconst z = ;\n');
    expect(syntaxErrorLocation(f, importMessage(f))).toBe(`${f}:3:11`);
  });

  it('an ambiguous .js file with import statements (node --check FILE says nothing there)', () => {
    const f = write('b.bench.js', 'import { x } from "y";\nlet y = 1; y +== 2;\n');
    expect(syntaxErrorLocation(f, importMessage(f))).toBe(`${f}:2:16`);
  });

  it('a CommonJS .js file whose top-level return makes it fail as a module', () => {
    const f = write('c.bench.js', 'const x = require("y");\nreturn;\n\tlet y = 1; y +== 2;\n');
    expect(syntaxErrorLocation(f, importMessage(f))).toBe(`${f}:3:17`);
  });

  it('a .cjs file', () => {
    const f = write('d.bench.cjs', 'module.exports = {\n  a: 1,,\n};\n');
    expect(syntaxErrorLocation(f, importMessage(f))).toBe(`${f}:2:8`);
  });

  it('no position rather than a wrong one when the file itself parses (the error is elsewhere)', () => {
    const f = write('e.bench.mjs', 'export const ok = 1;\n');
    expect(syntaxErrorLocation(f, "Unexpected token '='")).toBeNull();
  });

  it('no position for a file that is not JavaScript', () => {
    expect(syntaxErrorLocation(write('f.bench.ts', 'const = 1;\n'), "Unexpected token '='")).toBeNull();
  });
});

describe('transformErrorText (esbuild through tsx)', () => {
  it('turns the 0-based byte column into the 1-based character column', () => {
    const f = write('g.bench.ts', 'const s = "ééé"; x +== 2;\n');
    // esbuild's own report for this file: column 24 counted in bytes from 0.
    const msg = `Transform failed with 1 error:\n${f}:1:24: ERROR: Unexpected "="`;
    expect(transformErrorText(msg)).toBe(`Unexpected "=" at ${f}:1:22`);
  });

  it('says how many more errors there are', () => {
    const f = write('h.bench.ts', 'a +== 1;\nb +== 2;\n');
    const msg = `Transform failed with 2 errors:\n${f}:1:3: ERROR: Unexpected "="\n${f}:2:3: ERROR: Unexpected "="`;
    expect(transformErrorText(msg)).toBe(`Unexpected "=" at ${f}:1:4 (and 1 more)`);
  });

  it('leaves other messages alone', () => {
    expect(transformErrorText('Cannot find module x')).toBeNull();
  });
});
