// Native errors carry code/errno/syscall and the caller's stack; TS validation rejects
// bad arguments before they cross; a failed load degrades to the JS platform with the fix.
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../src/platform/errors.js';
import { createPlatform } from '../../src/platform/load.js';
import { runFixture } from '../helpers/run-fixture.js';

const p = createPlatform('native');
const isNative = p.kind === 'native';

function caught(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (e) {
    return e as PlatformError;
  }
  throw new Error('expected a throw');
}

describe('errors from the native side', () => {
  it.skipIf(!isNative)(
    'a refused syscall gives a PlatformError with code, errno, syscall and this file in its stack',
    () => {
      const e = caught(() => p.sched.getAffinity(0x3fffffff)); // no such thread
      expect(e).toBeInstanceOf(PlatformError);
      expect(e).toMatchObject({ code: 'ESRCH', errno: 3, syscall: 'sched_getaffinity' });
      expect(e.stack).toContain('errors.test.ts');
    },
  );

  it.skipIf(!isNative)('a mask outside the cpuset is EINVAL from the kernel (P25)', () => {
    const e = caught(() => p.sched.setAffinity([(1 << 20) - 1]));
    expect(e).toMatchObject({ code: 'EINVAL', errno: 22, syscall: 'sched_setaffinity' });
    expect(e.stack).toContain('errors.test.ts');
  });

  it('bad arguments are rejected in TypeScript, before the boundary', () => {
    for (const fn of [
      () => p.sched.setAffinity([]),
      () => p.sched.setAffinity([1.5]),
      () => p.sched.getAffinity(-1),
      () => p.sched.setFifo(0),
      () => p.layout.setPersonality(-1),
    ]) {
      const e = caught(fn);
      expect(e).toBeInstanceOf(PlatformError);
      expect(['EINVAL', 'ENOTSUP']).toContain(e.code);
      expect(e.syscall).toBeUndefined();
    }
  });
});

describe('loading', () => {
  it('an addon that fails to load gives the JS platform with the error and the fix', () => {
    const q = createPlatform('native', '/nonexistent-cyclebench-root');
    expect(q.kind).toBe('js');
    expect(q.fallbackReason).toMatch(/failed to load/);
    expect(q.fallbackReason).toMatch(/npm run build:native` in \/nonexistent-cyclebench-root /);
    expect(q.clock.info().source).toBe('hrtime');
  });

  it('CYCLEBENCH_PLATFORM=js forces the JS platform and says so', () => {
    const { json } = runFixture<{ kind: string; fallbackReason: string }>('platform-kind.ts', [], {
      env: { CYCLEBENCH_PLATFORM: 'js' },
    });
    expect(json).toMatchObject({ kind: 'js', fallbackReason: expect.stringContaining('CYCLEBENCH_PLATFORM=js') });
  });

  it.skipIf(!isNative)('without the variable the native platform loads', () => {
    const { json } = runFixture<{ kind: string; source: string }>('platform-kind.ts', [], {
      env: { CYCLEBENCH_PLATFORM: undefined },
    });
    expect(json.kind).toBe('native');
  });
});
