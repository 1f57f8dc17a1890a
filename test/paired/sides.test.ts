// The sides of a paired run (src/paired/sides.ts) without measuring: flags are split and
// checked, a binary is asked for its version, a side's worker starts under its binary with its
// flags first, and every bad side is one line (exit 2) before any
// worker starts, leaving no checkout behind; the sides' names; the CLI's options; the document
// records each side's Node and flags, and `report` shows them (version-1 files still read).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs } from '../../src/cli/commands/run.js';
import { UsageError } from '../../src/cli/io.js';
import { DEFAULT_LOOKS } from '../../src/paired/analysis.js';
import { newPairedDocument } from '../../src/paired/document.js';
import { probeNode, resolveLaunch, resolveSides, SideError, splitFlags } from '../../src/paired/sides.js';
import { listFile } from '../../src/orchestrator/fork.js';
import { loadPlatform } from '../../src/platform/load.js';
import { captureIo, runCli } from '../helpers/io.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'cb-sides-'));
const repo = join(scratch, 'repo');
const temp = join(scratch, 'tmp'); // TMPDIR of the runs: where a checkout of a ref would go
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const checkouts = () => readdirSync(temp).filter((n) => n.startsWith('cyclebench-against-'));

/** An executable shell script at `name` printing `out`. */
function script(name: string, out: string): string {
  const path = join(scratch, name);
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' '${out}'\n`);
  chmodSync(path, 0o755);
  return path;
}

let savedTmp: string | undefined;
beforeAll(() => {
  mkdirSync(repo);
  mkdirSync(temp);
  git('init', '-q');
  // The compiled build the workers run (test/README.md): a .mjs file needs no TypeScript loader.
  writeFileSync(
    join(repo, 'k.bench.mjs'),
    `import { bench } from '${join(ROOT, 'dist/index.js')}';\nbench('one', () => 1);\n`,
  );
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'v1');
  savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = temp;
});
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});

describe('splitFlags', () => {
  it('splits on white space and refuses words that are not flags or would replace the worker', () => {
    expect(splitFlags('--against-flags', ' --jitless  --max-semi-space-size=64 ')).toEqual([
      '--jitless',
      '--max-semi-space-size=64',
    ]);
    expect(() => splitFlags('--flags', '--stack-size 2000')).toThrow(/'2000' is not a flag .*--stack-size=2000/);
    for (const f of ['-e', '--eval=1', '-p', '--check', '--test', '--version'])
      expect(() => splitFlags('--flags', f)).toThrow(
        new SideError(`--flags: ${f} would replace the benchmark worker; it cannot be a side's flag`),
      );
    expect(() => splitFlags('--flags', '  ')).toThrow('--flags is empty');
  });

  it('keeps a quoted value with a space as one flag, expands nothing and refuses shell syntax', () => {
    expect(splitFlags('--flags', `--title="two words" '--stack-size=900'`)).toEqual([
      '--title=two words',
      '--stack-size=900',
    ]);
    expect(splitFlags('--flags', '--title=$HOME')).toEqual(['--title=$HOME']);
    expect(() => splitFlags('--flags', '--jitless | cat')).toThrow(
      new SideError("--flags: '|' is shell syntax; a side's flags are passed to Node as they are"),
    );
    expect(() => splitFlags('--flags', '--title=*')).toThrow(/'--title=\*' is shell syntax/);
  });

  it('a quoted flag reaches Node whole: the probe runs it', () => {
    const p = probeNode('--flags', process.execPath, splitFlags('--flags', `--title="cb two words"`), process.cwd());
    expect(p.version).toBe(process.version);
  });
});

describe('probeNode: the binary is asked for its version with the side flags', () => {
  it('the Node running the tests answers with its own version and V8', () => {
    const p = probeNode('--against-node', process.execPath, ['--jitless'], scratch);
    expect(p).toEqual({ path: process.execPath, version: process.version, v8: process.versions.v8 });
  });

  it('a missing file, a directory, a file that is not executable, not Node, or too old: one line each', () => {
    const text = join(scratch, 'plain.txt');
    writeFileSync(text, 'x');
    const fake = (v: string) => script(`node-${v}`, `["cyclebench-probe","${v}","10.2","/x/node"]`);
    const cases: [string, string][] = [
      ['/no/such/node', '--against-node /no/such/node: no such file'],
      [
        scratch,
        `--against-node ${scratch}: a directory; name the node binary (an unpacked Node build has it at bin/node)`,
      ],
      [text, `--against-node ${text}: not an executable file`],
      ['/bin/ls', '--against-node /bin/ls: not a Node.js binary (`-p process.version` did not print a Node version)'],
      [script('liar', 'v22.0.0'), 'not a Node.js binary'],
      [fake('v18.20.4'), 'Node v18.20.4 is older than 20.6, the oldest the worker runs on'],
    ];
    for (const [path, said] of cases) {
      const e = (() => {
        try {
          probeNode('--against-node', path, [], scratch);
        } catch (x) {
          return x as Error;
        }
      })();
      expect(e).toBeInstanceOf(SideError);
      expect(e!.message).toContain(said);
      expect(e!.message).not.toContain('\n');
    }
    expect(probeNode('--node', fake('v20.6.0'), [], scratch).version).toBe('v20.6.0');
  });

  it('a flag Node refuses is named with the version that refused it', () => {
    expect(() => probeNode('--against-node', process.execPath, ['--no-such-flag-at-all'], scratch)).toThrow(
      new RegExp(`^Node ${process.version} \\(.*\\) refuses the flags --no-such-flag-at-all: .*bad option`),
    );
  });
});

describe('resolveSides: the names say what differs', () => {
  it('flags only: each side by its flags, both on this Node', () => {
    const { sides, launch } = resolveSides({ againstFlags: ['--jitless'] }, scratch);
    expect(sides.current).toMatchObject({ label: 'no extra flags', tree: 'this tree', flags: [] });
    expect(sides.against).toMatchObject({ label: '--jitless', tree: 'this tree', flags: ['--jitless'] });
    expect(sides.against.node).toEqual({ path: process.execPath, version: process.version, v8: process.versions.v8 });
    expect(launch.against).toEqual({ execPath: process.execPath, flags: ['--jitless'] });
  });

  it('a tree and a binary: the tree and the version on each side', () => {
    const { sides } = resolveSides({ against: 'main', againstNode: process.execPath }, scratch, 'main (0123)');
    expect(sides.current.label).toBe(`this tree, node ${process.version}`);
    expect(sides.against.label).toBe(`main (0123), node ${process.version}`);
    expect(sides.against.tree).toBe('main (0123)');
  });
});

describe("a side's worker", () => {
  it("runs under the side's binary with its flags before the worker's own", async () => {
    const file = join(scratch, 'argv.bench.mjs');
    const log = join(scratch, 'argv.log');
    writeFileSync(
      file,
      `import { writeFileSync } from 'node:fs';\nimport { bench } from '${join(ROOT, 'dist/index.js')}';\n` +
        `writeFileSync(${JSON.stringify(log)}, JSON.stringify([process.execPath, process.execArgv]));\n` +
        `bench('one', () => 1);\n`,
    );
    const listed = await listFile(loadPlatform(), file, undefined, {
      execPath: process.execPath,
      flags: ['--jitless', '--stack-size=900'],
    });
    expect(listed).toMatchObject({ benchmarks: [{ title: 'one' }] });
    const [execPath, execArgv] = JSON.parse(readFileSync(log, 'utf8')) as [string, string[]];
    expect(execPath).toBe(process.execPath);
    expect(execArgv.slice(0, 3)).toEqual(['--jitless', '--stack-size=900', '--expose-gc']);
  });
});

describe('run: the side options', () => {
  const io = { ...captureIo(), cwd: repo };
  const file = join(repo, 'k.bench.mjs');

  it('a flag option takes its value after a space or after =, and several quoted', () => {
    expect(parseRunArgs([file, '--against-flags', '--jitless'], io).againstFlags).toEqual(['--jitless']);
    const o = parseRunArgs([file, '--flags=--jitless --stack-size=2000', '--against-node', 'node'], io);
    // The text as given, split into words once, where the run resolves its Node (as the library's).
    expect(o).toMatchObject({ flags: ['--jitless --stack-size=2000'], againstNode: 'node' });
    expect(resolveLaunch(undefined, o.flags, process.cwd()).flags).toEqual(['--jitless', '--stack-size=2000']);
    const quoted = parseRunArgs([file, `--flags=--title="cb two words"`], io).flags;
    expect(resolveLaunch(undefined, quoted, process.cwd()).flags).toEqual(['--title=cb two words']);
    expect(() => parseRunArgs([file, '--flags=--title=a | b'], io)).toThrow(/'\|' is shell syntax/);
  });

  it('--node and --flags alone are a plain run whose workers get them; the gate options need a side', () => {
    const plain = parseRunArgs([file, '--node', 'node', '--flags', '--max-semi-space-size=4'], io);
    expect(plain).toMatchObject({ node: 'node', flags: ['--max-semi-space-size=4'] });
    expect(plain.against ?? plain.againstNode ?? plain.againstFlags).toBeUndefined();
    expect(() => parseRunArgs([file, '--max-pairs', '4'], io)).toThrow(
      new UsageError('--max-pairs needs --against, --against-node or --against-flags (a paired run)'),
    );
  });

  it('single-run options are refused with a side', () => {
    expect(() => parseRunArgs([file, '--against-flags=--jitless', '--aa'], io)).toThrow(/--aa is not available/);
    expect(() => parseRunArgs([file, '--against-node', ' '], io)).toThrow('--against-node is empty');
    expect(() => parseRunArgs([file, '--against-flags='], io)).toThrow(new UsageError('--against-flags is empty'));
  });

  it('a bad binary or flag is one line, exit 2, and no worker or checkout is left', async () => {
    for (const side of [
      ['--against-node', '/no/such/node'],
      ['--against-node', '/bin/ls'],
      ['--against-flags=--no-such-flag-at-all'],
      ['--against', 'HEAD', '--node', '/bin/ls'],
      // A plain run checks its workers' binary and flags the same way, before measuring.
      ['--node', '/bin/ls'],
      ['--flags=--no-such-flag-at-all'],
    ]) {
      const r = await runCli(['run', 'k.bench.mjs', '--quiet', '--no-pin', ...side], repo);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\bat .*:\d+:\d+/);
      expect(checkouts()).toEqual([]);
    }
  });
});

describe('the document and its report', () => {
  const settings = { threshold: 0.01, alpha: 0.05, looks: DEFAULT_LOOKS };
  const outcome = {
    against: 'node v22.23.3',
    current: 'node v24.21.0',
    rows: [],
    onlyCurrent: [],
    onlyAgainst: [],
    loadErrors: [],
    interrupted: false,
    settings,
  };
  const node = (version: string) => ({ path: `/opt/${version}/bin/node`, version, v8: '12.4' });
  const sides = {
    current: { label: 'node v24.21.0', tree: 'this tree', node: node('v24.21.0'), flags: [] },
    against: { label: 'node v22.23.3', tree: 'this tree', node: node('v22.23.3'), flags: ['--jitless'] },
  };

  it('records each side and `report` names both; a version-1 file still reads', async () => {
    const doc = newPairedDocument(outcome, ['cyclebench', 'run'], { node: { version: 'v20.1.0' } }, sides);
    expect(doc.schema).toBe('cyclebench-paired/2');
    const path = join(scratch, 'sides.json');
    writeFileSync(path, JSON.stringify(doc));
    const r = await runCli(['report', path], scratch);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Paired run: node v24.21.0 against node v22.23.3');
    expect(r.stdout).toContain(
      'other side (node v22.23.3): Node v22.23.3 (V8 12.4) /opt/v22.23.3/bin/node, extra flags --jitless',
    );
    expect(r.stdout).toContain(
      'this side (node v24.21.0): Node v24.21.0 (V8 12.4) /opt/v24.21.0/bin/node, extra flags none',
    );
    const { current: _c, sides: _s, ...old } = { ...doc, schema: 'cyclebench-paired/1', against: 'main' };
    const v1 = join(scratch, 'v1.json');
    writeFileSync(v1, JSON.stringify(old));
    const o = await runCli(['report', v1], scratch);
    expect(o.code).toBe(0);
    expect(o.stdout).toContain('Paired run against main');
    expect(o.stdout).not.toContain('this side');
  });
});
