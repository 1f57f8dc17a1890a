// ASLR state as a process reads and records it (docs/platform-notes.md d, P23), in child
// processes. An in-process run gets ASLR off from outside (`setarch -R`, docs/guide.md): the
// process then reads ADDR_NO_RANDOMIZE, records 'off', and maps libc at the same address each run.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readRandomizeVaSpace } from '../../src/platform/aslr.js';
import { runFixture } from '../helpers/run-fixture.js';

const vaSpace = readRandomizeVaSpace();
// setarch is util-linux's; a seccomp profile that refuses personality(2) makes it fail (P22).
const setarchWorks = spawnSync('setarch', ['-R', 'true']).status === 0;

interface AslrRun {
  status: { state: 'on' | 'off'; reason: string; randomizeVaSpace: number | null };
  recorded: 'on' | 'off' | 'unknown';
  personality: string;
  libAddr: string;
}

const underSetarch = () => runFixture<AslrRun>('platform-aslr.ts', [], { wrap: ['setarch', '-R'] });
const plain = () => runFixture<AslrRun>('platform-aslr.ts');

describe.skipIf(process.platform !== 'linux')('ASLR state (child processes)', () => {
  it.skipIf(!setarchWorks)('under setarch -R: ADDR_NO_RANDOMIZE is read, recorded as off, libc at one address', () => {
    const a = underSetarch();
    const b = underSetarch();
    expect(a.result.status).toBe(0);
    expect(Number.parseInt(a.json.personality, 16) & 0x0040000).toBe(0x0040000);
    expect(a.json.status.state).toBe('off');
    if (vaSpace !== 0) expect(a.json.status.reason).toMatch(/ADDR_NO_RANDOMIZE inherited/);
    expect(a.json.recorded).toBe('off');
    expect(a.json.libAddr).toMatch(/^[0-9a-f]+$/);
    expect(a.json.libAddr).toBe(b.json.libAddr);
  });

  it.skipIf(vaSpace === 0)(
    `two normal runs read ASLR on and map libc at different addresses${vaSpace === 0 ? ' (skipped: randomize_va_space=0, ASLR off globally)' : ''}`,
    () => {
      const a = plain().json;
      const b = plain().json;
      expect(a.status.state).toBe('on');
      expect(a.recorded).toBe('on');
      expect(a.libAddr).not.toBe(b.libAddr);
    },
  );
});
