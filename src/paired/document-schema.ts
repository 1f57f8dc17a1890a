// The JSON Schema of the `run --against --json` file (document.ts), checked with Ajv when
// `cyclebench report` reads one back, so a malformed file is one line, not a crash. Like
// the run document's schema (src/results/document-schema.ts) it requires what the readers
// use and allows unknown fields (newer writers add optional ones).
import { Ajv, type ValidateFunction } from 'ajv';
import { ResultFileError } from '../results/read.js';
import { READABLE_PAIRED_SCHEMAS, type PairedDocument } from './document.js';
import { int, nullable, num, ratio, str, strings } from '../results/json-schema-parts.js';

const analysis = {
  type: 'object',
  required: ['verdict', 'settled', 'pairs', 'ratio', 'confidence', 'reason'],
  properties: {
    // 'inconclusive': the name of 'cannot-tell' in older files.
    verdict: { enum: ['faster', 'slower', 'no-difference', 'cannot-tell', 'inconclusive', 'too-few'] },
    settled: { type: 'boolean' },
    pairs: int,
    ratio,
    confidence: num,
    minimumDetectable: nullable(num),
    pairsForThreshold: nullable(num),
    equivalence: {
      type: 'object',
      required: ['ciLow', 'ciHigh', 'confidence', 'band'],
      properties: { ciLow: num, ciHigh: num, confidence: num, band: num },
    },
    reason: str,
  },
};

const row = {
  type: 'object',
  required: ['name', 'group', 'args', 'pairs', 'analysis'],
  properties: {
    name: str,
    group: nullable(str),
    args: { type: 'object' },
    pairs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['a', 'b', 'aFirst'],
        properties: { a: nullable(num), b: nullable(num), aFirst: { type: 'boolean' } },
      },
    },
    analysis: nullable(analysis),
    error: str,
    // Set when the run's --budget stopped the benchmark at an unsettled look: its share, ms.
    budget: { type: 'object', required: ['shareMs'], properties: { shareMs: num, leftMs: num } },
    // Each side's V8 record per pair (src/paired/v8.ts), null where a process had none.
    v8: {
      type: 'object',
      required: ['other', 'current'],
      properties: { other: { type: 'array' }, current: { type: 'array' } },
    },
  },
};

const side = {
  type: 'object',
  required: ['label', 'tree', 'node', 'flags'],
  properties: {
    label: str,
    tree: str,
    node: { type: 'object', required: ['path', 'version', 'v8'], properties: { path: str, version: str, v8: str } },
    flags: strings,
  },
};

export const PAIRED_DOCUMENT_SCHEMA = {
  type: 'object',
  required: ['schema', 'tool', 'rule', 'environment', 'against', 'rows', 'settings'],
  properties: {
    schema: { enum: READABLE_PAIRED_SCHEMAS },
    tool: { type: 'object', required: ['name'], properties: { name: { const: 'cyclebench' }, version: str } },
    createdAt: str,
    command: strings,
    rule: {
      type: 'object',
      required: ['difference', 'text'],
      properties: { difference: str, noDifferenceConfidence: num, text: str },
    },
    environment: { type: 'object' },
    against: str,
    current: str,
    sides: { type: 'object', required: ['current', 'against'], properties: { current: side, against: side } },
    rows: { type: 'array', items: row },
    onlyCurrent: strings,
    onlyAgainst: strings,
    notRun: strings,
    loadErrors: strings,
    interrupted: { type: 'boolean' },
    settings: {
      type: 'object',
      required: ['threshold', 'alpha', 'looks'],
      properties: { threshold: num, alpha: num, looks: { type: 'array', minItems: 1, items: int } },
    },
    budgetMs: num,
  },
} as const;

/** Is this parsed JSON meant to be a paired file (whatever its version)? */
export function isPairedJson(data: unknown): boolean {
  const s = (data as { schema?: unknown } | null)?.schema;
  return typeof s === 'string' && s.startsWith('cyclebench-paired/');
}

let validate: ValidateFunction | undefined;

/** The paired document, or one line (ResultFileError) naming what is wrong with it. */
export function parsePairedDocument(data: unknown, path = '<input>'): PairedDocument {
  const schema = (data as { schema?: unknown }).schema;
  if (!(READABLE_PAIRED_SCHEMAS as readonly unknown[]).includes(schema))
    throw new ResultFileError(
      path,
      `paired file version ${String(schema)} is not supported; this build reads ${READABLE_PAIRED_SCHEMAS.join(', ')}`,
    );
  validate ??= new Ajv({ allErrors: false, strict: false }).compile(PAIRED_DOCUMENT_SCHEMA);
  if (!validate(data)) {
    const e = validate.errors?.[0];
    const where = e?.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'the document';
    throw new ResultFileError(path, `malformed paired result file: ${where} ${e?.message ?? 'is invalid'}`);
  }
  const doc = data as PairedDocument;
  // JSON has no NaN: a side that failed to measure was written as null; the analysis treats it as unusable.
  for (const r of doc.rows)
    for (const p of r.pairs) {
      p.a ??= NaN;
      p.b ??= NaN;
    }
  return doc;
}
