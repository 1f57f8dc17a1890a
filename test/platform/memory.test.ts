// mlockall in child processes: the process must still exit with code 0 (V8 aborts at
// teardown with locked pages unless munlockall runs first, docs/platform-notes.md c, P17), and a
// refusal is a PlatformError with ENOMEM/EPERM, never fatal.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/platform/load.js';
import { runFixture } from '../helpers/run-fixture.js';

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

/**
 * V8 sometimes aborts while it makes a new code page executable in a locked process
 * (`Check failed: 0 == ret` in OS::SetPermissions under CodeGenerator::FinalizeCode): 2 of about 15
 * full CI runs on this 2-vCPU guest, never in 100 runs of the child alone, with or without CPU
 * hogs (docs/platform-notes.md, P17). What these tests check is locking and a clean exit, so that
 * one abort, and only it, gets up to two more tries; any other failure, or three aborts, fails.
 */
function runLockFixture(file: string, args: string[] = []) {
  for (let attempt = 1; ; attempt++) {
    try {
      const run = runFixture<LockRun>(file, args);
      if (attempt < 3 && codePageAbort(run.result.stderr)) continue;
      return run;
    } catch (e) {
      if (attempt < 3 && codePageAbort((e as Error).message)) continue;
      throw e;
    }
  }
}

function codePageAbort(text: string): boolean {
  return /Check failed: 0 == ret/.test(text) && /SetPermissions/.test(text) && /FinalizeCode|AllocatePage/.test(text);
}
describe.skipIf(!isNative)('mlockall (child processes)', () => {
  it.skipIf(!privileged)(
    `locks, then exits with code 0 at natural exit${privileged ? '' : ' (skipped: needs root/CAP_IPC_LOCK)'}`,
    () => {
      const { result, json } = runLockFixture('platform-mlock.ts');
      expect(json.error).toBeUndefined();
      expect(json.locked).toBe(true);
      expect(json.vmLckKb).toBeGreaterThan(0);
      expect(result.stderr).not.toMatch(/Fatal error/);
      expect(result.status).toBe(0);
    },
  );

  it.skipIf(!privileged)('locks, then exits with code 0 through process.exit', () => {
    const { result, json } = runLockFixture('platform-mlock.ts', ['exit']);
    expect(json.locked).toBe(true);
    expect(result.status).toBe(0);
  });

  it.skipIf(!privileged)('the native env cleanup hook alone unlocks a plain node process in time', () => {
    for (const ending of [[], ['exit']]) {
      const { result, json } = runLockFixture('platform-mlock-raw.mjs', ending);
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
