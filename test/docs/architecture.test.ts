// docs/architecture.md stays short and names the code as it is: every entry of src/ in its folder
// table and in the layer lists of .dependency-cruiser.cjs (which `npm run deps` enforces), and every
// file it names exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/run-fixture.js';

const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const entries = readdirSync(join(ROOT, 'src'));
const tableRow = (name: string) => new RegExp(`^\\| \`src/${name.replace(/\./g, '\\.')}/?\` \\|`, 'm');

describe('docs/architecture.md', () => {
  it('is at most 150 lines', () => {
    expect(doc.split('\n').length).toBeLessThanOrEqual(150);
  });

  it('has a row in its folder table for every entry of src/', () => {
    const missing = entries.filter((name) => !tableRow(name).test(doc));
    expect(missing).toEqual([]);
  });

  it('draws every folder the dependency rules place, in the picture', () => {
    const picture = doc.slice(doc.indexOf('```'), doc.indexOf('```', doc.indexOf('```') + 3));
    const config = readFileSync(join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    const placed = [...config.matchAll(/^const (?:ENTRY|STACK|DOCUMENT|GROUND) = ([^;]+);/gms)]
      .flatMap((m) => [...m[1].matchAll(/'([^']+)'/g)].map((q) => q[1]))
      .sort();
    expect(placed).toEqual([...entries].sort());
    for (const name of placed)
      expect(picture).toMatch(new RegExp(`(^|\\s)${name.replace(/\./g, '\\.')}/?(\\s|$)`, 'm'));
  });

  it('names only files that exist', () => {
    const named = [...doc.matchAll(/`((?:src|native|test)\/[\w./-]+\.(?:ts|cts|cc))`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});
