// moveEveryThread: the affinity of every thread of the process, by thread id (fake platform and
// a fake /proc/self/task), the calling thread first; a thread that ended meanwhile is skipped.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moveEveryThread } from '../../src/worker/prepare.js';
import type { Platform } from '../../src/platform/types.js';
import { fakePlatform } from '../helpers/fake-platform.js';

const root = mkdtempSync(join(tmpdir(), 'cyclebench-tasks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tasks(...tids: number[]): string {
  const dir = mkdtempSync(join(root, 'task-'));
  for (const t of tids) mkdirSync(join(dir, String(t)));
  return dir;
}

function recording(self: number, refuse: Record<number, string> = {}) {
  const calls: [number[], number | undefined][] = [];
  const p = fakePlatform();
  const platform: Platform = {
    ...p,
    sched: {
      ...p.sched,
      threadId: () => self,
      setAffinity: (cpus: number[], tid?: number) => {
        const code = tid === undefined ? undefined : refuse[tid];
        if (code) throw Object.assign(new Error(`sched_setaffinity: ${code}`), { code });
        calls.push([cpus, tid]);
      },
    },
  };
  return { platform, calls };
}

describe('moveEveryThread', () => {
  it('sets the calling thread first, then every other thread by its id', () => {
    const { platform, calls } = recording(100);
    moveEveryThread(platform, [1], tasks(100, 101, 102, 107));
    expect(calls.map(([, tid]) => tid).sort()).toEqual([0, 101, 102, 107]);
    expect(calls[0]).toEqual([[1], 0]);
    expect(calls.every(([cpus]) => cpus.join() === '1')).toBe(true);
  });

  it('skips a thread that has ended (ESRCH); any other refusal is thrown', () => {
    const gone = recording(100, { 101: 'ESRCH' });
    moveEveryThread(gone.platform, [0], tasks(100, 101, 102));
    expect(gone.calls.map(([, tid]) => tid).sort()).toEqual([0, 102]);
    const refused = recording(100, { 102: 'EPERM' });
    expect(() => moveEveryThread(refused.platform, [0], tasks(100, 102))).toThrow(/EPERM/);
  });
});
