// A/B verdicts with a FAKE ChildRunner: identical distributions → no-difference, a clear
// shift → slower/faster, a failing command → incomparable; runs are interleaved A, B, A, B.
import { describe, expect, it } from 'vitest';
import { stat } from '../../src/stat/stat.js';
import { fakePlatform, spread } from '../helpers/fake-stat-platform.js';

const base = {
  runs: 10,
  environment: { fixture: true },
  excludeKernel: false,
  events: ['task-clock', 'page-faults'] as const,
};

function verdict(r: Awaited<ReturnType<typeof stat>>, metric: string) {
  return r.comparisons.find((c) => c.metric === metric)!;
}

describe('stat A/B verdicts', () => {
  it('identical distributions → no-difference, runs interleaved', async () => {
    const p = fakePlatform((_argv, i) => ({ wallMs: spread(10, i >> 1) }));
    const r = await stat({ ...base, events: [...base.events], command: ['a'], vs: [['b']], platform: p });
    expect(p.calls.map((c) => c.argv[0]).slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
    expect(verdict(r, 'wall-time')).toMatchObject({ verdict: 'no-difference', ratio: 1 });
    expect(verdict(r, 'task-clock').verdict).toBe('no-difference');
  });

  it('B 20 % slower → slower; reversed → faster; ratio CI excludes 1', async () => {
    const p = fakePlatform((argv, i) => ({ wallMs: spread(argv[0] === 'a' ? 10 : 12, i >> 1) }));
    const r = await stat({ ...base, events: [...base.events], command: ['a'], vs: [['b']], platform: p });
    const w = verdict(r, 'wall-time');
    expect(w.verdict).toBe('slower');
    expect(w.ratio).toBeCloseTo(1.2, 2);
    expect(w.ci95![0]).toBeGreaterThan(1);
    const q = fakePlatform((argv, i) => ({ wallMs: spread(argv[0] === 'a' ? 12 : 10, i >> 1) }));
    const r2 = await stat({ ...base, events: [...base.events], command: ['a'], vs: [['b']], platform: q });
    expect(verdict(r2, 'wall-time').verdict).toBe('faster');
  });

  it('a significant change below the noise threshold is no-difference (within noise)', async () => {
    const p = fakePlatform((argv, i) => ({ wallMs: spread(argv[0] === 'a' ? 10 : 10.05, i >> 1) }));
    const r = await stat({ ...base, events: [...base.events], command: ['a'], vs: [['b']], platform: p });
    expect(verdict(r, 'wall-time')).toMatchObject({ verdict: 'no-difference' });
    expect(verdict(r, 'wall-time').reason).toMatch(/within noise/);
  });

  it('one failed run of B → incomparable for every metric', async () => {
    const p = fakePlatform((argv, i) =>
      argv[0] === 'b' && i === 5 ? { wallMs: 10, exitCode: 3 } : { wallMs: spread(10, i >> 1) },
    );
    const r = await stat({ ...base, events: [...base.events], command: ['a'], vs: [['b']], platform: p });
    expect(r.comparisons.length).toBeGreaterThan(0);
    expect(r.comparisons.every((c) => c.verdict === 'incomparable')).toBe(true);
    expect(verdict(r, 'wall-time').reason).toBe('command 2 failed in 1 run(s)');
  });

  it('the same seed gives the same CI', async () => {
    const run = async () =>
      stat({
        ...base,
        events: [...base.events],
        command: ['a'],
        vs: [['b']],
        seed: 7,
        platform: fakePlatform((argv, i) => ({ wallMs: spread(argv[0] === 'a' ? 10 : 11, i >> 1) + (i % 3) })),
      });
    expect(verdict(await run(), 'wall-time').ci95).toEqual(verdict(await run(), 'wall-time').ci95);
  });
});
