// Platform checks for an installed cyclebench on linux-arm64, run by .ci/arm64.sh with the
// arm64 Node binary under qemu-user (node platform-checks.mjs <installed package root>).
// node:test, not vitest: vitest's own tooling (esbuild) has no arm64 build installed here, and
// qemu-user cannot start the child processes vitest's pools need (the kernel has no binfmt entry
// for arm64 binaries, so an arm64 process can only start through qemu-aarch64-static itself).
// Only what emulation does not distort is checked: loading, the counter reads, the messages and
// the fallbacks; no timing. `cyclebench env` is run by .ci/arm64.sh (it starts no process).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
if (!root) throw new Error('usage: node platform-checks.mjs <installed cyclebench package root>');
const load = await import(pathToFileURL(join(root, 'dist/platform/load.js')).href);

test('runs on arm64', () => {
  assert.equal(process.arch, 'arm64');
});

test('node-gyp-build selects prebuilds/linux-arm64 and the native platform loads', () => {
  const nodeGypBuild = createRequire(join(root, 'package.json'))('node-gyp-build');
  const build = nodeGypBuild.resolve(root);
  assert.equal(build, join(root, 'prebuilds/linux-arm64/cyclebench.node'));
  const p = load.createPlatform('native', root);
  assert.equal(p.kind, 'native', p.fallbackReason);
});

test('the clock reads CNTVCT_EL0 at the frequency CNTFRQ_EL0 reports, monotonically', () => {
  const p = load.createPlatform('native', root);
  const info = p.clock.info();
  assert.equal(info.source, 'cntvct');
  assert.equal(info.ticksAreCycles, false);
  assert.ok(info.reportedHz > 0, `cntfrq_el0 reads ${info.reportedHz}`);
  assert.ok(info.calibratedHz > 0, `calibration gave ${info.calibratedHz}`);
  assert.ok(info.calibrationNs >= 20e6, `calibrated over ${info.calibrationNs} ns`);
  // Two clocks compared over the calibration window, as test/platform/clock.test.ts does for the
  // TSC (qemu-user: cntfrq_el0 62.5 MHz, calibrated 62.499 MHz).
  const rel = Math.abs(info.calibratedHz - info.reportedHz) / info.reportedHz;
  assert.ok(rel < 0.01, `calibrated ${info.calibratedHz} Hz against cntfrq_el0 ${info.reportedHz} Hz`);
  assert.equal(info.hz, info.reportedHz);
  assert.equal(info.reportsCpu, true);
  const buf = new Float64Array(4);
  p.clock.bind(buf);
  let lastEnd = -Infinity;
  for (let i = 0; i < 10_000; i++) {
    p.clock.start();
    const start = buf[0];
    p.clock.end();
    assert.ok(start >= lastEnd && buf[2] >= start, `read ${i}: ${lastEnd} then ${start}, ${buf[2]}`);
    lastEnd = buf[2];
  }
  const cpus = p.sched.getAffinity();
  assert.ok(cpus.includes(buf[1]) && cpus.includes(buf[3]), `getcpu gave ${buf[1]}, ${buf[3]}; affinity ${cpus}`);
});

test('counters: every event is available or names why not', () => {
  const p = load.createPlatform('native', root);
  const events = p.counters.probe();
  assert.ok(events.length >= 10);
  for (const e of events) {
    assert.equal(typeof e.available, 'boolean');
    if (!e.available) assert.ok(typeof e.reason === 'string' && e.reason.length > 0, `${e.name} has no reason`);
  }
});

test('the JS platform stands in when the addon cannot load, with the reason and the fix', () => {
  const p = load.createPlatform('native', join(root, 'no-such-dir'));
  assert.equal(p.kind, 'js');
  assert.match(p.fallbackReason, /native addon failed to load/);
  assert.match(p.fallbackReason, /to fix:/);
  const info = p.clock.info();
  assert.equal(info.source, 'hrtime');
});
