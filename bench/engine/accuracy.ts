// Accuracy: a kernel and the same kernel doing exactly twice the work must
// measure a slope ratio of 2.00, in every process. The parent starts PROCESSES fresh
// processes; each measures both kernels (order alternating by process) and prints its
// ratio. Run: node --expose-gc --import tsx bench/engine/accuracy.ts [processes]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fitKernel, fmt, machine, median } from './common.js';

const STEPS = 256;

// The work: xorshift32 steps on a closure variable (a side effect, so nothing is dead).
let state = 0x9e3779b9;
function work(steps: number): number {
  let s = state;
  for (let i = 0; i < steps; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
  }
  state = s;
  return s;
}

async function child(index: number): Promise<void> {
  const once = () => work(STEPS);
  const twice = () => work(2 * STEPS);
  const order = index % 2 ? [twice, once] : [once, twice];
  const slopes = new Map<unknown, number>();
  for (const k of order) slopes.set(k, (await fitKernel(k === once ? 'once' : 'twice', k)).slope);
  const a = slopes.get(once)!;
  const b = slopes.get(twice)!;
  process.stdout.write(JSON.stringify({ once: a, twice: b, ratio: b / a }) + '\n');
}

function parent(processes: number): void {
  console.log(`# accuracy: slope(${2 * STEPS} steps) / slope(${STEPS} steps), ${processes} processes\n${machine()}\n`);
  console.log('| process | once ns/iter | twice ns/iter | ratio |\n|---:|---:|---:|---:|');
  const ratios: number[] = [];
  for (let p = 0; p < processes; p++) {
    const r = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(p)],
      { encoding: 'utf8' },
    );
    const line = r.stdout.trim().split('\n').pop() ?? '';
    try {
      const { once, twice, ratio } = JSON.parse(line) as { once: number; twice: number; ratio: number };
      ratios.push(ratio);
      console.log(`| ${p} | ${fmt(once, 4)} | ${fmt(twice, 4)} | ${ratio.toFixed(3)} |`);
    } catch {
      console.log(`| ${p} | failed: ${r.stderr.trim().split('\n').pop()} | | |`);
    }
  }
  const worst = Math.max(...ratios.map((r) => Math.abs(r - 2) / 2));
  console.log(`\nmedian ratio ${median(ratios).toFixed(3)}, worst deviation from 2.00: ${(100 * worst).toFixed(2)} %`);
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(Number(args[1]));
else parent(Number(args[0] ?? 5));
