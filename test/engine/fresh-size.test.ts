// The size of one .setupEach() input (src/engine/fresh-inputs.ts): what make() allocates, not
// what the allocation meter itself allocates around it. Real allocation, no timing asserted.
import { describe, expect, it } from 'vitest';
import { createFreshInputs } from '../../src/engine/fresh-inputs.js';
import { meterOwnBytes } from '../../src/engine/heap-allocated.js';

describe('per-input size of fresh inputs', () => {
  it('a plain reference to an existing object reads almost nothing (the meter reads ~600 B of its own)', async () => {
    const shared = { a: 1 };
    const fresh = await createFreshInputs({ make: () => shared }, {}, 1);
    expect(meterOwnBytes()).toBeGreaterThan(64);
    expect(fresh.bytesPerInput).toBeLessThanOrEqual(64);
  });

  it('a 1,000-element array reads its size: 8,000 B of elements plus 48 B of headers', async () => {
    const fresh = await createFreshInputs({ make: () => new Array(1000).fill(0) }, {}, 1);
    expect(fresh.bytesPerInput).toBeGreaterThanOrEqual(8000);
    expect(fresh.bytesPerInput).toBeLessThanOrEqual(8048 * 1.03);
  });
});
