// The noise audit's fixed kernel: the sum of a 1,000-element array of small integers
// (the seeds' array-sum kernel, ~1 µs). Fixed so that audits of different machines and
// days measure the same work.
import { bench } from '../api/index.js';

bench('array sum 1000', () => {
  const a: number[] = [];
  for (let i = 0; i < 1000; i++) a.push((i * 7919) % 1000);
  return () => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i];
    return s;
  };
});
