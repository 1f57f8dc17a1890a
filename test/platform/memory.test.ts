// mlockall in child processes: the process must still exit with code 0 (V8 aborts at
// teardown with locked pages unless munlockall runs first, docs/platform-notes.md c, P17), and a
// refusal is a PlatformError with ENOMEM/EPERM, never fatal.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/platform/load.js';
import { runFixture } from './run-fixture.js';

const isNative = createPlatform('native').kind === 'native';
const isRoot = process.getuid?.() === 0;
const has = (tool: string) => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const canDrop = has('setpriv') && has('prlimit');

interface LockRun {
  error?: { name: string; code: string; errno: number; syscall: string };
  locked: boolean;
  vmLckKb?: number;
}

const privileged = isNative && isRoot;
describe.skipIf(!isNative)('mlockall (child processes)', () => {
  it.skipIf(!privileged)(
    `locks, then exits with code 0 at natural exit${privileged ? '' : ' (skipped: needs root/CAP_IPC_LOCK)'}`,
    () => {
      const { result, json } = runFixture<LockRun>('platform-mlock.ts');
      expect(json.error).toBeUndefined();
      expect(json.locked).toBe(true);
      expect(json.vmLckKb).toBeGreaterThan(0);
      expect(result.stderr).not.toMatch(/Fatal error/);
      expect(result.status).toBe(0);
    },
  );

  it.skipIf(!privileged)('locks, then exits with code 0 through process.exit', () => {
    const { result, json } = runFixture<LockRun>('platform-mlock.ts', ['exit']);
    expect(json.locked).toBe(true);
    expect(result.status).toBe(0);
  });

  it.skipIf(!privileged)('the native env cleanup hook alone unlocks a plain node process in time', () => {
    for (const ending of [[], ['exit']]) {
      const { result, json } = runFixture<LockRun>('platform-mlock-raw.mjs', ending);
      expect(json.locked).toBe(true);
      expect(result.status).toBe(0);
    }
  });

  it.skipIf(!canDrop || !isRoot)(
    `without CAP_IPC_LOCK and with RLIMIT_MEMLOCK 0 it is a PlatformError ENOMEM/EPERM and the process goes on${canDrop && isRoot ? '' : ' (skipped: needs root plus setpriv and prlimit)'}`,
    () => {
      const wrap = ['prlimit', '--memlock=0', 'setpriv', '--inh-caps=-ipc_lock', '--bounding-set=-ipc_lock', '--'];
      const { result, json } = runFixture<LockRun>('platform-mlock.ts', [], { wrap });
      expect(json.error).toMatchObject({ name: 'PlatformError', syscall: 'mlockall' });
      expect(['ENOMEM', 'EPERM']).toContain(json.error!.code);
      expect(json.locked).toBe(false);
      expect(result.status).toBe(0);
    },
  );
});
