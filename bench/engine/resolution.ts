// Resolution: a no-op's per-iteration time after intercept removal (the OLS
// slope) must be < 0.5 ns, or be flagged optimized-away by the analysis. Also shows the
// intercept: the fixed per-batch cost (two clock reads + loop entry) that the slope removes.
// Run: node --expose-gc --import tsx bench/engine/resolution.ts [repeats]
import { fitKernel, fmt, machine } from './common.js';

const repeats = Number(process.argv[2] ?? 3);
console.log(`# resolution: no-op kernels, ${repeats} repeats in one process\n${machine()}\n`);
console.log(
  '| kernel | repeat | slope ns/iter | intercept ns | R² | clean batches | stop |\n|---|---:|---:|---:|---:|---:|---|',
);
const kernels: [string, () => unknown][] = [
  ['() => {}', () => {}],
  ['() => 1', () => 1],
];
for (let r = 0; r < repeats; r++) {
  for (const [name, fn] of kernels) {
    const f = await fitKernel(name, fn);
    console.log(
      `| \`${name}\` | ${r} | ${fmt(f.slope)} | ${fmt(f.intercept)} | ${f.r2.toFixed(3)} | ${f.clean}/${f.fork.batches.length} | ${f.fork.stop} |`,
    );
  }
}
