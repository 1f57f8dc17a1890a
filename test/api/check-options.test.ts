// The library refuses what it cannot honour, in one RangeError naming the option, before it
// measures: an unknown option name (`time` is the CLI's flag; the library says timeBudgetNs), a
// value outside its set; and a second run() while one is measuring in the same process.
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { bench, run } from '../../src/index.js';
import { runFiles } from '../../src/api/run-files.js';
import { runFilesAgainst } from '../../src/api/run-against.js';
import { benchmarkFilter } from '../../src/api/check-options.js';
import { resetRegistry } from '../../src/api/registry.js';
import { createJsPlatform } from '../../src/platform/js.js';

const GOOD = join(__dirname, '../fixtures/cli/good.bench.mjs');
const tiny = { warmupBudgetNs: 20e6, warmupMinNs: 5e6, timeBudgetNs: 40e6, targetLargestBatchNs: 1e6 };

beforeEach(() => resetRegistry());

describe('runFiles() and run() refuse an unknown or out-of-range option', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['time: -1 (the CLI flag)', { time: -1 }, /^runFiles: unknown option 'time' \(options: files, filter, /],
    [
      'statistic: nope',
      { statistic: 'nope' },
      /^runFiles: statistic must be one of slope, min, median, mean, auto, got 'nope'$/,
    ],
    ['timeBudgetNs: -1', { timeBudgetNs: -1 }, /^runFiles: timeBudgetNs must be a positive number, got -1$/],
    ['aslr: maybe', { aslr: 'maybe' }, /^runFiles: aslr must be one of inherit, off, randomize/],
    ['mlock: "yes"', { mlock: 'yes' }, /^runFiles: mlock must be true or false, got 'yes'$/],
    ['threshold: 5', { threshold: 5 }, /^runFiles: threshold must be a fraction/],
    // The command line refuses '-' for the files other services read; the library wrote a file named '-'.
    ['bmf: "-"', { bmf: '-' }, /^runFiles: bmf writes a file: name one \('-' is not standard output here\), got '-'$/],
    ['nodeBench: "-"', { nodeBench: '-' }, /^runFiles: nodeBench writes a file/],
    [
      'json and markdown both "-"',
      { json: '-', markdown: '-' },
      /^runFiles: json '-' and markdown '-' both write to standard output: name a file for one of them$/,
    ],
    // The command line's --cpu choices; a typo fell back to the highest CPU, a number crashed later.
    [
      'cpu: "idle"',
      { cpu: 'idle' },
      /^runFiles: cpu must be a list of CPU numbers, 'idlest', 'highest', false or null, got 'idle'$/,
    ],
    ['cpu: []', { cpu: [] }, /^runFiles: cpu must be a list of CPU numbers/],
    ['cpu: 3', { cpu: 3 }, /^runFiles: cpu must be a list of CPU numbers/],
    ['threshold: 0', { threshold: 0 }, /^runFiles: threshold must be a fraction above 0 and below 1, got 0$/],
    [
      'simulate with maxForks above forks',
      { simulate: true, forks: 2, maxForks: 4 },
      /^runFiles: maxForks is not available with simulate/,
    ],
  ];
  for (const [name, options, message] of cases)
    it(`runFiles ${name}`, async () => {
      const r = runFiles({ files: GOOD, print: false, ...options });
      await expect(r).rejects.toThrow(message);
      await expect(runFiles({ files: GOOD, print: false, ...options })).rejects.toBeInstanceOf(RangeError);
    });

  it('runFiles node and flags: the wrong type is a TypeError; a flag Node refuses is one line before any measuring', async () => {
    await expect(runFiles({ files: GOOD, print: false, flags: '--jitless' as unknown as string[] })).rejects.toThrow(
      new TypeError("runFiles: flags must be an array of strings, e.g. ['--max-semi-space-size=16']"),
    );
    await expect(runFiles({ files: GOOD, print: false, node: '' })).rejects.toThrow(
      new TypeError('runFiles: node must be the path or name of a Node binary'),
    );
    await expect(runFiles({ files: GOOD, print: false, flags: ['--no-such-flag-at-all'] })).rejects.toThrow(
      new RegExp(`^Node ${process.version} \\(.+\\) refuses the flags --no-such-flag-at-all`),
    );
  });

  it('run() with statistic: nope or an unknown option', async () => {
    bench('one', () => 1);
    await expect(run({ ...tiny, print: false, statistic: 'nope' as 'min' })).rejects.toThrow(
      /^run: statistic must be one of slope, min, median, mean, auto, got 'nope'$/,
    );
    await expect(run({ ...tiny, print: false, ...({ forks: 3 } as object) })).rejects.toThrow(
      /^run: unknown option 'forks'/,
    );
  });
});

describe('runFilesAgainst() and the filter, as the command line has them', () => {
  it('the types runFiles checks, checked for runFilesAgainst too', async () => {
    const refused = (o: object) => runFilesAgainst({ files: GOOD, print: false, ...o });
    await expect(refused({ againstFlags: ['--jitless'], profile: '' })).rejects.toThrow(
      new TypeError('runFilesAgainst: profile must be the name of a directory'),
    );
    await expect(refused({ flags: '--jitless' })).rejects.toThrow(
      new TypeError("runFilesAgainst: flags must be an array of strings, e.g. ['--max-semi-space-size=16']"),
    );
    await expect(refused({ againstFlags: [' '] })).rejects.toThrow(
      /^runFilesAgainst: againstFlags must be an array of strings/,
    );
    await expect(runFiles({ files: GOOD, print: false, hypothesis: '  ' })).rejects.toThrow(
      new TypeError('runFiles: hypothesis must be a sentence'),
    );
  });

  it('maxPairs outside 2–1000 is refused before any checkout or process', async () => {
    for (const maxPairs of [1, 2.5, 1e9])
      await expect(runFilesAgainst({ files: GOOD, against: '.', print: false, maxPairs })).rejects.toThrow(
        /^runFilesAgainst: maxPairs must be a whole number from 2 to 1000, got /,
      );
  });

  it('a RegExp filter with the g or y flag tests every name afresh', () => {
    const names = ['sum 100', 'sum 200', 'sum 300'];
    for (const f of [/sum/g, /sum/y, /SUM/gi]) expect(names.every((n) => benchmarkFilter(f)!.test(n))).toBe(true);
    expect(benchmarkFilter('sum \\d+')!.test('sum 100')).toBe(true);
    expect(benchmarkFilter(undefined)).toBeUndefined();
  });
});

describe('run() twice at once in one process', () => {
  it('the second call is refused in one line; the first measures', async () => {
    bench('sum', () => {
      const a = Array.from({ length: 100 }, (_, i) => i);
      return () => a.reduce((s, x) => s + x, 0);
    });
    const platform = createJsPlatform('test');
    const first = run({ ...tiny, print: false, platform });
    const second = run({ ...tiny, print: false, platform });
    await expect(second).rejects.toThrow(
      /^run\(\): another run\(\) is measuring in this process; await it before starting the next$/,
    );
    const r = await first;
    expect(r.measured).toBe(true);
    expect(r.benchmarks[0]!.headline!.point).toBeGreaterThan(0);
    // Once the first has finished, a next call measures again.
    expect((await run({ ...tiny, print: false, platform })).measured).toBe(true);
  });
});
