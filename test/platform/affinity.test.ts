// Affinity round trip in a child process, so the vitest worker is never left pinned.
import { describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/platform/load.js';
import { runFixture } from '../helpers/run-fixture.js';

const isNative = createPlatform('native').kind === 'native';

interface AffinityRun {
  before: number[];
  target: number;
  pinned: number[];
  cpuWhilePinned: number;
  tid: number;
  pid: number;
  byTid: number[];
  restored: number[];
  tids: number[];
  allPinned: number[][];
}

describe.skipIf(!isNative)('affinity (child process)', () => {
  const { result, json } = isNative ? runFixture<AffinityRun>('platform-affinity.ts') : ({} as never);

  it('pins the calling thread, reads it back, and restores it', () => {
    expect(result.status).toBe(0);
    expect(json.pinned).toEqual([json.target]);
    expect(json.cpuWhilePinned).toBe(json.target);
    expect(json.byTid).toEqual([json.target]);
    expect(json.restored).toEqual(json.before);
  });

  it('the JS thread of the main thread has tid = pid', () => {
    expect(json.tid).toBe(json.pid);
  });

  it('pinAllThreads reaches every task in /proc/self/task, not only the caller (P24)', () => {
    expect(json.tids.length).toBeGreaterThan(1); // V8 and libuv helpers already exist
    expect(json.tids).toContain(json.pid);
    for (const mask of json.allPinned) expect(mask).toEqual([json.target]);
  });
});
