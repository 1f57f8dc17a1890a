// ASLR-off re-exec in child processes (docs/platform-notes.md d, P19-P23): the flag is set after
// exec, the layout repeats, stdout/stderr survive, argv and node flags survive, and a
// refusal or a marker already set never loops.
import { describe, expect, it } from 'vitest';
import { readRandomizeVaSpace } from '../../src/platform/aslr.js';
import { createPlatform } from '../../src/platform/load.js';
import { runFixture } from '../helpers/run-fixture.js';

const isNative = createPlatform('native').kind === 'native';
const vaSpace = readRandomizeVaSpace();

interface AslrRun {
  pid: number;
  status: { state: 'on' | 'off'; reason: string; randomizeVaSpace: number | null };
  error?: { code: string; message: string };
  personality: string;
  libAddr: string;
  args: string[];
  exposeGc: boolean;
}

const starts = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('start ')).length;
const reexec = (env: Record<string, string | undefined> = {}, args: string[] = []) =>
  runFixture<AslrRun>('platform-aslr.ts', ['reexec', ...args], {
    env: { CYCLEBENCH_ASLR_REEXEC: undefined, CYCLEBENCH_TEST_PERSONALITY: undefined, ...env },
    nodeFlags: ['--expose-gc'],
  });

describe.skipIf(!isNative)('ASLR-off re-exec (child processes)', () => {
  let first: ReturnType<typeof reexec> | undefined;
  const firstRun = () => (first ??= reexec({}, ['keep', 'these']));

  it('turns ASLR off: /proc/self/personality has ADDR_NO_RANDOMIZE after exec, same pid', () => {
    const { result, json } = firstRun();
    expect(result.status).toBe(0);
    expect(Number.parseInt(json.personality, 16) & 0x0040000).toBe(0x0040000);
    expect(json.status.state).toBe('off');
    expect(starts(result.stderr)).toBe(2); // the image before and the one after exec
    expect(new Set(result.stderr.match(/start (\d+)/g))).toEqual(new Set([`start ${json.pid}`]));
  });

  it('stdout and stderr still work after the re-exec (FD_CLOEXEC cleared, P20)', () => {
    const { result, json } = firstRun(); // its JSON line was printed by the new image
    expect(json.status.reason).toMatch(/re-executed/);
    expect(result.stderr).toMatch(/start \d+\nstart \d+/);
  });

  it('argv comes from /proc/self/cmdline: node flags and script args survive (P19)', () => {
    const { json } = firstRun();
    expect(json.args).toEqual(['keep', 'these']);
    expect(json.exposeGc).toBe(true);
  });

  it('two re-executed runs map libc at the same address', () => {
    const a = firstRun().json;
    const b = reexec().json;
    expect(a.libAddr).toMatch(/^[0-9a-f]+$/);
    expect(a.libAddr).toBe(b.libAddr);
  });

  it.skipIf(vaSpace === 0)(
    `two normal runs map libc at different addresses${vaSpace === 0 ? ' (skipped: randomize_va_space=0, ASLR off globally)' : ''}`,
    () => {
      const plain = () => runFixture<AslrRun>('platform-aslr.ts', ['plain']).json;
      const a = plain();
      const b = plain();
      expect(a.status.state).toBe('on');
      expect(a.libAddr).not.toBe(b.libAddr);
    },
  );

  it('a refused personality (simulated EPERM) does not loop: "ASLR stays on"', () => {
    const { result, json } = reexec({ CYCLEBENCH_TEST_PERSONALITY: 'eperm' });
    expect(result.status).toBe(0);
    expect(starts(result.stderr)).toBe(1);
    expect(json.status).toMatchObject({ state: 'on', reason: expect.stringMatching(/EPERM.*ASLR stays on/) });
    expect(json.personality).toBe('00000000');
  });

  it('a persona that does not stick is caught by the re-read and does not exec', () => {
    const { result, json } = reexec({ CYCLEBENCH_TEST_PERSONALITY: 'ignore' });
    expect(starts(result.stderr)).toBe(1);
    expect(json.status).toMatchObject({ state: 'on', reason: expect.stringMatching(/did not stick.*ASLR stays on/) });
  });

  it('the marker already set stops a second exec: maybeReexec reports it, the native call refuses with ELOOP', () => {
    const viaStatus = reexec({ CYCLEBENCH_ASLR_REEXEC: '1' });
    expect(starts(viaStatus.result.stderr)).toBe(1);
    expect(viaStatus.json.status).toMatchObject({ state: 'on', reason: expect.stringMatching(/did not survive/) });
    const direct = runFixture<AslrRun>('platform-aslr.ts', ['direct'], { env: { CYCLEBENCH_ASLR_REEXEC: '1' } });
    expect(starts(direct.result.stderr)).toBe(1);
    expect(direct.json.error).toMatchObject({ code: 'ELOOP' });
  });
});
