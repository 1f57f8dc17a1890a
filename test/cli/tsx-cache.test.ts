// Another local user's code must never run through tsx's disk cache (bin/typescript-loader.js).
// The attack is reproduced as uid 65534: it makes real tsx cache entries for the benchmark file
// and the cyclebench sources (tsx keys entries by content and path, not by user), puts a line in
// each that overwrites a victim file, and plants them where tsx as root would look. A plain
// `node --import tsx` as root first shows the planted entries do run; then `cyclebench run` as
// root with the same TMPDIR must leave the victim file as it was.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const NOBODY = 65534;
const DROP = ['--reuid=65534', '--regid=65534', '--clear-groups'];

// uid 65534 must also read the checkout: a clone inside a 0700 directory (as `mktemp -d` makes)
// leaves it nothing to load, and the attack cannot be set up there.
const canDrop =
  process.geteuid?.() === 0 &&
  spawnSync('setpriv', [...DROP, 'test', '-r', join(ROOT, 'src/index.ts')], { timeout: 30_000 }).status === 0;

/** As uid 65534: real tsx cache entries for BENCH, made in its own TMPDIR, each rewritten to overwrite VICTIM. */
const POISON = `
const { readdirSync, readFileSync, writeFileSync, mkdirSync, cpSync } = require('node:fs');
const { join } = require('node:path');
const [scratch, victim, ...targets] = process.argv.slice(1);
const made = join(scratch, 'tsx-${NOBODY}');
const poison = 'process.report.writeReport(' + JSON.stringify(victim) + ');';
for (const f of readdirSync(made)) {
  const entry = JSON.parse(readFileSync(join(made, f), 'utf8'));
  if (entry.code.startsWith(poison)) continue; // poisoned for an earlier plant
  entry.code = poison + entry.code;
  writeFileSync(join(made, f), JSON.stringify(entry));
}
for (const t of targets) { mkdirSync(t, { recursive: true, mode: 0o777 }); cpSync(made, t, { recursive: true }); }
`;

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** spawnSync's result without blocking the test's thread (a long block stalls vitest's RPC); killed after 180 s. */
function run(command: string, args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    // The sources' own start-up is under test: the CLI and its workers run through tsx.
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, CYCLEBENCH_USE_DIST: '0', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

function asNobody(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return run('setpriv', [...DROP, ...args], env);
}

function world(dir: string, mode = 0o755): string {
  chmodSync(dir, mode);
  return dir;
}

/** A benchmark file, the victim file root owns, and uid 65534's poisoned entries (not yet planted). */
async function setUp() {
  const base = world(mkdtempSync(join(tmpdir(), 'cb-tsx-')));
  const bench = join(base, 'x.bench.ts');
  writeFileSync(bench, `import { bench } from '${join(ROOT, 'src/index.js')}';\nbench('noop', () => () => 1);\n`);
  chmodSync(bench, 0o644);
  const victim = join(base, 'victim.txt');
  writeFileSync(victim, 'ROOT DATA\n');
  const scratch = join(base, 'scratch');
  mkdirSync(scratch);
  chownSync(scratch, NOBODY, NOBODY);
  await asNobody([process.execPath, '--import', 'tsx', bench], { TMPDIR: scratch });
  return { base, bench, victim, scratch };
}

type SetUp = Awaited<ReturnType<typeof setUp>>;

let once: Promise<SetUp> | undefined;
/**
 * One setUp for both attacks: making uid 65534's entries passes every module of the sources through
 * tsx, and each attack plants copies of the same entries in a TMPDIR of its own.
 */
const setUpOnce = (): Promise<SetUp> => (once ??= setUp());

async function plant(s: SetUp, targets: string[]): Promise<void> {
  const r = await asNobody([process.execPath, '-e', POISON, s.scratch, s.victim, ...targets]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

/** Plain tsx as root with TMPDIR runs the planted code: the setup reproduces the attack. */
async function attackWorks(s: SetUp, tmp: string): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', s.bench], { TMPDIR: tmp });
  expect(readFileSync(s.victim, 'utf8')).not.toBe('ROOT DATA\n');
  writeFileSync(s.victim, 'ROOT DATA\n');
}

function runAsRoot(s: SetUp, tmp: string): Promise<Ran> {
  return run(process.execPath, [CLI, 'run', s.bench, '--forks', '1', '--time', '0.05', '--quiet', '--no-pin'], {
    TMPDIR: tmp,
  });
}

describe('tsx never runs code from a cache another user wrote', () => {
  it.runIf(canDrop)(
    'TMPDIR owned by another user holding tsx-0 (skipped unless root with setpriv, in a checkout uid 65534 can read)',
    async () => {
      const s = await setUpOnce();
      const tmp = join(s.base, 'theirs');
      mkdirSync(tmp);
      chownSync(tmp, NOBODY, NOBODY);
      await plant(s, [join(tmp, 'tsx-0'), join(tmp, 'cyclebench-tsx-0', 'tsx-0')]);
      await attackWorks(s, tmp);
      const r = await runAsRoot(s, tmp);
      expect(r.stdout).toContain('noop');
      expect(r.status).toBe(0);
      expect(readFileSync(s.victim, 'utf8')).toBe('ROOT DATA\n');
    },
    400_000,
  );

  it.runIf(canDrop)(
    'a shared sticky TMPDIR (as /tmp) where another user made tsx-0 and cyclebench-tsx-0 first (skipped unless root with setpriv, in a checkout uid 65534 can read)',
    async () => {
      const s = await setUpOnce();
      const tmp = join(s.base, 'shared');
      mkdirSync(tmp);
      world(tmp, 0o1777);
      await plant(s, [join(tmp, 'tsx-0'), join(tmp, 'cyclebench-tsx-0', 'tsx-0')]);
      await attackWorks(s, tmp);
      const r = await runAsRoot(s, tmp);
      expect(r.stdout).toContain('noop');
      expect(r.status).toBe(0);
      expect(readFileSync(s.victim, 'utf8')).toBe('ROOT DATA\n');
    },
    400_000,
  );

  it('a TMPDIR that does not exist is not created (the cache is off instead)', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'cb-tsx-')), 'missing', 'tmp');
    const r = await run(process.execPath, [CLI, '--version'], { TMPDIR: missing });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(dirname(missing))).toBe(false);
  });
});
