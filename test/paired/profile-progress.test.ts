// A paired run's profiles, taken after every pair, name the row being profiled (the progress line
// shows it, with no ETA). The profiled processes are stood in for here; the profile capture itself
// is the slow tier's (test/profile/paired-profile.slow.test.ts).
import { describe, expect, it } from 'vitest';
import { profileChangedRows } from '../../src/paired/profile.js';

describe('profiles of a paired run', () => {
  it('tell which row is profiled, and only the rows that changed', async () => {
    const row = (name: string, verdict: string) => ({
      row: { name, group: 'g', pairs: [{ a: 1, b: 2 }], analysis: { verdict } },
      other: {} as never,
      current: {} as never,
    });
    const named: string[] = [];
    let taken = 0;
    const take = async () => {
      taken++;
      return { summary: { file: null, scope: 'process' as const, samples: 0, intervalUs: 100, top: [] }, times: [] };
    };
    const interrupted = await profileChangedRows(
      {} as never,
      [row('a', 'slower'), row('b', 'no-difference'), row('c', 'faster')],
      {} as never,
      { dir: '/tmp' },
      (name) => named.push(name),
      take as never,
    );
    expect(interrupted).toBe(false);
    expect(named).toEqual(['g/a', 'g/c']);
    expect(taken).toBe(4);
  });
});
