// Reads a result file back (for `compare` and `report`). Every failure is one clear
// line: missing file, not JSON, not a cyclebench document, or a schema version this
// build does not know. Older versions are upgraded here, one function per step.
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { attachFindings } from '../analysis/findings.js';
import { RESULT_DOCUMENT_SCHEMA } from './document-schema.js';
import { readDetailValues } from './detail-fields.js';
import { benchmarkDetails, detailValuesProblem, pointerPath } from './read-details.js';
import { InputFileError, parseFiniteJson, readInputText, valueProblem } from './input-file.js';
import { isNodeBenchNdjson, nodeBenchDocument } from '../analysis/node-bench-read.js';
import { type ForkResult, type ResultDocument, SCHEMA_VERSION } from './schema.js';

export class ResultFileError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'ResultFileError';
  }
}

/** Versions this build reads; each older one has an upgrade step below. */
export const READABLE_SCHEMA_VERSIONS = [1, 2, 3, 4, 5] as const;

/** A cyclebench result document, or node:bench NDJSON read as one (node-bench-read.ts). */
export function readResultFile(path: string, cwd?: string): ResultDocument {
  const read = readJsonOrNodeBench(path, cwd);
  return 'nodeBench' in read ? read.nodeBench : parseResultDocument(read.json, path);
}

/**
 * The file's node:bench NDJSON read as a result document (node-bench-read.ts), or else its
 * parsed JSON, for readers that take other JSON documents too (`report` takes a paired file).
 * Every failure is one line (ResultFileError), a malformed NDJSON record named by its line.
 */
export function readJsonOrNodeBench(path: string, cwd?: string): { nodeBench: ResultDocument } | { json: unknown } {
  let text: string;
  try {
    // Read relative to the caller's working directory; every message names the file as the user wrote it.
    text = readInputText(cwd === undefined ? path : resolve(cwd, path));
  } catch (e) {
    if (e instanceof InputFileError) throw new ResultFileError(path, e.message);
    throw e;
  }
  if (isNodeBenchNdjson(text)) {
    try {
      return { nodeBench: attachFindings(nodeBenchDocument(text)) };
    } catch (e) {
      throw new ResultFileError(path, `node:bench NDJSON: ${(e as Error).message}`);
    }
  }
  return { json: parseJsonText(text, path) };
}

function parseJsonText(text: string, path: string): unknown {
  try {
    return parseFiniteJson(text);
  } catch (e) {
    if (e instanceof InputFileError) throw new ResultFileError(path, e.message);
    throw e;
  }
}

/** The parsed JSON of `path`; a missing, unreadable or non-JSON file is one line (ResultFileError). */
/**
 * Only a regular file of at most MAX_INPUT_BYTES is read, and its JSON is refused when it nests
 * deeper than MAX_JSON_DEPTH or holds a number that is not finite (src/results/input-file.ts).
 */
export function readJsonFile(path: string): unknown {
  try {
    return parseFiniteJson(readInputText(path));
  } catch (e) {
    if (e instanceof InputFileError) throw new ResultFileError(path, e.message);
    throw e;
  }
}

export function parseResultDocument(data: unknown, path = '<input>'): ResultDocument {
  // First, before any recursive code (the schema check, the renderers, the matcher) touches it.
  const bad = valueProblem(data);
  if (bad) throw new ResultFileError(path, bad);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ResultFileError(path, 'not a cyclebench result document (expected a JSON object)');
  const doc = data as Partial<ResultDocument> & { tool?: { name?: string }; schema?: unknown };
  if (typeof doc.schema === 'string' && doc.schema.startsWith('cyclebench-stat/'))
    throw new ResultFileError(
      path,
      'this is a `cyclebench stat --json` file, not a run result; compare commands with `cyclebench stat A --vs B`',
    );
  if (typeof doc.schema === 'string' && doc.schema.startsWith('cyclebench-paired/'))
    throw new ResultFileError(
      path,
      'this is a paired `run --against --json` file: its verdicts are in it; show it with `cyclebench report FILE`',
    );
  if (doc.tool?.name !== 'cyclebench' || typeof doc.schemaVersion !== 'number') {
    throw new ResultFileError(path, 'not a cyclebench result document (no tool.name "cyclebench" and schemaVersion)');
  }
  if (!(READABLE_SCHEMA_VERSIONS as readonly number[]).includes(doc.schemaVersion)) {
    const newer = doc.schemaVersion > SCHEMA_VERSION ? ' (written by a newer cyclebench; upgrade to read it)' : '';
    throw new ResultFileError(
      path,
      `schema version ${doc.schemaVersion} is not supported${newer}; this build reads ` +
        `versions ${READABLE_SCHEMA_VERSIONS.join(', ')}`,
    );
  }
  if (!Array.isArray(doc.benchmarks)) throw new ResultFileError(path, 'no benchmarks array');
  const problem = schemaProblem(doc) ?? detailValuesProblem((doc as ResultDocument).benchmarks);
  if (problem) throw new ResultFileError(path, `malformed result document: ${problem}`);
  return upgrade(doc as ResultDocument);
}

let validate: ValidateFunction | undefined;
// Ajv (CommonJS) is loaded at the first document read, not with this module: `run` reaches this
// module (saved baselines), and loading Ajv costs about 0.2 s of CPU that a run reading no file never needs.
const load = createRequire(import.meta.url);

/** The first schema violation as "benchmarks[0].name must be string", or null. */
function schemaProblem(doc: unknown): string | null {
  validate ??= new (load('ajv') as typeof import('ajv')).Ajv({ allErrors: false, strict: false }).compile(
    RESULT_DOCUMENT_SCHEMA,
  );
  if (validate(doc)) return null;
  const e = validate.errors?.[0];
  if (!e) return 'does not match the schema';
  const where = pointerPath(e.instancePath);
  return `${where || 'the document'} ${e.message ?? 'is invalid'}`;
}

/**
 * Upgrades an older document to the current schema. Version 1 → 2: typed findings, derived
 * from the flags, estimates and comparisons the file holds (src/analysis/findings.ts).
 * Version 2 → 3: none; a file without `details` keeps its worded warnings and notes, which the
 * reports print as they are (src/report/details.ts).
 * Version 3 → 4: the verdict 'cannot-tell'. An older 'no-difference' whose reason records that its
 * interval reached beyond the noise threshold (a 'ci-includes-one' detail with `wide`) reads as
 * 'cannot-tell'; any other older 'no-difference' stays as written (files before version 3 record
 * no such detail, so their intervals are shown as they are, with the verdict of their time).
 * Version 4 → 5: a process's `slowState` is `hostState` (the factor marks faster processes too).
 */
function upgrade(doc: ResultDocument): ResultDocument {
  // schemaVersion keeps the version the file was written with: the report names it.
  // What the schema leaves optional but the type requires gets its empty value, so a minimal
  // valid document reads like one that recorded nothing there.
  doc.createdAt ??= '';
  doc.command ??= [];
  doc.options ??= {};
  doc.environment ??= {};
  doc.warnings ??= [];
  for (const b of doc.benchmarks) {
    b.group ??= null;
    b.args ??= {};
    b.baseline ??= false;
    b.file ??= null;
    b.headline ??= null;
    b.estimates ??= null;
    b.warnings ??= [];
    b.notes ??= [];
    for (const [, d] of benchmarkDetails(b, '')) readDetailValues(d);
  }
  if (doc.schemaVersion < 4)
    for (const b of doc.benchmarks) {
      const r = b.relative;
      if (r?.verdict === 'no-difference' && r.because?.code === 'ci-includes-one' && r.because.values.wide === true)
        r.verdict = 'cannot-tell';
    }
  // Renamed wherever it appears (the schema accepts the old name in any version): a file that has
  // both keeps hostState.
  for (const b of doc.benchmarks)
    for (const f of (b.forks ?? []) as (ForkResult & { slowState?: number })[]) {
      if (f.slowState === undefined) continue;
      f.hostState ??= f.slowState;
      delete f.slowState;
    }
  if (doc.benchmarks.some((b) => !b.findings)) attachFindings(doc);
  return doc;
}
