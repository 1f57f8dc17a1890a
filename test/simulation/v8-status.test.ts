// The tier a function runs in, read from V8's %GetOptimizationStatus bits on the Node running
// the test (.ci/node-matrix.sh runs this file on every supported Node): the bit layout moved
// between V8 versions (src/simulation/v8-status.ts), and a misread layout names a wrong tier.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYOUT_V8_11, LAYOUT_V8_14, layoutOf, tierOf } from '../../src/simulation/v8-status.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/simulation/v8-tiers.ts', import.meta.url));

describe('V8 optimization status', () => {
  it('names the tier V8 was told to compile a function in, on this Node', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const tiers = JSON.parse(lines[lines.length - 1]!) as Record<string, string>;
    // V8 prints this line when the build has no Maglev (Node 20 and 22 on x64): the request is ignored.
    const noMaglev = /Maglev is not enabled/.test(r.stdout + r.stderr);
    expect(tiers).toEqual({
      interpreted: 'interpreted',
      lazy: 'interpreted',
      baseline: 'baseline',
      maglev: noMaglev ? 'interpreted' : 'maglev',
      turbofan: 'turbofan',
    });
  });

  it('tells the layouts apart from a never-called function and refuses an unknown one', () => {
    expect(layoutOf(129)).toBe(LAYOUT_V8_11); // Node 20-24
    expect(layoutOf(65)).toBe(LAYOUT_V8_14); // Node 26
    expect(layoutOf(1)).toBeNull();
    expect(tierOf(0b1010001, null)).toBe('unknown');
  });

  it('reads the same statuses differently under each layout', () => {
    // A TurboFan-compiled function: 81 on Node 20-24, 41 on Node 26.
    expect(tierOf(81, LAYOUT_V8_11)).toBe('turbofan');
    expect(tierOf(41, LAYOUT_V8_14)).toBe('turbofan');
    // Node 26's interpreted reading (65) is TurboFan's bit under the older layout.
    expect(tierOf(65, LAYOUT_V8_14)).toBe('interpreted');
    expect(tierOf(65, LAYOUT_V8_11)).toBe('turbofan');
    expect(tierOf(16385, LAYOUT_V8_14)).toBe('baseline');
    expect(tierOf(25, LAYOUT_V8_14)).toBe('maglev');
    expect(tierOf(131073, LAYOUT_V8_14)).toBe('interpreted');
  });
});
