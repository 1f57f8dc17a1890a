// tsx's IPC client connects, as soon as its modules load, to `<tmpdir>/tsx-<euid>/<ppid>.pipe`
// and sends it the path of every file it loads (tsx/dist/client-*.cjs). Another local user who
// listens on that path would learn what root runs, and be talked to by root's process. cyclebench
// loads tsx with its tmpdir in a checked private directory or in /proc/self
// (bin/typescript-loader.js), so it must never connect to a socket another user planted: neither
// at the plain tsx path of a shared TMPDIR, nor inside `cyclebench-tsx-0` when another user made
// that directory first, nor inside root's own `cyclebench-tsx-0` left open to others.
//
// The listener runs as uid 65534 and listens at `<ppid>.pipe` for both parents tsx can have here:
// the test process (parent of the CLI) and the CLI process (parent of its workers). The CLI is
// started through a small wrapper that waits until the listener is ready, so its pid is known
// before it loads tsx. A plain `node --import tsx` as root first shows the listener is reached.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'bin/cyclebench.js');
const DROP = ['--reuid=65534', '--regid=65534', '--clear-groups'];
const canDrop = process.geteuid?.() === 0 && spawnSync('setpriv', [...DROP, 'true'], { timeout: 30_000 }).status === 0;

/** As uid 65534: makes each directory (mode 0777) and listens at DIR/PID.pipe; prints one line per connection. */
const LISTENER = `
const net = require('node:net');
const { mkdirSync, chmodSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const args = process.argv.slice(1);
const cut = args.indexOf('--');
const dirs = args.slice(0, cut);
const pids = args.slice(cut + 1);
let waiting = 0;
for (const d of dirs) {
  mkdirSync(d, { recursive: true, mode: 0o777 });
  chmodSync(d, 0o777);
  for (const pid of pids) {
    const path = join(d, pid + '.pipe');
    rmSync(path, { force: true }); // left by an earlier listener of this test
    waiting++;
    net.createServer((s) => {
      process.stdout.write('connected ' + path + '\\n');
      s.on('data', (b) => process.stdout.write('data ' + JSON.stringify(b.subarray(4).toString()) + '\\n'));
    }).listen(path, () => {
      chmodSync(path, 0o777);
      if (--waiting === 0) process.stdout.write('ready\\n');
    });
  }
}
`;

/** Waits for a line on stdin, then runs the CLI in this very process (so its pid is known first). */
const WRAPPER = `
process.stdin.once('data', async () => {
  process.stdin.destroy();
  process.argv = [process.argv[0], ${JSON.stringify(CLI)}, ...process.argv.slice(1)];
  await import(${JSON.stringify(CLI)});
});
`;

interface Listener {
  child: ChildProcess;
  out: () => string;
  ready: Promise<void>;
}

function listen(dirs: string[], pids: number[]): Listener {
  const child = spawn('setpriv', [...DROP, process.execPath, '-e', LISTENER, ...dirs, '--', ...pids.map(String)]);
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready\n')) resolve();
    });
    child.on('close', () => reject(new Error(`listener ended: ${out}`)));
  });
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, out: () => out, ready };
}

function ended(child: ChildProcess): Promise<{ status: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    }),
  );
}

/** A TypeScript bench file (the CLI's workers load it through tsx too) in a world-readable directory. */
function setUp(): { base: string; bench: string } {
  const base = mkdtempSync(join(tmpdir(), 'cb-tsx-ipc-'));
  chmodSync(base, 0o755);
  const bench = join(base, 'x.bench.ts');
  writeFileSync(bench, `import { bench } from '${join(ROOT, 'src/index.js')}';\nbench('noop', () => () => 1);\n`);
  chmodSync(bench, 0o644);
  return { base, bench };
}

/** Runs `cyclebench run BENCH` as root with TMPDIR, once LISTENER listens for it and for the test process. */
async function cyclebenchWith(tmp: string, bench: string, dirs: string[]) {
  const cli = spawn(process.execPath, ['-e', WRAPPER, 'run', bench, '--forks', '1', '--time', '0.05', '--no-pin'], {
    cwd: ROOT,
    env: { ...process.env, TMPDIR: tmp, CYCLEBENCH_USE_DIST: '0' }, // the sources' start-up, through tsx
  });
  const done = ended(cli);
  const l = listen(dirs, [process.pid, cli.pid!]);
  try {
    await l.ready;
    cli.stdin!.write('go\n');
    const r = await done;
    return { ...r, heard: l.out() };
  } finally {
    l.child.kill('SIGTERM');
  }
}

describe.runIf(canDrop)('tsx never connects to an IPC socket another user planted (root with setpriv)', () => {
  it('a shared sticky TMPDIR where uid 65534 made tsx-0 and cyclebench-tsx-0 first, each with a listening <ppid>.pipe', async () => {
    const { base, bench } = setUp();
    const shared = join(base, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const dirs = [join(shared, 'tsx-0'), join(shared, 'cyclebench-tsx-0', 'tsx-0')];

    // Plain tsx as root, a child of this process: the planted socket is reached and told the file.
    const control = listen(dirs, [process.pid]);
    try {
      await control.ready;
      const plain = spawn(process.execPath, ['--import', 'tsx', bench], {
        cwd: ROOT,
        env: { ...process.env, TMPDIR: shared },
      });
      await ended(plain);
      // The listener prints what it got once it next runs: polled, for a loaded machine.
      for (let waited = 0; waited < 30_000 && !control.out().includes('x.bench.ts'); waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      expect(control.out()).toContain(`connected ${join(shared, 'tsx-0', `${process.pid}.pipe`)}`);
      expect(control.out()).toContain('x.bench.ts');
    } finally {
      control.child.kill('SIGTERM');
    }

    const r = await cyclebenchWith(shared, bench, dirs);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('noop');
    expect(r.heard).not.toMatch(/connected|data/);
  }, 400_000);

  it("root's own cyclebench-tsx-0 left open to others (mode 0777), with uid 65534's socket inside", async () => {
    const { base, bench } = setUp();
    const tmp = join(base, 'private');
    mkdirSync(tmp, { mode: 0o755 });
    const own = join(tmp, 'cyclebench-tsx-0');
    mkdirSync(own);
    chmodSync(own, 0o777);
    const r = await cyclebenchWith(tmp, bench, [join(own, 'tsx-0')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('noop');
    expect(r.heard).not.toMatch(/connected|data/);
  }, 400_000);
});
