// Named *.cyclebench.ts: cyclebench finds it, `vitest bench` (which takes *.bench.*) does not.
// A 100× difference in work, so the verdict is clear even on a busy machine. Plain loops:
// `reduce` with a callback over 10,000 elements sometimes stayed in V8's baseline tier
// through warmup and was optimized mid-run (49 µs, then 2.7 µs per call in one process).
import { bench, group } from '../../src/index.js';

function sum(a: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}

group('sum', () => {
  bench('100 numbers', () => {
    const a = Array.from({ length: 100 }, (_, i) => i);
    return () => sum(a);
  }).baseline();

  bench('10,000 numbers', () => {
    const a = Array.from({ length: 10_000 }, (_, i) => i);
    return () => sum(a);
  });
});
