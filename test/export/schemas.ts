// JSON Schemas of the two export formats, written from each service's published documentation,
// and an ajv validator for each (the project's JSON Schema library).
// - Bencher Metric Format: bencher.dev/docs/reference/bencher-metric-format — an object keyed by
//   benchmark name (at most 1024 characters), each an object keyed by measure slug or name (at most
//   64 characters), each an object with a required number `value` and optional numbers
//   `lower_value` and `upper_value`. The page's own schema (draft-07) has the same shape; the
//   lengths come from its "Order of Precedence" section. Nothing else is documented for a metric,
//   so nothing else is allowed here.
// - github-action-benchmark `customSmallerIsBetter`: the action's README, "Examples" of custom
//   benchmarks — a JSON array of objects with `name` (string), `unit` (string), `value` (number),
//   and optional `range` and `extra` (strings).
import { Ajv, type ValidateFunction } from 'ajv';

export const BMF_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema',
  type: 'object',
  propertyNames: { minLength: 1, maxLength: 1024 },
  additionalProperties: {
    type: 'object',
    minProperties: 1,
    propertyNames: { minLength: 1, maxLength: 64 },
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
export const validateBmf: ValidateFunction = ajv.compile(BMF_SCHEMA);
export const validateGithubBenchmark: ValidateFunction = ajv.compile(GITHUB_BENCHMARK_SCHEMA);

/** The validator's errors as one line, for an assertion's message. */
export function errorsOf(v: ValidateFunction): string {
  return ajv.errorsText(v.errors);
}
