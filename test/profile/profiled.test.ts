// Whether a measured process ran under a CPU profiler: the worker reads its own flags
// (src/worker/profiled.ts), the document keeps it per process (ForkResult.profiled), and the
// caveats name the processes whose times include a profiler's cost.
import { describe, expect, it } from 'vitest';
import { profilerFlag } from '../../src/worker/profiled.js';
import { caveats } from '../../src/report/caveats.js';
import { parseResultDocument } from '../../src/results/read.js';
import { syntheticBenchmark, syntheticDocument, syntheticForks } from '../helpers/synthetic-results.js';

describe('profiled processes', () => {
  it('finds --cpu-prof and --prof in the flags or NODE_OPTIONS, nothing else', () => {
    expect(profilerFlag(['--expose-gc', '--cpu-prof'])).toBe('--cpu-prof');
    expect(profilerFlag(['--expose-gc'], '--max-old-space-size=100 --prof')).toBe('--prof');
    expect(profilerFlag(['--cpu-prof=true'])).toBe('--cpu-prof=true');
    expect(profilerFlag(['--expose-gc', '--cpu-prof-dir=x', '--prof-process', '--heap-prof'], '  ')).toBeNull();
    expect(profilerFlag([])).toBeNull();
  });

  it('the caveats name the measured processes a profiler ran in; none when none did', () => {
    const forks = syntheticForks(3, 3, { cost: 10 });
    const clean = syntheticDocument([syntheticBenchmark('k', forks)]);
    expect(caveats(clean).join('\n')).not.toContain('profiler');
    forks[0].profiled = 'flags';
    forks[2].profiled = 'flags';
    const doc = syntheticDocument([syntheticBenchmark('k', forks)]);
    expect(caveats(doc)).toContain(
      "k: a CPU profiler ran in measured processes 1, 3: the times include the profiler's cost",
    );
    // read back: kept, and only the two known values are accepted
    expect(parseResultDocument(JSON.parse(JSON.stringify(doc))).benchmarks[0].forks[0].profiled).toBe('flags');
    forks[0].profiled = 'perf' as never;
    expect(() => parseResultDocument(JSON.parse(JSON.stringify(doc)))).toThrow(/profiled/);
  });
});
