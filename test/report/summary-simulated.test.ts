// The terminal output of a run counted under Valgrind (`run --counters simulate`): no time,
// the simulated instructions per operation lead, one line says what "sim" means, and nothing
// that judges batch times or the machine's load is said. simulated.json is a real run of
// examples/vitest/sum.cyclebench.ts with --counters simulate on the busy VM (batches cut to 4
// per process); no Valgrind is needed to render it.
import { describe, expect, it } from 'vitest';
import { attachFindings } from '../../src/analysis/findings.js';
import { fullName } from '../../src/text/format.js';
import { presentRun } from '../../src/report/present.js';
import { renderSummary } from '../../src/report/summary.js';
import { readResultFile } from '../../src/results/read.js';
import type { BenchmarkResult, ResultDocument } from '../../src/results/schema.js';
import { counterCell } from '../../src/report/terminal.js';
import { expectGolden, FIXTURE_DIR } from '../helpers/golden.js';

const simulated = readResultFile(`${FIXTURE_DIR}simulated.json`);
const lines = (s: string): string[] => s.replace(/\n$/, '').split('\n');
const copy = (d: ResultDocument): ResultDocument => JSON.parse(JSON.stringify(d));
const instructions = (b: BenchmarkResult) => b.counters!.perOp.find((c) => c.event === 'sim-instructions')!.perOp;

/** The same run with what a timed run would complain about: GC in every batch, a changed machine, a poor fit. */
function withTimeComplaints(doc: ResultDocument): ResultDocument {
  const out = copy(doc);
  for (const b of out.benchmarks) {
    for (const f of ['gc-during-batches', 'environment-changed', 'low-r2'] as const)
      if (!b.flags.includes(f)) b.flags.push(f);
    b.details = [
      ...(b.details ?? []),
      {
        code: 'low-r2',
        severity: 'warning',
        benchmark: fullName(b.group, b.name),
        values: { threshold: 0.9, of: 2, processes: [1], r2: [0.2] },
      },
      {
        code: 'contamination',
        severity: 'warning',
        benchmark: fullName(b.group, b.name),
        values: { kind: 'gc-during-batches', batches: 4, of: 4, statistic: 'slope', cleanNs: null, change: null },
      },
    ];
  }
  return attachFindings(out);
}

describe('a simulated run in the terminal', () => {
  it('is a real simulated run: counts, no time', () => {
    expect(simulated.benchmarks.length).toBeGreaterThanOrEqual(2);
    for (const b of simulated.benchmarks) {
      expect(b.flags).toContain('simulated');
      expect(b.headline).toBeNull();
      expect(instructions(b)).toBeGreaterThan(0);
    }
  });

  for (const columns of [80, 120]) {
    it(`leads with simulated instructions per op at ${columns} columns, with the "sim" legend`, () => {
      const out = renderSummary(simulated, { columns });
      const [, header, , ...rows] = lines(out);
      expect(header).toMatch(/^benchmark +sim instr\/op +± CI/);
      expect(out).not.toMatch(/time\/iter|ops\/s|median|—/);
      for (const b of simulated.benchmarks) {
        const row = rows.find((r) => r.startsWith(b.name))!;
        expect(row.split(/ {2,}/)[1]).toBe(counterCell(instructions(b)));
      }
      expect(out).toMatch(/^sim: counted on Valgrind's simulated CPU/m);
      for (const l of lines(out)) expect([...l].length).toBeLessThanOrEqual(columns);
    });
  }

  it('compares simulated instructions with the baseline of the group: "more" or "fewer", not slower or faster', () => {
    const base = simulated.benchmarks.find((b) => b.baseline)!;
    const contender = simulated.benchmarks.find((b) => !b.baseline)!;
    const r = contender.relative!;
    // The run compared instructions per op (about 100× the work), not the time under Valgrind.
    expect(r.ratio!.point / (instructions(contender) / instructions(base))).toBeCloseTo(1, 1);
    expect(r.verdict).toBe('slower');
    const out = renderSummary(simulated, { columns: 100 });
    expect(out).toMatch(new RegExp(`^${contender.name} .* ${r.ratio!.point.toFixed(2)}× more \\[`, 'm'));
    expect(out).not.toMatch(/slower|faster|incomparable/);
    expect(presentRun(simulated, { detail: 'verbose' })).toMatch(/× more \[/);
  });

  it('wider terminals add the simulated cache and branch columns that carry data', () => {
    const header = lines(renderSummary(simulated, { columns: 200 }))[1];
    expect(header).toMatch(/sim D1 miss\/op/);
    expect(header).toMatch(/sim branch\/op/);
  });

  it('says nothing about batch times or the machine: no GC, noise, fit or changed-machine line', () => {
    const complaining = withTimeComplaints(simulated);
    const out = presentRun(complaining, { columns: 120 });
    expect(out).not.toMatch(/garbage collection|machine changed|noisy|not linear/);
    const verbose = presentRun(complaining, { detail: 'verbose' });
    expect(verbose).not.toMatch(/low-r2:|gc-during-batches: 4 of 4|time\/iter/);
    expect(verbose).toMatch(/counts simulated by valgrind/);
    expect(verbose.split('\n').find((l) => l.startsWith('benchmark'))).toMatch(/^benchmark +sim instr\/op/);
    // The same document timed (not simulated) says them: the checks above can fail.
    const timed = copy(complaining);
    for (const b of timed.benchmarks) b.flags = b.flags.filter((f) => f !== 'simulated');
    expect(presentRun(attachFindings(timed), { detail: 'verbose' })).toMatch(/low-r2:/);
    expect(renderSummary(attachFindings(timed), { columns: 120 })).toMatch(/machine changed/);
  });

  it('a kernel counted unoptimized is marked and gets its line', () => {
    const doc = copy(simulated);
    const b = doc.benchmarks[0];
    b.details = [
      ...(b.details ?? []),
      {
        code: 'not-optimized',
        severity: 'warning',
        benchmark: fullName(b.group, b.name),
        values: { tier: 'interpreted' },
      },
    ];
    const out = renderSummary(doc, { columns: 120 });
    expect(
      lines(out)
        .find((l) => l.startsWith(b.name))!
        .split(/ {2,}/),
    ).toContain('!');
    expect(out).toContain(`${b.name}: V8 ran the kernel in its interpreted tier, not optimized, while it was counted`);
  });

  it('golden at 80 columns', () => {
    expectGolden('summary-simulated-80.golden.txt', presentRun(simulated, { columns: 80 }));
  });
});

describe('cyclebench report of a run counted under Valgrind', () => {
  it('shows the counts it compared, words its verdict as more / fewer instructions, and plots no times', async () => {
    const { renderReport } = await import('../../src/index.js');
    const text = await renderReport(simulated, 'text');
    const big = simulated.benchmarks.find((b) => b.name.includes('10,000'))!;
    // The Result table holds each simulated count per op; the time columns are gone.
    expect(text).toMatch(new RegExp(`sum / 10,000 numbers\\s+${counterCell(instructions(big))} \\[`));
    expect(text).not.toMatch(/^\s+benchmark\s+time\/iter/m);
    expect(text).toMatch(/vs 100 numbers: more instructions, simulated instruction ratio 98\.\d+×/);
    expect(text).not.toContain('time ratio');
    const html = await renderReport(simulated, 'html');
    expect(html).not.toContain('fitted slope');
    expect(html).toContain('simulated instruction ratio to baseline (&lt; 1 fewer, &gt; 1 more)');
    expect(html).toContain(`${counterCell(instructions(big))} simulated instructions per iteration`);
    // No time chart of a run without times (it read "no estimate" on every row).
    expect(html).not.toMatch(/no estimate|data-plot="summary"/);
    // The CSV carries every simulated count per op in its own column.
    // Fields split at commas outside quotes (a name such as "sum / 10,000 numbers" is quoted).
    const fields = (line: string) => {
      const out = [''];
      let quoted = false;
      for (const ch of line) {
        if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) out.push('');
        else out[out.length - 1] += ch;
      }
      return out;
    };
    const [head, ...rows] = (await renderReport(simulated, 'csv')).trim().split('\n').map(fields);
    const col = head!.indexOf('sim_instructions_per_op');
    expect(col).toBeGreaterThan(0);
    expect(rows.map((r) => Number(r[col]))).toEqual(simulated.benchmarks.map(instructions));
  });
});

describe('the review of a simulated run without any counts', () => {
  it('keeps one cell per column: a failed benchmark row is as wide as the header', async () => {
    const { renderReview } = await import('../../src/report/review.js');
    const doc = copy(simulated);
    for (const b of doc.benchmarks) b.counters = undefined;
    for (const b of doc.benchmarks.slice(1)) b.error = { kind: 'throw', message: 'broken' };
    const md = renderReview(doc, {}, 'markdown').split('\n');
    const start = md.findIndex((l) => l.startsWith('| benchmark | sim instr/op'));
    expect(start).toBeGreaterThan(0);
    const table = md.slice(start).filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('|')));
    const cells = (l: string) => l.split('|').length;
    expect(table.length).toBe(2 + doc.benchmarks.length);
    expect(table.map(cells)).toEqual(table.map(() => cells(table[0])));
    expect(table.at(-1)).toMatch(/\| not measured \|$/);
  });
});
