// The JSON Schema pieces the document schemas are built of (results/document-schema.ts, the
// paired run's paired/document-schema.ts).

export const num = { type: 'number' } as const;
export const int = { type: 'integer', minimum: 0 } as const;
export const str = { type: 'string' } as const;
export const strings = { type: 'array', items: str } as const;
export const obj = { type: 'object' } as const;
export const nullable = (s: object) => ({ anyOf: [s, { type: 'null' }] });

/** A ratio with its interval, or null. */
export const ratio = nullable({
  type: 'object',
  required: ['point', 'ciLow', 'ciHigh'],
  properties: { point: num, ciLow: num, ciHigh: num },
});
