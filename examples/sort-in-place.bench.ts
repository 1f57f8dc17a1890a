// An in-place sort needs a fresh, unsorted array for every call: `.setupEach()` makes one
// per iteration before each batch's clock starts, so only the sort is timed. With
// `.inputs()` instead, the pool of inputs is reused: after its first pass every array is
// already sorted, the kernel sorts sorted data (several times faster), and cyclebench
// flags the result 'inputs-changed'. "copy + sort" minus "copy" should come out within
// the noise of "sort in place (setupEach)" (docs/measurements.md).
import { bench, group } from '../src/index.js';

const N = 100;
const byValue = (a: number, b: number): number => a - b;

function unsorted(rng: { next(): number }): number[] {
  return Array.from({ length: N }, () => rng.next());
}

group('sort 100 numbers', () => {
  bench('sort in place (setupEach)', () => (a: number[]) => a.sort(byValue))
    .setupEach((_args, rng) => unsorted(rng))
    .baseline();

  // The check: copy + sort minus copy. Both draw from a pool of unsorted arrays and never
  // change it; sorting one same array every time would let the branch predictor learn it.
  bench('copy + sort', () => (a: number[]) => a.slice().sort(byValue)).inputs((rng) => unsorted(rng));
  bench('copy', () => (a: number[]) => a.slice()).inputs((rng) => unsorted(rng));

  // The mistake .setupEach() exists for: measured on mostly sorted data, and warned about.
  bench('sort in place (reused pool)', () => (a: number[]) => a.sort(byValue)).inputs((rng) => unsorted(rng));
});
