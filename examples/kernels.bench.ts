// The example suite `npm run example` measures: small kernels whose answers a reader can
// check by reasoning. The plain array holds small integers, which V8 sums with integer
// adds (one cycle each); the Float64Array forces floating-point adds, whose 3–4 cycle
// latency bounds a dependent sum: ~1,000 × 3 cycles ≈ 1.2 µs at 2.4 GHz, so the typed
// array is expected to be the *slower* one here, and reduce (inlined by TurboFan) close to
// the for loop. If a result contradicts the reasoning, look at the warnings first.
import { bench, group } from '../src/index.js';

function makeArray(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push((i * 7919) % 1000);
  return a;
}

group('array sum', () => {
  bench('for loop', () => {
    const a = makeArray(1000);
    return () => {
      let s = 0;
      for (let i = 0; i < a.length; i++) s += a[i];
      return s;
    };
  }).baseline();

  bench('reduce', () => {
    const a = makeArray(1000);
    return () => a.reduce((s, x) => s + x, 0);
  });

  bench('Float64Array loop', () => {
    const a = Float64Array.from(makeArray(1000));
    return () => {
      let s = 0;
      for (let i = 0; i < a.length; i++) s += a[i];
      return s;
    };
  });
});

group('strings', () => {
  bench('JSON.stringify small object', () => {
    const o = { id: 42, name: 'cyclebench', tags: ['a', 'b', 'c'], nested: { ok: true } };
    return () => JSON.stringify(o);
  });

  bench('JSON.parse small object', () => {
    const text = JSON.stringify({ id: 42, name: 'cyclebench', tags: ['a', 'b', 'c'], nested: { ok: true } });
    return () => JSON.parse(text);
  });
});
