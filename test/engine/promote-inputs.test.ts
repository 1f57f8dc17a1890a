// Fresh inputs leave V8's young generation before a batch's clock starts, so the kernel's
// scavenges never copy them. Structural: where the inputs live is asserted, never a time.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createFreshInputs } from '../../src/engine/fresh-inputs.js';
import { promoteYoung, v8Gc } from '../../src/engine/promote-inputs.js';

const youngBytes = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_used_size;

describe('fresh inputs and the young generation', () => {
  it("a batch's inputs are in the old generation when prepare() returns", async () => {
    const fresh = await createFreshInputs({ make: () => Array.from({ length: 100 }, (_, i) => i + 0.5) }, {}, 1);
    const n = 2000;
    await fresh.prepare(n);
    // 2,000 arrays of 100 doubles (~1.7 MB) were just made; the young generation holds a tenth
    // of that at most (what the wait for idle helpers allocates, timers and promises, is small).
    expect(fresh.values.length).toBe(n);
    expect(fresh.bytesPerInput).toBeGreaterThan(800);
    expect(youngBytes()).toBeLessThan((n * fresh.bytesPerInput) / 10);
    await fresh.release();
  });

  it("gets V8's gc function without --expose-gc and leaves no `gc` global behind", async () => {
    expect(typeof v8Gc()).toBe('function');
    expect(vm.runInNewContext('typeof gc')).toBe(typeof (globalThis as { gc?: unknown }).gc);
    const keep = Array.from({ length: 1000 }, (_, i) => ({ i }));
    expect(await promoteYoung()).toBe(true);
    expect(youngBytes()).toBeLessThan(64 * 1024);
    expect(keep.length).toBe(1000);
  });
});
