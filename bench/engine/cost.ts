// What a default run costs: the wall time of `cyclebench run` (fresh processes, 3 per
// benchmark) on eight small kernels, against mitata and tinybench measuring the same kernels
// in one process each, interleaved (rotated order per repetition). Every tool is started the
// same way (node + tsx), so TypeScript start-up is in every figure. cyclebench runs its
// compiled build (dist/, built first), as an installed package does; --source runs the
// command and its workers from the TypeScript sources through tsx instead, as a checkout does
// (the kernel file imports 'cyclebench' by name, so it gets dist/ either way).
// --hogs N starts N CPU hogs (`node -e 'for(;;){}'`) for the whole measurement and stops them.
//   node --import tsx bench/engine/cost.ts [--reps 3] [--source] [--hogs 1]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cyclebenchRun, loadLine, ROOT, rotate, runCommand, scratchDir, secs, table } from './cli-runs.js';
import { machine } from './common.js';
import { startHog, stopHogs } from './hogs.js';

const { values: opt } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    source: { type: 'boolean', default: false },
    hogs: { type: 'string', default: '0' },
  },
});
const reps = Number(opt.reps);
const hogCount = Number(opt.hogs);
const cyclebenchEnv: Record<string, string> = opt.source ? {} : { CYCLEBENCH_USE_DIST: '1' };
execFileSync('npx', ['tsc', '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
const dir = scratchDir('cost');
const TOOLS = ['cyclebench', 'mitata', 'tinybench'] as const;
const wall: Record<string, number[]> = { cyclebench: [], mitata: [], tinybench: [] };
const build = opt.source ? 'sources through tsx' : 'compiled dist/';
console.log(
  `# cost: wall time of a default run of 8 small kernels (cyclebench: ${build}), ${hogCount} CPU hog(s) started by the bench\n${machine()}\n${loadLine()}\n`,
);
for (let i = 0; i < hogCount; i++) startHog();
for (let rep = 0; rep < reps; rep++)
  for (const tool of rotate(TOOLS, rep)) {
    const r =
      tool === 'cyclebench'
        ? cyclebenchRun(join(ROOT, 'bench/engine/kernels/cost.bench.ts'), join(dir, `${rep}.json`), [], cyclebenchEnv)
        : runCommand(process.execPath, [
            '--expose-gc',
            '--import',
            'tsx',
            join(ROOT, 'bench/engine/kernels/cost-tools.ts'),
            tool,
          ]);
    if (r.code !== 0) throw new Error(`${tool} failed: ${r.stderr.slice(-300)}`);
    wall[tool].push(r.wallMs);
    console.log(`rep ${rep}: ${tool} ${secs(r.wallMs)}`);
  }
stopHogs();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const m = median(wall.mitata);
console.log(
  '\n' +
    table(
      ['tool', 'median wall', '× mitata'],
      TOOLS.map((t) => [t, secs(median(wall[t])), (median(wall[t]) / m).toFixed(2)]),
      [false, true, true],
    ),
);
console.log(`\n${loadLine()}`);
