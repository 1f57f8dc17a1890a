import { describe, expect, it } from 'vitest';
import { makeAsyncLoop, makeSyncLoop } from '../../src/engine/loop.js';
import type { SinkBox } from '../../src/engine/sink.js';
import { createFakeClock } from './fake-clock.js';

function box(): SinkBox {
  return { marker: Object.freeze({ test: 'marker' }), hits: 0 };
}

describe('makeSyncLoop', () => {
  it('calls the kernel n times with its state, inside one start/end pair', () => {
    const clock = createFakeClock(0);
    const buf = new Float64Array(4);
    clock.bind(buf);
    const seen: unknown[] = [];
    const loop = makeSyncLoop((s) => {
      seen.push(s);
      clock.spend(10);
      return seen.length;
    }, 'state', clock);
    expect(loop(7)).toBe(7); // the last value, for the checksum
    expect(seen).toEqual(Array(7).fill('state'));
    expect(buf[2] - buf[0]).toBe(70);
  });

  it('passes every returned value through the sink comparison', () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const b = box();
    let i = 0;
    // Returning the marker is the only way to make the sink count; every 3rd call does.
    const loop = makeSyncLoop(() => (++i % 3 === 0 ? b.marker : i), undefined, clock, { box: b });
    loop(30);
    expect(b.hits).toBe(10);
    loop(9);
    expect(b.hits).toBe(13);
  });

  it('without the sink (overhead benchmarks only) counts nothing', () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const b = box();
    const loop = makeSyncLoop(() => b.marker, undefined, clock, { box: b, sink: false });
    expect(loop(5)).toBeUndefined();
    expect(b.hits).toBe(0);
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
    const loop = makeSyncLoop(() => {
      throw new Error('boom');
    }, undefined, clock);
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
    const loop = makeAsyncLoop(async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((r) => setImmediate(r));
      clock.spend(5);
      running--;
      return ++done;
    }, undefined, clock);
    expect(await loop(6)).toBe(6);
    expect(maxRunning).toBe(1);
    expect(buf[2] - buf[0]).toBe(30);
  });

  it('sinks the resolved values, not the promises', async () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const b = box();
    const loop = makeAsyncLoop(async () => b.marker, undefined, clock, { box: b });
    await loop(4);
    expect(b.hits).toBe(4);
  });

  it('rejects when the kernel rejects', async () => {
    const clock = createFakeClock();
    clock.bind(new Float64Array(4));
    const loop = makeAsyncLoop(() => Promise.reject(new Error('nope')), undefined, clock);
    await expect(loop(2)).rejects.toThrow('nope');
  });
});
