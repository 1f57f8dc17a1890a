// `cyclebench report` of node:bench's NDJSON (Node 26.12.1's json reporter, three runs of one file
// concatenated: test/fixtures/compat/node-bench/three-runs.ndjson), through the CLI in a child
// process and through the library's renderReport: the report of the document compare reads from
// it (results/read.ts), exactly as the report of that document written as JSON; a malformed
// record is one line naming its line number.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReport } from '../../src/index.js';
import { documentJson } from '../../src/results/document.js';
import { readResultFile } from '../../src/results/read.js';
import { spawnCli } from '../helpers/cli-process.js';
import { fixture } from '../helpers/compat.js';

const NDJSON = fixture('compat/node-bench/three-runs.ndjson');
const dir = mkdtempSync(join(tmpdir(), 'cyclebench-report-ndjson-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const asJson = join(dir, 'same.json');
writeFileSync(asJson, documentJson(readResultFile(NDJSON)));
const bad = join(dir, 'bad.ndjson');
writeFileSync(bad, `${readFileSync(NDJSON, 'utf8').split('\n').slice(0, 3).join('\n')}\n{"type":"bench:complete",\n`);

describe('cyclebench report FILE.ndjson', () => {
  it('prints the report the same document gives as JSON, with each benchmark and its interval', async () => {
    const [fromNdjson, fromJson] = await Promise.all([spawnCli(['report', NDJSON]), spawnCli(['report', asJson])]);
    expect([fromNdjson.status, fromNdjson.stderr]).toEqual([0, '']);
    expect(fromNdjson.stdout).toBe(fromJson.stdout);
    expect(fromNdjson.stdout).toContain('Benchmark report: math');
    expect(fromNdjson.stdout).toMatch(/sqrt \[n=1000\]/);
    expect(fromNdjson.stdout).toMatch(/recorded/);
    const md = await spawnCli(['report', NDJSON, '--format', 'markdown']);
    expect([md.status, md.stdout.split('\n')[0]]).toEqual([0, '# Benchmark report: math']);
  });

  it('a malformed line is one line naming it, exit 2, nothing on stdout', async () => {
    const r = await spawnCli(['report', bad]);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(`cyclebench report: ${bad}: node:bench NDJSON: line 4 is not JSON\n`);
  });
});

describe('renderReport(FILE.ndjson)', () => {
  it('renders the same report as the CLI and as the JSON document', async () => {
    const [cli, lib, json] = await Promise.all([
      spawnCli(['report', NDJSON]),
      renderReport(NDJSON, 'text'),
      renderReport(asJson, 'text'),
    ]);
    expect(lib).toBe(json);
    expect(lib).toBe(cli.stdout);
  });

  it('a malformed line throws one line naming it', async () => {
    await expect(renderReport(bad)).rejects.toThrow(`${bad}: node:bench NDJSON: line 4 is not JSON`);
  });
});
