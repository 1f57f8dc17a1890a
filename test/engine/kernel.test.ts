import { describe, expect, it } from 'vitest';
import { resolveKernel } from '../../src/engine/kernel.js';

describe('resolveKernel', () => {
  it('plain kernel: the function itself, called with the args object', async () => {
    const fn = () => 1;
    const k = await resolveKernel(fn, {}, 'x');
    expect(k).toMatchObject({ fn, isAsync: false, form: 'kernel' });
  });

  it('setup form: a function returning a function; setup runs once, untimed', async () => {
    let setups = 0;
    const inner = () => 2;
    const k = await resolveKernel(
      ({ n }: { n: number }) => {
        setups++;
        expect(n).toBe(5);
        return inner;
      },
      { n: 5 },
      'x',
    );
    expect(k).toMatchObject({ fn: inner, isAsync: false, form: 'setup' });
    expect(setups).toBe(1);
  });

  it('async setup resolving to a function', async () => {
    const inner = () => 3;
    const k = await resolveKernel(async () => inner, {}, 'x');
    expect(k).toMatchObject({ fn: inner, isAsync: false, form: 'async-setup' });
  });

  it('async kernel: a returned promise of a non-function selects the async loop', async () => {
    const fn = async () => 4;
    expect(await resolveKernel(fn, {}, 'x')).toMatchObject({ fn, isAsync: true, form: 'kernel' });
    const k = await resolveKernel(() => async () => 5, {}, 'x');
    expect(k).toMatchObject({ isAsync: true, form: 'setup' });
  });

  it('object form is unambiguous: fn is the kernel even when it returns a function', async () => {
    const fn = (s: number) => () => s;
    const k = await resolveKernel({ setup: ({ n }: { n: number }) => n * 2, fn }, { n: 4 }, 'x');
    expect(k).toMatchObject({ fn, state: 8, isAsync: false, form: 'object' });
    const noSetup = await resolveKernel({ fn: (a: { n: number }) => a.n }, { n: 1 }, 'x');
    expect(noSetup.state).toEqual({ n: 1 });
  });

  it('surfaces throws and rejections before any timing', async () => {
    await expect(
      resolveKernel(
        () => {
          throw new Error('setup failed');
        },
        {},
        'x',
      ),
    ).rejects.toThrow('setup failed');
    await expect(resolveKernel(() => () => Promise.reject(new Error('probe rejected')), {}, 'x')).rejects.toThrow(
      'probe rejected',
    );
  });
});
