import { describe, expect, it } from 'vitest';
import { makeAsyncLoop, makeSyncLoop } from '../../src/engine/loop.js';
import { createFakeClock } from '../helpers/fake-clock.js';

describe('makeSyncLoop', () => {
  it('calls the kernel n times with its state, inside one start/end pair', () => {
    const clock = createFakeClock(0);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const seen: unknown[] = [];
    const loop = makeSyncLoop(
      (s) => {
        seen.push(s);
        clock.spend(10);
        return seen.length;
      },
      'state',
      clock,
    );
    expect(loop(7)).toBe(7); // the last value, for the checksum
    expect(seen).toEqual(Array(7).fill('state'));
    expect(buf[2] - buf[0]).toBe(70);
  });

  it('feeds every returned value into the sink phi and returns the last one', () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    let i = 0;
    const loop = makeSyncLoop(() => ++i * 1.5, undefined, clock);
    expect(loop(30)).toBe(45);
    expect(makeSyncLoop(() => 'v', undefined, clock)(1)).toBe('v');
    expect(loop(0)).toBeUndefined();
  });

  it('the generated source sinks with `last = fn(state)` and reads the clock only around the loop', () => {
    const clock = createFakeClock();
    const src = makeSyncLoop(() => 1, undefined, clock).toString();
    expect(src).toContain('last = fn(state)');
    expect(src.indexOf('clock.start()')).toBeLessThan(src.indexOf('for ('));
    expect(src.indexOf('clock.end()')).toBeGreaterThan(src.indexOf('for ('));
    expect(src.match(/clock\./g)).toHaveLength(2);
  });

  it('without the sink (overhead benchmarks only) returns nothing', () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const loop = makeSyncLoop(() => 1, undefined, clock, { sink: false });
    expect(loop(5)).toBeUndefined();
  });

  it('generates a distinct function per benchmark (own call-site feedback)', () => {
    const clock = createFakeClock();
    const f = () => 1;
    expect(makeSyncLoop(f, undefined, clock)).not.toBe(makeSyncLoop(f, undefined, clock));
    expect(makeSyncLoop(f, undefined, clock, { label: 'x */ y\n' }).toString()).toContain('cyclebenchLoop');
  });

  it('propagates a throwing kernel', () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const loop = makeSyncLoop(
      () => {
        throw new Error('boom');
      },
      undefined,
      clock,
    );
    expect(() => loop(3)).toThrow('boom');
  });
});

describe('makeAsyncLoop', () => {
  it('awaits each call before starting the next, and ends the clock after the last', async () => {
    const clock = createFakeClock();
    const buf = new Float64Array(4);
    clock.bind(buf);
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    const loop = makeAsyncLoop(
      async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setImmediate(r));
        clock.spend(5);
        running--;
        return ++done;
      },
      undefined,
      clock,
    );
    expect(await loop(6)).toBe(6);
    expect(maxRunning).toBe(1);
    expect(buf[2] - buf[0]).toBe(30);
  });

  it('sinks the resolved values, not the promises', async () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    let i = 0;
    const loop = makeAsyncLoop(async () => ++i, undefined, clock);
    expect(await loop(4)).toBe(4);
  });

  it('rejects when the kernel rejects', async () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const loop = makeAsyncLoop(() => Promise.reject(new Error('nope')), undefined, clock);
    await expect(loop(2)).rejects.toThrow('nope');
  });
});
