// V8's ArrayBufferDetaching protector must still be intact when a benchmark is measured.
// Once any ArrayBuffer in the isolate has been detached, optimized code checks every
// typed-array access for detachment: a Float64Array sum measured 2.85 µs instead of 1.4 µs
// (docs/decisions.md). Loading hdr-histogram-js through tsx does it, so nothing the
// package entry or the measuring process imports before timing may reach that module.
// Deterministic: counts V8's own trace lines (--trace-protector-invalidation); tsx's
// loader thread (a second isolate) invalidates its own protector once, hence the baseline.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/protector/${name}`, import.meta.url));

function invalidations(file: string): number {
  const r = spawnSync(process.execPath, ['--trace-protector-invalidation', '--import', 'tsx', file], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return (r.stdout.match(/Invalidating protector cell ArrayBufferDetaching/g) ?? []).length;
}

describe('ArrayBufferDetaching protector', () => {
  const baseline = invalidations(fixture('baseline.mjs'));

  it('is not invalidated by the package entry or the measuring process imports', () => {
    expect(invalidations(fixture('package-entry.mjs'))).toBe(baseline);
  });

  it('the check can fail: detaching an ArrayBuffer invalidates it', () => {
    expect(invalidations(fixture('detach.mjs'))).toBeGreaterThan(baseline);
  });

  // Seen on Node 20 only: on Node 22, 24 and 26 neither tsx nor hdr-histogram-js detaches a
  // buffer while loading (docs/node-versions.md).
  it.runIf(process.versions.node.startsWith('20.'))(
    'on Node 20, loading hdr-histogram-js through tsx invalidates it',
    () => {
      expect(invalidations(fixture('hdr.mjs'))).toBeGreaterThan(baseline);
    },
  );
});
