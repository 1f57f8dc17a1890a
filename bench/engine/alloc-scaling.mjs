// A plain loop over the objects kernel of bench/engine/kernels/contention-alloc-kernels.ts, with no
// harness: does allocating twice as much per call cost twice the time in V8? (docs/measurements.md,
// "Allocating kernels under contention"). Forms: `once` (64 objects), `twice` (the same closure
// called twice, the first result stored in a global as the sink does), `o128` (128 objects in
// one call). Prints the median ns per call of rounds 3–6, each of 2·10⁶ calls.
//   node bench/engine/alloc-scaling.mjs once|twice|o128
//   node --trace-gc bench/engine/alloc-scaling.mjs twice | grep -c Scavenge
function objects(n) {
  let k = 0;
  return () => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = { id: i, v: k++, tag: null };
    return out;
  };
}
const held = { value: null };
const FORMS = {
  once: () => objects(64),
  o128: () => objects(128),
  twice: () => {
    const k = objects(64);
    return () => {
      held.value = k();
      return k();
    };
  },
};
const form = process.argv[2];
if (!(form in FORMS)) {
  console.error(`usage: node bench/engine/alloc-scaling.mjs ${Object.keys(FORMS).join('|')}`);
  process.exit(2);
}
const fn = FORMS[form]();
const CALLS = 2e6;
const perCall = [];
let last;
for (let round = 0; round < 6; round++) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) last = fn();
  if (round >= 2) perCall.push(Number(process.hrtime.bigint() - t0) / CALLS);
}
held.value = last;
perCall.sort((a, b) => a - b);
console.log(`${form}: ${((perCall[1] + perCall[2]) / 2).toFixed(1)} ns per call (median of ${perCall.length} rounds)`);
