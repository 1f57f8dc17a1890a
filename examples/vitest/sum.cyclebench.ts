// Named *.cyclebench.ts: cyclebench finds it, `vitest bench` (which takes *.bench.*) does not.
// A 100× difference in work, so the verdict is clear even on a busy machine.
import { bench, group } from '../../src/index.js';

group('sum', () => {
  bench('100 numbers', () => {
    const a = Array.from({ length: 100 }, (_, i) => i);
    return () => a.reduce((s, x) => s + x, 0);
  }).baseline();

  bench('10,000 numbers', () => {
    const a = Array.from({ length: 10_000 }, (_, i) => i);
    return () => a.reduce((s, x) => s + x, 0);
  });
});
