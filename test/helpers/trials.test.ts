import { describe, expect, it } from 'vitest';
import { trials } from './trials.js';

/** Keeps the thread busy for `ms` of wall time, as a CPU-bound trial does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('trials', () => {
  it('runs every body once, in order', async () => {
    const seen: number[] = [];
    await trials(5, (t) => seen.push(t));
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets timers and I/O callbacks run while the trials go on', async () => {
    // 20 bodies of 5 ms of work each: at least four returns to the event loop on the way.
    let fired = -1;
    let at = 0;
    setTimeout(() => (fired = at), 0);
    await trials(20, (t) => {
      at = t;
      busy(5);
    });
    expect(fired).toBeGreaterThanOrEqual(0);
    expect(fired).toBeLessThan(19);
  });
});
