// mitata's own example files, copied unmodified, run under `cyclebench run` (fresh processes,
// cyclebench's statistics) through the import mapping of src/compat/; the order of the
// results is asserted, never a time.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUICK, fixture, headlines, listError, listed, measureFile } from '../helpers/compat.js';

const examples = (name: string) => fixture(`third-party/mitata/examples/${name}`);

describe('mitata files under cyclebench run', () => {
  it('the fixtures are the files of mitata at the commit the README names (git blob hashes)', () => {
    const readme = readFileSync(fixture('third-party/mitata/README.md'), 'utf8');
    for (const name of [
      'fibonacci.js',
      'holey_array.js',
      'async.js',
      'library_usage.js',
      'cacheline.js',
      'memcmp.js',
    ]) {
      const text = readFileSync(examples(name));
      const blob = createHash('sha1').update(`blob ${text.length}\0`).update(text).digest('hex');
      expect(readme).toContain(`${name} ${blob}`);
    }
  });

  it("examples/fibonacci.js (import '..', generators, range m = 2): fib(40) > fib(20) > fib(10)", async () => {
    // The engine's own warm-up: the three differ about 2× each, and after 20 ms of warm-up their
    // processes can run in different V8 tiers (at load 4.7 fib(40) once read 36 ns against
    // fib(20)'s 42 ns, each interval beyond ±60 %).
    const t = headlines(
      await measureFile(examples('fibonacci.js'), '^fibonacci\\(', 2, { timeBudgetNs: QUICK.timeBudgetNs }),
    );
    expect(Object.keys(t)).toEqual(['fibonacci(10)', 'fibonacci(20)', 'fibonacci(40)']);
    expect(t['fibonacci(40)']).toBeGreaterThan(t['fibonacci(20)']);
    expect(t['fibonacci(20)']).toBeGreaterThan(t['fibonacci(10)']);
  });

  it('examples/holey_array.js lists every instance: range(1, 1024) multiplies by 8 as mitata does', async () => {
    const titles = (await listed(examples('holey_array.js'))).map((b) => b.title);
    const sizes = [1, 8, 64, 512, 1024];
    expect(titles.slice(0, 5)).toEqual(sizes.map((s) => `sum(holey ${s})`));
    expect(titles).toHaveLength(5 * sizes.length);
  });

  it('examples/holey_array.js with computed parameters: summing 512 elements takes longer than 8', async () => {
    const t = headlines(await measureFile(examples('holey_array.js'), '^sum\\(holey (8|512)\\)', 1, QUICK));
    expect(Object.keys(t)).toEqual(['sum(holey 8)', 'sum(holey 512)']);
    expect(t['sum(holey 512)']).toBeGreaterThan(t['sum(holey 8)']);
  });

  it('examples/memcmp.js (lineplot, summary, range to 2 ** 20): 32,768 bytes take longer than 8', async () => {
    const titles = (await listed(examples('memcmp.js'))).map((b) => b.title);
    expect(titles.slice(0, 7)).toEqual([8, 64, 512, 4096, 32768, 262144, 1048576].map((n) => `byte (${n})`));
    const t = headlines(await measureFile(examples('memcmp.js'), '^swar \\((8|32768)\\)$', 1, QUICK));
    expect(t['swar (32768)']).toBeGreaterThan(t['swar (8)']);
  });

  it('examples/cacheline.js (boxplot, range with m = 2) lists its six strides', async () => {
    const titles = (await listed(examples('cacheline.js'))).map((b) => b.title);
    expect(titles).toEqual([16, 32, 64, 128, 256, 512].map((n) => `stride copy (${n})`));
  });

  it('args({a, b}) is cartesian; dense_range, named and nameless groups, baseline, gc() accepted', async () => {
    const list = await listed(fixture('compat/mitata-features.mjs'));
    const rows = list.map((b) => [b.group, b.title, b.baseline] as const);
    expect(rows.filter((r) => r[1].startsWith('cartesian')).map((r) => r[1])).toEqual([
      'cartesian 1/10',
      'cartesian 2/10',
      'cartesian 1/20',
      'cartesian 2/20',
      'cartesian 1/30',
      'cartesian 2/30',
    ]);
    expect(rows.filter((r) => r[1].startsWith('dense'))).toEqual(
      ['dense 0', 'dense 4', 'dense 8', 'dense 10'].map((t) => ['named', t, true]),
    );
    // The only benchmark of a summary() is its reference: the baseline of its group (none, here).
    expect(rows).toContainEqual([null, 'nameless group member', true]);
    expect(rows.filter((r) => r[1].startsWith('range')).map((r) => r[1])).toEqual([
      'range 1',
      'range 8',
      'range 64',
      'range 100',
    ]);
    expect(rows.at(-1)).toEqual([null, 'namedByFunction', false]);
  });

  it('one line naming what cannot be mapped: measure() fails the load, a state loop its benchmark', async () => {
    expect(await listError(examples('library_usage.js'))).toMatch(
      /^could not load .*library_usage\.js: Error: mitata: measure\(\) is not supported under cyclebench run/,
    );
    const [loop] = await measureFile(examples('async.js'), '^10 x sleep', 1, QUICK);
    expect(loop.headline).toBeNull();
    expect(loop.error?.message).toMatch(
      /mitata: bench\('\$n x sleep\(\$ms\)', \(state\) => \{ for \(const _ of state\)/,
    );
    expect(loop.error?.message.split('\n')).toHaveLength(1);
  });
});

describe('mitata computed parameters under cyclebench run', () => {
  it('every iteration gets parameters made for it (a sort in place never sees a sorted array)', async () => {
    const results = await measureFile(fixture('compat/mitata-computed.mjs'), undefined, 1, QUICK);
    expect(results.map((b) => [b.name, b.error?.message ?? null])).toEqual([
      ['sort in place 64', null],
      ['two parameters', null],
      ['async generator', null],
    ]);
    for (const b of results) expect(b.headline?.point).toBeGreaterThan(0);
  });
});
