// `cyclebench audit`: the table from fixed rows (exact text), bad options, and one real
// tiny audit end to end in fresh processes.
import { describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/io.js';
import type { AuditRow } from '../../src/audit/audit.js';
import { auditCommand, renderAudit } from '../../src/cli/commands/audit.js';

const row = (config: string, values: number[], over: Partial<AuditRow> = {}): AuditRow => ({
  config,
  processes: values.length,
  values,
  median: 800,
  cv: 0.01,
  min: Math.min(...values),
  max: Math.max(...values),
  range: Math.max(...values) / Math.min(...values) - 1,
  cvCi: [0.005, 0.02],
  robustCv: 0.008,
  slowProcesses: 0,
  notes: [],
  errors: [],
  ...over,
});

describe('cyclebench audit', () => {
  it('renders CV with its interval, robust CV and slow processes, and claims a winner only when the intervals allow', () => {
    const overlapping = renderAudit(
      [row('none', [790, 800, 810]), row('pin', [795, 800, 805], { cv: 0.006, cvCi: [0.003, 0.012] })],
      'native',
    );
    expect(overlapping).toMatch(/configuration +processes +median +CV +CV 95% CI +robust CV +slow +min +max +range/);
    expect(overlapping).toMatch(/pin +3 +800\.0 ns +0\.60% +0\.30% – 1\.20% +0\.80% +0 +/);
    expect(overlapping).toMatch(/Lowest between-process CV here: pin \(0\.60%\); the CV intervals overlap/);
    const clear = renderAudit(
      [
        row('none', [790, 800, 810], { cv: 0.05, cvCi: [0.03, 0.07] }),
        row('pin', [795, 800, 805], { cv: 0.006, cvCi: [0.003, 0.012] }),
      ],
      'native',
    );
    expect(clear).toMatch(/Lowest between-process CV here: pin \(0\.60%\)\.\n/);
    // Pin's interval reaches above none's lower bound: not established, however the points compare.
    const close = renderAudit(
      [
        row('none', [790, 800, 810], { cv: 0.05, cvCi: [0.011, 0.07] }),
        row('pin', [795, 800, 805], { cv: 0.006, cvCi: [0.003, 0.012] }),
      ],
      'native',
    );
    expect(close).toMatch(/the CV intervals overlap/);
  });

  it('lists knobs that could not be applied and errors per configuration', () => {
    const text = renderAudit(
      [
        row('mlock', [800, 801], {
          notes: ['--mlock: needs CAP_IPC_LOCK; memory stays unlocked'],
          errors: ['worker crashed'],
        }),
      ],
      'native',
    );
    expect(text).toMatch(/note: mlock: --mlock: needs CAP_IPC_LOCK; memory stays unlocked/);
    expect(text).toMatch(/note: mlock: error: worker crashed/);
  });

  it('rejects an unknown configuration and bad numbers with exit 2 and the usage', async () => {
    for (const args of [['--configs', 'pin,bogus'], ['--forks', '1'], ['--time', 'x'], ['extra']]) {
      const c = captureIo(process.env);
      expect(await auditCommand(args, c)).toBe(2);
      expect(c.err()).toMatch(/^cyclebench audit: [^\n]+\nsee cyclebench audit --help\n$/);
    }
  });

  it('runs a tiny audit for real and prints its table (and JSON)', async () => {
    const c = captureIo(process.env);
    const code = await auditCommand(['--configs', 'none,pin', '--forks', '2', '--time', '0.05'], c);
    expect(code).toBe(0);
    expect(c.out()).toMatch(/^Noise audit: array sum of 1,000 numbers/);
    expect(c.out()).toMatch(/\nnone +2 /);
    expect(c.out()).toMatch(/\npin +2 /);
  }, 120_000);
});
