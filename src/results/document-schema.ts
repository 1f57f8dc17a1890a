// The JSON Schema of a result document (./schema.ts), checked with Ajv when a file is read
// back, so `compare` and `report` never meet a malformed body (`benchmarks: [null, 3]`).
// It requires what the readers use and types what is present; unknown fields are allowed
// (newer writers add optional ones).

import { int, nullable, num, obj, ratio, str, strings } from './json-schema-parts.js';

const batch = {
  type: 'object',
  required: ['iterations', 'ns'],
  properties: {
    iterations: num,
    ticks: num,
    ns: num,
    cpuStart: num,
    cpuEnd: num,
    gc: num,
    gcNs: num,
    processCpuNs: num,
    wallNs: num,
    contextSwitches: num,
    migrations: num,
    pageFaults: num,
    counters: { type: 'object', additionalProperties: num },
  },
};

const tiers = { type: 'object', required: ['kernel', 'loop'], properties: { kernel: str, loop: str } };
const deoptCounts = {
  type: 'array',
  items: {
    type: 'object',
    required: ['function', 'reason', 'count'],
    properties: { function: str, role: str, reason: str, count: int },
  },
};
const deopts = {
  type: 'object',
  required: ['warmup', 'sampling'],
  properties: { warmup: int, sampling: int, warmupFunctions: deoptCounts, samplingFunctions: deoptCounts },
};

const scalar = { type: ['number', 'string', 'boolean', 'null'] };
/** One detail (code, severity, values): of a benchmark, a process, a latency ladder, a comparison. */
export const DETAIL_SCHEMA = {
  type: 'object',
  required: ['code', 'severity', 'values'],
  properties: {
    code: str,
    severity: { enum: ['warning', 'info'] },
    benchmark: str,
    values: { type: 'object', additionalProperties: { anyOf: [scalar, { type: 'array', items: scalar }] } },
  },
  // A known code's values are checked against that code's fields apart (src/results/read.ts
  // detailValuesProblem, src/results/detail-fields.ts): one schema here for every code would make
  // compiling this schema, on every read, several times slower.
};

const fork = {
  type: 'object',
  required: ['index', 'batches'],
  properties: {
    index: int,
    pid: num,
    clockHz: num,
    clockSource: str,
    warmup: obj,
    unit: num,
    batches: { type: 'array', items: batch },
    yardstickNs: { type: 'array', items: num },
    memoryYardstickNs: { type: 'array', items: num },
    throughputYardstickNs: { type: 'array', items: num },
    memoryYardstick: { enum: ['chain'] },
    stop: str,
    checksum: str,
    conditions: obj,
    warnings: strings,
    details: { type: 'array', items: DETAIL_SCHEMA },
    inputsChanged: { type: 'object', required: ['changed', 'checked'], properties: { changed: int, checked: int } },
    freshInputBytes: num,
    perCall: {
      type: 'object',
      required: ['overheadTicks'],
      properties: { overheadTicks: num, overheadP10Ticks: num, overheadP90Ticks: num, calibrationCalls: int },
    },
    manual: {
      type: 'object',
      required: ['warmupInvocations', 'samplesAllowed', 'done', 'recorded'],
      properties: { warmupInvocations: int, samplesAllowed: int, done: { type: 'boolean' }, recorded: int },
    },
    timing: str,
    hostState: num,
    // Its name before schema version 5 (src/results/read.ts renames it).
    slowState: num,
    oddProcess: {
      type: 'object',
      required: ['factor', 'spread', 'of'],
      properties: { factor: num, spread: num, of: int, byV8: { type: 'boolean' } },
    },
    profiled: { enum: ['inspector', 'flags'] },
    typescript: { enum: ['node', 'tsx'] },
    v8: {
      type: 'object',
      required: ['warmup', 'end', 'deopts'],
      properties: { warmup: tiers, end: tiers, deopts: nullable(deopts) },
    },
    memory: {
      type: 'object',
      required: ['bytesPerOp', 'batches'],
      properties: {
        bytesPerOp: num,
        interceptBytes: num,
        kept: { type: 'object', required: ['bytes', 'by'], properties: { bytes: num, by: str } },
        batches: {
          type: 'array',
          items: {
            type: 'object',
            required: ['iterations', 'bytes'],
            properties: { iterations: num, bytes: num, collections: int },
          },
        },
      },
    },
  },
};

const headline = {
  type: 'object',
  required: ['statistic', 'point', 'ciLow', 'ciHigh'],
  properties: {
    statistic: { enum: ['slope', 'min', 'median', 'mean'] },
    unit: str,
    point: num,
    ciLow: num,
    ciHigh: num,
    confidence: num,
    method: str,
  },
};

const finding = {
  type: 'object',
  required: ['code', 'severity', 'benchmark', 'values'],
  properties: {
    code: str,
    severity: { enum: ['error', 'warning', 'info'] },
    benchmark: str,
    values: { type: 'object', additionalProperties: { type: ['number', 'string', 'boolean', 'null'] } },
  },
};

/** `--profile`: a benchmark's profile summary (src/profile/summary.ts), its call tree depth-first (src/profile/flame.ts). */
const profile = {
  type: 'object',
  // `scope` came after the first files with profiles: a file without it reads (its shares are of the whole measurement).
  required: ['file', 'samples', 'intervalUs', 'top'],
  properties: {
    file: nullable(str),
    samples: num,
    intervalUs: num,
    scope: { enum: ['kernel', 'process'] },
    top: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'url', 'line', 'selfNs', 'share'],
        properties: { name: str, url: str, line: nullable(num), selfNs: num, share: num },
      },
    },
    error: str,
    process: { type: 'object', required: ['index', 'pid'], properties: { index: int, pid: num } },
    tree: {
      type: 'object',
      required: ['minShare', 'maxDepth', 'cut', 'frames'],
      properties: {
        minShare: num,
        maxDepth: int,
        cut: { type: 'boolean' },
        frames: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'depth', 'selfNs', 'totalNs'],
            properties: { name: str, url: str, line: num, depth: int, selfNs: num, totalNs: num, merged: int },
          },
        },
      },
    },
  },
};

const benchmark = {
  type: 'object',
  required: ['name', 'forks', 'flags'],
  properties: {
    name: str,
    group: nullable(str),
    args: obj,
    baseline: { type: 'boolean' },
    file: nullable(str),
    headline: nullable(headline),
    estimates: nullable(obj),
    forks: { type: 'array', items: fork },
    flags: strings,
    warnings: strings,
    notes: strings,
    findings: { type: 'array', items: finding },
    details: { type: 'array', items: DETAIL_SCHEMA },
    error: { type: 'object', required: ['message'], properties: { message: str, kind: str } },
    relative: {
      type: 'object',
      required: ['verdict'],
      properties: { baseline: str, verdict: str, ratio, because: DETAIL_SCHEMA },
    },
    aa: { type: 'object', properties: { verdict: str, ratio } },
    latency: { type: 'object', properties: { details: { type: 'array', items: DETAIL_SCHEMA } } },
    memory: {
      type: 'object',
      required: ['bytesPerOp'],
      properties: { bytesPerOp: num, min: num, max: num, forks: int, collections: int, method: str },
    },
    layout: obj,
    counters: obj,
    profile,
  },
};

/** One judged assertion of a benchmark file (./checks.ts CheckOutcome). */
const check = {
  type: 'object',
  required: ['test', 'matcher', 'not', 'status', 'reason'],
  properties: {
    test: str,
    matcher: str,
    not: { type: 'boolean' },
    actual: str,
    expected: str,
    delta: num,
    status: { enum: ['passed', 'failed', 'cannot-tell', 'not-judged'] },
    ratio: {
      type: 'object',
      required: ['point', 'ciLow', 'ciHigh', 'confidence'],
      properties: { point: num, ciLow: num, ciHigh: num, confidence: num },
    },
    verdict: str,
    reason: str,
  },
};

/**
 * The environment's parts that `compare` reads as lists (src/env/diff.ts settingsChanged,
 * src/compare/assumptions.ts pinning): typed so a damaged one is refused on reading, not a crash.
 */
const environment = {
  type: 'object',
  properties: {
    changes: { type: 'array', items: obj },
    frequency: { type: 'object', properties: { perCpu: nullable({ type: 'array', items: obj }) } },
    conditions: { type: 'object', properties: { cpus: nullable({ type: 'array' }) } },
  },
};

export const RESULT_DOCUMENT_SCHEMA = {
  type: 'object',
  required: ['schemaVersion', 'tool', 'benchmarks'],
  properties: {
    schemaVersion: { type: 'integer' },
    tool: { type: 'object', required: ['name'], properties: { name: { const: 'cyclebench' }, version: str } },
    createdAt: str,
    command: strings,
    options: obj,
    environment,
    benchmarks: { type: 'array', items: benchmark },
    warnings: strings,
    checks: { type: 'array', items: check },
  },
} as const;
