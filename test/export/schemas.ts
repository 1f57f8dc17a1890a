// JSON Schemas of the two export formats, written from each service's published documentation and
// checked against the code that reads them (docs/ci.md names the files and commits), and an ajv
// validator for each (the project's JSON Schema library).
// - Bencher Metric Format: bencher.dev/docs/reference/bencher-metric-format — an object keyed by
//   benchmark name, each an object keyed by measure slug or name, each an object with a required
//   number `value` and optional numbers `lower_value` and `upper_value`. The lengths are those
//   bencherdev/bencher's lib/bencher_valid enforces: a benchmark name of 1 to 1024 bytes (Rust's
//   str::len, UTF-8 bytes), a measure slug or name of 1 to 64 bytes without leading or trailing
//   whitespace. A key that breaks them fails the whole file's parse. Nothing else is documented for
//   a metric, so nothing else is allowed here.
// - github-action-benchmark `customSmallerIsBetter`: the action's README, "Examples" of custom
//   benchmarks, and its parser (src/extract.ts, a zod schema) — a JSON array of objects with `name`
//   (string), `unit` (string), `value` (number), and optional `range` and `extra` (strings); the
//   parser coerces a number in a string field to a string and drops other fields, which this schema
//   refuses so that the export writes exactly the documented shape.
import { Ajv, type ValidateFunction } from 'ajv';

export const BMF_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema',
  type: 'object',
  propertyNames: { minLength: 1, maxUtf8Bytes: 1024 },
  additionalProperties: {
    type: 'object',
    minProperties: 1,
    propertyNames: { minLength: 1, maxUtf8Bytes: 64, pattern: '^\\S([\\s\\S]*\\S)?$' },
    additionalProperties: {
      type: 'object',
      properties: {
        value: { type: 'number' },
        lower_value: { type: 'number' },
        upper_value: { type: 'number' },
      },
      required: ['value'],
      additionalProperties: false,
    },
  },
} as const;

export const GITHUB_BENCHMARK_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema',
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1 },
      unit: { type: 'string' },
      value: { type: 'number' },
      range: { type: 'string' },
      extra: { type: 'string' },
    },
    required: ['name', 'unit', 'value'],
    additionalProperties: false,
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: true });
// JSON Schema's maxLength counts characters; Bencher's limits count UTF-8 bytes.
ajv.addKeyword({
  keyword: 'maxUtf8Bytes',
  type: 'string',
  schemaType: 'number',
  validate: (max: number, data: string) => Buffer.byteLength(data, 'utf8') <= max,
  error: { message: (cxt) => `must be at most ${String(cxt.schema)} UTF-8 bytes` },
});
export const validateBmf: ValidateFunction = ajv.compile(BMF_SCHEMA);
export const validateGithubBenchmark: ValidateFunction = ajv.compile(GITHUB_BENCHMARK_SCHEMA);

/** The validator's errors as one line, for an assertion's message. */
export function errorsOf(v: ValidateFunction): string {
  return ajv.errorsText(v.errors);
}
