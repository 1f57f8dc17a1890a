// cyclebench as vitest 5's benchmark provider, called as vitest calls it (`run({ test, config,
// registrations, options })`), without vitest: one tinybench-shaped result per registration, by
// name; tinybench's hooks run as tinybench defines them. Orders asserted, never times. The run
// under real `vitest bench` is in vitest5.slow.test.ts.
import { describe, expect, it, vi } from 'vitest';
import provider, { IN_PROCESS_LINE } from '../../src/compat/vitest-provider.js';

const sink: number[] = [];
function work(n: number) {
  let s = 0;
  for (let i = 0; i < n; i++) s = (s + i * i) % 1000003;
  sink[0] = s;
}

describe('the vitest benchmark provider', () => {
  it('measures each registration in this process: results by name, the 20× work slower in latency and throughput', async () => {
    const results = await provider.run({
      test: { fullTestName: 't' },
      config: { retainSamples: false },
      registrations: [
        { name: 'lib1', fn: () => work(200) },
        { name: 'lib2', fn: () => work(4000) },
      ],
      options: { iterations: 100, time: 1000 },
    });
    expect(results.map((r) => [r.name, r.state])).toEqual([
      ['lib1', 'completed'],
      ['lib2', 'completed'],
    ]);
    const [lib1, lib2] = results;
    expect(lib2!.latency.mean).toBeGreaterThan(lib1!.latency.mean);
    expect(lib2!.throughput.mean).toBeLessThan(lib1!.throughput.mean);
    for (const r of results) {
      expect(r.latency.samplesCount).toBeGreaterThan(1);
      expect(r.latency.min).toBeLessThanOrEqual(r.latency.p50);
      expect(r.latency.p50).toBeLessThanOrEqual(r.latency.max);
      expect(r.latency.moe).toBeGreaterThanOrEqual(0);
      expect(r.period).toBe(r.latency.mean);
      expect(r.throughput.mean).toBeCloseTo(1 / (r.latency.mean / 1e3), 6);
    }
  });

  it('runs beforeAll/afterAll once around the measurement and beforeEach before every call', async () => {
    const seen = { beforeAll: 0, afterAll: 0, beforeEach: 0, calls: 0, dirty: 0 };
    let fresh = false;
    const [r] = await provider.run({
      test: { fullTestName: 'hooks' },
      registrations: [
        {
          name: 'with hooks',
          fn: () => {
            seen.calls++;
            if (!fresh) seen.dirty++;
            fresh = false;
            work(50);
          },
          fnOpts: {
            beforeAll: () => void seen.beforeAll++,
            afterAll: () => void seen.afterAll++,
            beforeEach: () => {
              seen.beforeEach++;
              fresh = true;
            },
          },
        },
      ],
    });
    expect(r!.name).toBe('with hooks');
    expect([seen.beforeAll, seen.afterAll]).toEqual([1, 1]);
    expect(seen.calls).toBeGreaterThan(10);
    expect(seen.beforeEach).toBe(seen.calls);
    expect(seen.dirty).toBe(0);
  });

  it('says on stderr, once per process, what measuring in one process cannot capture and how to get fresh processes', async () => {
    vi.resetModules();
    const fresh = (await import('../../src/compat/vitest-provider.js')).default;
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (const name of ['a', 'b']) await fresh.run({ test: {}, registrations: [{ name, fn: () => work(10) }] });
      const said = write.mock.calls.filter(([text]) => String(text).includes(IN_PROCESS_LINE));
      expect(said).toHaveLength(1);
    } finally {
      write.mockRestore();
    }
    expect(IN_PROCESS_LINE).toMatch(/variation between processes .* cyclebench run FILE/);
  });
});
