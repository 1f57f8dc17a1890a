// Overheads: the clock read pair, the loop per iteration, and the sink.
// Sink cost = slope with the sink − slope without it, on kernels whose work has a side
// effect (so it stays without a sink); mitata's global-store sink (`$._ = v`) is shown
// next to it. Variants are interleaved within one process, `repeats` times.
// Run: node --expose-gc --import tsx bench/engine/overheads.ts [repeats]
import { fitKernel, fmt, machine, median, platform } from './common.js';

const repeats = Number(process.argv[2] ?? 3);
console.log(`# overheads, ${repeats} interleaved repeats in one process\n${machine()}\n`);

// ---- clock read pair, timed directly with hrtime over many pairs (best of 5)
const clock = platform.clock;
const buf = new Float64Array(4);
clock.bind(buf);
let best = Infinity;
for (let r = 0; r < 5; r++) {
  const N = 1_000_000;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    clock.start();
    clock.end();
  }
  best = Math.min(best, Number(process.hrtime.bigint() - t0) / N);
}
console.log(`clock.start()+clock.end() pair: ${best.toFixed(1)} ns (best of 5 × 1e6 pairs, wall time)\n`);

// ---- kernels with side effects
let x = 1;
const cheap = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
let s = 0x9e3779b9;
const micro = () => {
  let v = s;
  for (let i = 0; i < 400; i++) {
    v ^= v << 13;
    v ^= v >>> 17;
    v ^= v << 5;
  }
  return (s = v);
};
// A pure computation on a changing input: without a sink its result is dead.
let k = 0;
const pure = () => Math.sqrt(++k);
const g = globalThis as unknown as { $: { _: unknown } };
g.$ = { _: null };
const variants: [string, () => unknown, boolean][] = [
  ['cheap, no sink', cheap, false],
  ['cheap, cyclebench sink', cheap, true],
  ['cheap, mitata-style $._ = v', () => (g.$._ = cheap()), false],
  ['~1 µs, no sink', micro, false],
  ['~1 µs, cyclebench sink', micro, true],
  ['~1 µs, mitata-style $._ = v', () => (g.$._ = micro()), false],
  ['pure sqrt(++k), no sink', pure, false],
  ['pure sqrt(++k), cyclebench sink', pure, true],
  ['no-op () => {}, no sink', () => {}, false],
  ['no-op () => {}, cyclebench sink', () => {}, true],
];
const slopes = new Map<string, number[]>();
const intercepts: number[] = [];
for (let r = 0; r < repeats; r++) {
  for (const [name, fn, sink] of variants) {
    const f = await fitKernel(name, fn, {}, { loop: { sink } });
    slopes.set(name, [...(slopes.get(name) ?? []), f.slope]);
    if (name.startsWith('no-op') && sink) intercepts.push(f.intercept);
  }
}
console.log('| variant | median slope ns/iter | all repeats | vs no sink |\n|---|---:|---|---:|');
for (const [name] of variants) {
  const m = median(slopes.get(name)!);
  const base = median(slopes.get(name.replace(/,.*$/, ', no sink'))!);
  console.log(
    `| ${name} | ${fmt(m, 4)} | ${slopes
      .get(name)!
      .map((v) => fmt(v, 3))
      .join(', ')} | ${(m / base).toFixed(3)} |`,
  );
}
console.log(
  `\nfixed per-batch cost (no-op intercept: clock pair + loop entry/exit): median ${fmt(median(intercepts), 3)} ns`,
);
