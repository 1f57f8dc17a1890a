// The details of a result file as read back (src/results/read.ts): each known code's values checked
// against that code's fields (src/results/detail-fields.ts) and read as their writer held them.
import { createRequire } from 'node:module';
import type { Ajv, ValidateFunction } from 'ajv';
import { detailValuesSchema, isDetailCode, readDetailValues } from './detail-fields.js';
import { DETAIL_SCHEMA } from './document-schema.js';
import type { BenchmarkResult, DetailData } from './schema.js';

// Ajv is loaded at the first check, not with this module: the package entry reaches this module
// (report/comparisons.ts), and loading Ajv through the TypeScript loader detaches an ArrayBuffer,
// which invalidates V8's ArrayBufferDetaching protector for the whole process and slows every
// typed-array access measured after it (test/engine/protector.test.ts; docs/decisions.md).
const load = createRequire(import.meta.url);
let ajv: Ajv | undefined;
const compile = (schema: object): ValidateFunction =>
  (ajv ??= new (load('ajv') as typeof import('ajv')).Ajv({ allErrors: false, strict: false })).compile(schema);

/** A JSON pointer ("/benchmarks/0/name") as "benchmarks[0].name". */
export function pointerPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((k) => (/^\d+$/.test(k) ? `[${k}]` : `.${k.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')
    .replace(/^\./, '');
}

/** Every detail of a benchmark, with where it is: its own, its processes', its latency ladder's, its comparison's reason. */
export function benchmarkDetails(b: BenchmarkResult, at: string): [string, DetailData][] {
  return [
    ...(b.details ?? []).map((d, i): [string, DetailData] => [`${at}.details[${i}]`, d]),
    ...b.forks.flatMap((f, k) =>
      (f.details ?? []).map((d, i): [string, DetailData] => [`${at}.forks[${k}].details[${i}]`, d]),
    ),
    ...(b.latency?.details ?? []).map((d, i): [string, DetailData] => [`${at}.latency.details[${i}]`, d]),
    ...(b.relative?.because ? [[`${at}.relative.because`, b.relative.because] as [string, DetailData]] : []),
  ];
}

const byCode = new Map<string, ValidateFunction>();

/** Where the values of a detail do not match its code's fields ("values.r2[0] must be number,null"), or null. */
function valuesProblem(d: DetailData): string | null {
  if (!isDetailCode(d.code)) return null;
  let check = byCode.get(d.code);
  if (!check) byCode.set(d.code, (check = compile(detailValuesSchema(d.code))));
  if (check(d.values)) return null;
  const e = check.errors?.[0];
  const inner = pointerPath(e?.instancePath ?? '');
  return `values${inner === '' || inner.startsWith('[') ? inner : `.${inner}`} ${e?.message ?? 'is invalid'}`;
}

/**
 * The first detail of a document whose values do not match its code's fields, as
 * "benchmarks[0].details[1].values.r2[0] must be number,null", or null. Each code's check is
 * compiled when a file first holds that code: compiling every code's at once costs several times
 * what the whole document's schema does, on every read.
 */
export function detailValuesProblem(benchmarks: readonly BenchmarkResult[]): string | null {
  for (const [i, b] of benchmarks.entries())
    for (const [where, d] of benchmarkDetails(b, `benchmarks[${i}]`)) {
      const problem = valuesProblem(d);
      if (problem) return `${where}.${problem}`;
    }
  return null;
}

let validateDetail: ValidateFunction | undefined;

/**
 * A detail from JSON this build did not check as a result file (a saved `compare` output): checked
 * as a result file's details are and read as they are (readDetailValues), or null when malformed.
 */
export function parseDetail(raw: unknown): DetailData | null {
  validateDetail ??= compile(DETAIL_SCHEMA);
  if (!validateDetail(raw) || valuesProblem(raw as DetailData)) return null;
  const d = structuredClone(raw) as DetailData;
  readDetailValues(d);
  return d;
}
