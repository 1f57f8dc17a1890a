// Comparisons between separate runs, re-judged from stored result files of the contention bench
// (bench/engine/contention.ts keeps each run's document in its scratch directory): for every two
// runs at the same number of CPU hogs, each allocating kernel's "once" benchmark of the first run
// against, from the second run, the same benchmark (A/A), its "twice" (2×), and the same
// benchmark with every batch's time scaled by 1.05 and 1.10 (a code change of that size under
// the second run's host). Prints how often each truth got each verdict with the code of this
// checkout, so two checkouts' rules can be set side by side on the same runs.
//   node --import tsx bench/compare/separate-runs.ts DIR... [--pairs 84]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verdictForForks } from '../../src/compare/verdict.js';
import type { Batch, ForkResult, ResultDocument } from '../../src/results/schema.js';

const { values: opt, positionals: dirs } = parseArgs({
  options: { pairs: { type: 'string', default: '84' } },
  allowPositionals: true,
});
const settings = { threshold: 0.01, confidence: 0.95, seed: 1, statistic: 'slope' as const, separateRuns: true };

/** The forks with every batch's times scaled by k: the same host, code that costs k times as much. */
function scaled(forks: ForkResult[], k: number): ForkResult[] {
  const times = (b: Batch): Partial<Batch> => ({
    ns: b.ns * k,
    ticks: b.ticks * k,
    ...(b.wallNs === undefined ? {} : { wallNs: b.wallNs * k }),
    ...(b.processCpuNs === undefined ? {} : { processCpuNs: b.processCpuNs * k }),
  });
  return forks.map((f) => ({ ...f, batches: f.batches.map((b) => ({ ...b, ...times(b) })) }));
}

const tally = new Map<string, Map<string, number>>();
const count = (truth: string, verdict: string) => {
  const t = tally.get(truth) ?? new Map<string, number>();
  t.set(verdict, (t.get(verdict) ?? 0) + 1);
  tally.set(truth, t);
};
for (const dir of dirs) {
  const files = readdirSync(dir)
    .filter((f) => /^alloc-\d+-\d+\.json$/.test(f))
    .sort();
  const docs = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ResultDocument);
  const hogs = (f: string) => f.split(/[-.]/)[2];
  let pairs = 0;
  for (let i = 0; i < docs.length; i++)
    for (let j = i + 1; j < docs.length && pairs < Number(opt.pairs); j++) {
      if (hogs(files[i]) !== hogs(files[j])) continue;
      pairs++;
      const forks = (d: ResultDocument, name: string) => d.benchmarks.find((b) => b.name === name)?.forks;
      for (const kernel of ['objects', 'concat', 'parse']) {
        const a = forks(docs[i], `${kernel} once`);
        const b = forks(docs[j], `${kernel} once`);
        const b2 = forks(docs[j], `${kernel} twice`);
        if (!a || !b || !b2) continue;
        count('A/A', verdictForForks(a, b, settings).verdict);
        count('2×', verdictForForks(a, b2, settings).verdict);
        count('+5 %', verdictForForks(a, scaled(b, 1.05), settings).verdict);
        count('+10 %', verdictForForks(a, scaled(b, 1.1), settings).verdict);
      }
    }
}
console.log('| truth | comparisons | slower | faster | no difference | cannot tell | other |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [truth, t] of tally) {
  const n = [...t.values()].reduce((x, y) => x + y, 0);
  const known = ['slower', 'faster', 'no-difference', 'cannot-tell'];
  const other = [...t].filter(([v]) => !known.includes(v)).reduce((x, [, c]) => x + c, 0);
  console.log(`| ${truth} | ${n} | ${known.map((v) => t.get(v) ?? 0).join(' | ')} | ${other} |`);
}
