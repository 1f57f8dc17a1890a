// The file of bench/engine/order.ts: one kernel registered first and last, with two
// different kernels between them that change what a shared process would carry over:
// - megamorphic calls: the helper `weight` (shared with the kernel, as library code is
//   shared between benchmarks) sees 8 object shapes, so its property load's feedback goes
//   megamorphic, and a loop compiled afterwards inlines it with a generic load;
// - allocation heavy: short-lived objects grow and churn the heap, so later benchmarks run
//   with a different heap and GC state.
// In fresh processes (the CLI) neither can reach the last kernel; in one process (run())
// both can. The first is the group's baseline, so the CLI's own verdict says whether the
// last agrees with it.
import { bench, group } from '../../../src/index.js';

interface Weighted {
  w: number;
}

/** Shared by the kernel and the megamorphic benchmark. */
function weight(o: Weighted): number {
  return o.w * 2 + 1;
}

function kernel(): () => number {
  const xs: Weighted[] = [];
  for (let i = 0; i < 600; i++) xs.push({ w: (i * 7919) % 1000 });
  return () => {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += weight(xs[i]);
    return s;
  };
}

function megamorphic(): () => number {
  const makers: ((i: number) => Weighted)[] = [
    (i) => ({ w: i }),
    (i) => ({ a: 1, w: i }),
    (i) => ({ b: 'x', w: i }),
    (i) => ({ w: i, c: true }),
    (i) => ({ d: null, e: 0, w: i }),
    (i) => ({ f: [], w: i }),
    (i) => ({ g: 2.5, h: 1, k: 2, w: i }),
    (i) => ({ z: {}, w: i }),
  ];
  const xs: Weighted[] = [];
  for (let i = 0; i < 600; i++) xs.push(makers[i % makers.length](i % 1000));
  return () => {
    let s = 0;
    for (let i = 0; i < xs.length; i++) s += weight(xs[i]);
    return s;
  };
}

function allocationHeavy(): () => number {
  return () => {
    const out: { id: number; tags: number[]; name: string }[] = [];
    for (let i = 0; i < 40; i++) out.push({ id: i, tags: [i, i + 1, i + 2], name: `item ${i}` });
    return out.length;
  };
}

export const FIRST = 'kernel (first)';
export const LAST = 'kernel (last)';
export const GROUP = 'order';

group(GROUP, () => {
  bench(FIRST, kernel).baseline();
  bench('megamorphic calls', megamorphic);
  bench('allocation heavy', allocationHeavy);
  bench(LAST, kernel);
});
