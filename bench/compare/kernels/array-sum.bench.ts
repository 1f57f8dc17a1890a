// The kernel of bench/compare/aa.ts: a ~1 µs sum over a plain array of BASE small integers,
// and the same kernel with EXTRA more elements that are all 0: more work (EXTRA/BASE more
// additions), the same result, so the result checksums of both versions agree and
// `cyclebench compare` treats them as two versions of one benchmark, as a real regression.
// The sizes come from the environment (the workers inherit it), so one file serves both
// versions under one benchmark name.
import { bench, group } from '../../../src/index.js';

const BASE = Number(process.env.AA_BENCH_BASE ?? 1000);
const EXTRA = Number(process.env.AA_BENCH_EXTRA ?? 0);

group('aa', () => {
  bench('array sum', () => {
    const a: number[] = [];
    for (let i = 0; i < BASE; i++) a.push((i * 7919) % 1000);
    for (let i = 0; i < EXTRA; i++) a.push(0);
    return () => {
      let s = 0;
      for (let i = 0; i < a.length; i++) s += a[i];
      return s;
    };
  });
});
