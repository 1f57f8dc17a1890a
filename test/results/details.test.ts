// Each detail code has its own value type (src/results/detail-values.ts): a misspelt, missing or
// mistyped field fails the type-check where a detail is made and where its values are read (the
// `@ts-expect-error` lines below fail `npm run typecheck` the day they stop being errors). A
// result file's details are checked per code when read back, and read as their writer held them.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { detailText } from '../../src/report/details.js';
import { DETAIL_FIELDS } from '../../src/results/detail-fields.js';
import { documentJson } from '../../src/results/document.js';
import { parseResultDocument } from '../../src/results/read.js';
import { parseDetail } from '../../src/results/read-details.js';
import {
  DETAIL_CODES,
  detail,
  SCHEMA_VERSION,
  type AnalysisDetail,
  type Detail,
  type DetailValues,
  type ResultDocument,
} from '../../src/results/schema.js';
import { DETAIL_EXAMPLES } from '../helpers/detail-examples.js';

/** A current document with one benchmark carrying `details` (and, when given, the same on its process). */
function documentWith(details: unknown[], forkDetails?: unknown[]): unknown {
  const fork = { index: 0, batches: [], ...(forkDetails ? { details: forkDetails } : {}) };
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'cyclebench', version: '0' },
    benchmarks: [{ name: 'k', group: 'g', forks: [fork], flags: [], details }],
  };
}

const everyExample = (): Detail[] =>
  DETAIL_CODES.map((code) => ({ ...detail(code, DETAIL_EXAMPLES[code], 'info'), benchmark: 'g/k' }));

describe('typed details', () => {
  it('a misspelt, missing or mistyped field fails the type-check, where made and where read', () => {
    // @ts-expect-error 'proces' is not a field of 'invalid-batches'
    const literal: AnalysisDetail = { code: 'invalid-batches', severity: 'warning', values: { proces: 1, batches: 2 } };
    // @ts-expect-error 'collections' is missing
    const missing = detail('latency-gc', {});
    // @ts-expect-error 'collections' is a number
    const mistyped = detail('latency-gc', { collections: '3' });
    // @ts-expect-error the values of another code
    const swapped = detail('latency-gc', { share: 0.1 });
    const read = (d: Detail<'low-r2'>) => [
      d.values.r2,
      // @ts-expect-error 'treshold' is not a field of 'low-r2'
      d.values.treshold,
    ];
    const lowR2: Detail<'low-r2'> = {
      code: 'low-r2',
      severity: 'warning',
      benchmark: 'g/k',
      values: { threshold: 0.9, of: 2, processes: [1], r2: [0.2] },
    };
    // What a misspelt read would give at run time: nothing, printed as "undefined" or "NaN".
    expect(read(lowR2)).toEqual([[0.2], undefined]);
    // The code narrows the values: each code's words read its own fields, typed.
    const d = detail('slow-processes', { slow: 1, of: 4, factors: [1.8], leftOut: true });
    if (d.code === 'slow-processes') expectTypeOf(d.values.factors).toEqualTypeOf<number[]>();
    expectTypeOf<DetailValues['odd-process']['yardstick']>().toEqualTypeOf<number | null>();
    expectTypeOf<DetailValues['processes-added']['kept']>().toEqualTypeOf<number | undefined>();
    // At run time the wrong ones still carry their code: the check is the type-checker's.
    expect([literal, missing, mistyped, swapped].map((x) => x.code)).toEqual([
      'invalid-batches',
      'latency-gc',
      'latency-gc',
      'latency-gc',
    ]);
  });

  it('the field table the schema is made from lists each example field', () => {
    for (const code of DETAIL_CODES)
      for (const field of Object.keys(DETAIL_EXAMPLES[code])) expect(DETAIL_FIELDS[code], code).toHaveProperty(field);
  });

  it('every code round-trips through a result file: the same values, the same words', () => {
    const details = everyExample();
    const text = documentJson({ ...(documentWith(details) as ResultDocument), createdAt: '' });
    const back = parseResultDocument(JSON.parse(text));
    const read = back.benchmarks[0].details!;
    expect(read).toEqual(details);
    expect(read.map(detailText)).toEqual(details.map(detailText));
  });

  it('a number JSON wrote as null (NaN) reads back as NaN: the words say NaN, not a figure made from null', () => {
    const nan = detail('target-ci-not-reached', { halfWidth: NaN, target: 0.01, stops: [], cv: null, needed: null });
    const before = detailText(nan);
    expect(before).toContain('half-width NaN %');
    const doc = parseResultDocument(JSON.parse(JSON.stringify(documentWith([{ ...nan, benchmark: 'g/k' }]))));
    const [after] = doc.benchmarks[0].details!;
    expect(after.values).toMatchObject({ halfWidth: NaN, cv: null });
    expect(detailText(after)).toBe(before);
  });

  it('a file from before a field reads with NaN for its numbers and empty lists, as the words expect', () => {
    const old = { code: 'low-r2', severity: 'warning', benchmark: 'g/k', values: { threshold: 0.9, of: 3 } };
    const [d] = parseResultDocument(documentWith([old])).benchmarks[0].details!;
    expect(d.values).toEqual({ threshold: 0.9, of: 3, processes: [], r2: [] });
    expect(detailText(d)).toBe(
      'low-r2: R² < 0.9 in 0 of 3 processes (); batch times scatter around the line (noisy batches, or work that does not grow with the iterations): the slope is unreliable',
    );
  });

  it("a known code's field of the wrong type is refused with one line, on a benchmark and on a process", () => {
    const bad = { code: 'low-r2', severity: 'warning', values: { threshold: 0.9, of: 3, processes: [0], r2: ['x'] } };
    expect(() => parseResultDocument(documentWith([{ ...bad, benchmark: 'g/k' }]))).toThrow(
      /malformed result document: benchmarks\[0\]\.details\[0\]\.values\.r2\[0\] must be number,null/,
    );
    expect(() => parseResultDocument(documentWith([], [bad]))).toThrow(
      /benchmarks\[0\]\.forks\[0\]\.details\[0\]\.values\.r2\[0\] must be number,null/,
    );
  });

  it("a code this build does not know keeps its values, and a saved comparison's reason is checked alike", () => {
    const newer = { code: 'brand-new', severity: 'info', benchmark: 'g/k', values: { n: null, list: [1] } };
    const [d] = parseResultDocument(documentWith([newer])).benchmarks[0].details!;
    expect(d).toEqual(newer);
    expect(parseDetail({ code: 'within-noise', severity: 'warning', values: { change: '1 %', threshold: 0.01 } })).toBe(
      null,
    );
    const ok = parseDetail({ code: 'within-noise', severity: 'warning', values: { change: 0.005, threshold: 0.01 } });
    expect(ok && detailText(ok)).toBe('within noise: the change 0.50 % does not exceed the noise threshold 1.00 %');
  });
});
