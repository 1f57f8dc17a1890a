// The resolve hook alone (no loader thread): which imports it maps, and that it leaves the rest
// (imports from node_modules, other packages, files) to the next resolver unchanged.
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialize, resolve } from '../../src/compat/resolve-hooks.js';
import { fixture } from '../helpers/compat.js';

const targets = { mitata: 'file:///compat/mitata.js', tinybench: 'file:///compat/tinybench.js' };
initialize({ targets, refused: { benchmark: 'refused line' } });
const next = async (specifier: string) => ({ url: `next:${specifier}` });
const at = (path: string) => ({ parentURL: pathToFileURL(path).href });

describe('compat resolve hook', () => {
  it("maps the packages' bare names imported from the user's files, and passes the target on", async () => {
    expect(await resolve('mitata', at('/home/u/app/a.bench.js'), next)).toEqual({ url: `next:${targets.mitata}` });
    expect(await resolve('tinybench', at('/home/u/app/b.bench.ts'), next)).toEqual({
      url: `next:${targets.tinybench}`,
    });
  });

  it('leaves imports from node_modules, other packages and relative files alone', async () => {
    expect(await resolve('mitata', at('/home/u/app/node_modules/lib/index.js'), next)).toEqual({ url: 'next:mitata' });
    expect(await resolve('mitata/src/lib.mjs', at('/home/u/app/a.js'), next)).toEqual({
      url: 'next:mitata/src/lib.mjs',
    });
    expect(await resolve('./util.js', at('/home/u/app/a.js'), next)).toEqual({ url: 'next:./util.js' });
    expect(await resolve('..', at(fixture('cli/good.bench.ts')), next)).toEqual({ url: 'next:..' });
  });

  it("maps a relative import of a folder whose package.json names a mapped package (mitata's '..')", async () => {
    const parent = at(fixture('third-party/mitata/examples/fibonacci.js'));
    expect(await resolve('..', parent, next)).toEqual({ url: `next:${targets.mitata}` });
    expect(await resolve('../', parent, next)).toEqual({ url: `next:${targets.mitata}` });
  });

  it("fails the import of a refused package from the user's files with its line; node_modules gets the real one", async () => {
    await expect(resolve('benchmark', at('/home/u/app/a.js'), next)).rejects.toThrow(/^refused line$/);
    expect(await resolve('benchmark', at('/home/u/app/node_modules/lib/index.js'), next)).toEqual({
      url: 'next:benchmark',
    });
  });
});
