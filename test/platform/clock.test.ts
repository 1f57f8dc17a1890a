// The native clock's frequency against the kernel's own TSC figure, and the pure
// ClockInfo assembly by known answers (values chosen by hand).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assembleClockInfo, type RawClockInfo } from '../../src/platform/native.js';
import { createPlatform } from '../../src/platform/load.js';

/** The kernel's TSC frequency in Hz: dmesg "tsc: Refined ... / Detected N MHz", else /proc/cpuinfo. */
function kernelTscHz(): { hz: number; from: string } | null {
  try {
    const log = execFileSync('dmesg', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const refined = /tsc: Refined TSC clocksource calibration: ([\d.]+) MHz/.exec(log);
    const detected = /tsc: Detected ([\d.]+) MHz/.exec(log);
    const m = refined ?? detected;
    if (m) return { hz: Number(m[1]) * 1e6, from: 'dmesg' };
  } catch {
    /* dmesg needs privilege (kernel.dmesg_restrict) */
  }
  try {
    // "cpu MHz" is the TSC rate only when it does not scale: require every CPU to agree.
    const mhz = [...readFileSync('/proc/cpuinfo', 'utf8').matchAll(/^cpu MHz\s*:\s*([\d.]+)/gm)].map((m) => m[1]);
    if (mhz.length > 0 && mhz.every((v) => v === mhz[0])) return { hz: Number(mhz[0]) * 1e6, from: '/proc/cpuinfo' };
  } catch {
    /* not Linux */
  }
  return null;
}

const platform = createPlatform('native');
const info = platform.kind === 'native' ? platform.clock.info() : null;
const kernel = info?.source === 'tsc' ? kernelTscHz() : null;
const skipWhy =
  info === null
    ? 'native addon not loaded'
    : info.source !== 'tsc'
      ? `clock is ${info.source}, not tsc`
      : kernel === null
        ? 'kernel TSC frequency unreadable (no dmesg, cpuinfo MHz varies)'
        : '';

describe('native clock calibration', () => {
  it.skipIf(skipWhy !== '')(
    `calibrated hz agrees with the kernel's TSC frequency within 1 %${skipWhy ? ` (skipped: ${skipWhy})` : ''}`,
    () => {
      const rel = Math.abs(info!.calibratedHz! - kernel!.hz) / kernel!.hz;
      expect(rel, `calibrated ${info!.calibratedHz} vs ${kernel!.from} ${kernel!.hz}`).toBeLessThan(0.01);
    },
  );

  it.skipIf(info?.source !== 'tsc')('reports the TSC facts it relies on', () => {
    expect(info!.invariant).toBeTypeOf('boolean');
    expect(info!.hypervisor).toBeTypeOf('boolean');
    expect(info!.reportsCpu).toBe(true);
    expect(info!.calibrationNs).toBeGreaterThanOrEqual(20e6);
  });
});

describe('assembleClockInfo', () => {
  const raw: RawClockInfo = {
    source: 'tsc',
    reportedHz: 0,
    calibratedHz: 2.5e9,
    calibrationNs: 1e8,
    invariant: 1,
    hypervisor: 0,
    ticksAreCycles: true,
    resolutionTicks: 26,
    reportsCpu: true,
  };
  it('uses the calibration when the CPU does not say', () => {
    const i = assembleClockInfo(raw, 'tsc');
    expect(i).toMatchObject({
      hz: 2.5e9,
      hzSource: 'calibration',
      reportedHz: null,
      invariant: true,
      hypervisor: false,
    });
  });
  it('uses CPUID when calibration confirms it within 1 %, reporting both', () => {
    const i = assembleClockInfo({ ...raw, reportedHz: 2.52e9 }, 'tsc'); // 0.8 % off
    expect(i).toMatchObject({ hz: 2.52e9, hzSource: 'cpuid', reportedHz: 2.52e9, calibratedHz: 2.5e9 });
  });
  it('keeps the calibration when CPUID disagrees by more than 1 %, reporting both', () => {
    const i = assembleClockInfo({ ...raw, reportedHz: 2.6e9 }, 'tsc'); // 4 % off
    expect(i).toMatchObject({ hz: 2.5e9, hzSource: 'calibration', reportedHz: 2.6e9 });
  });
  it('labels clock_gettime as nominal nanoseconds', () => {
    const i = assembleClockInfo(
      { ...raw, source: 'clock_gettime', calibratedHz: 0, invariant: -1, hypervisor: -1, ticksAreCycles: false },
      null,
    );
    expect(i).toMatchObject({
      hz: 1e9,
      hzSource: 'nominal',
      calibratedHz: null,
      calibrationNs: null,
      invariant: null,
      hypervisor: null,
    });
  });
  it('labels cntvct by cntfrq when calibration agrees', () => {
    const i = assembleClockInfo(
      { ...raw, source: 'cntvct', reportedHz: 1e9, calibratedHz: 1.001e9, ticksAreCycles: false },
      'arch_sys_counter',
    );
    expect(i).toMatchObject({ hz: 1e9, hzSource: 'cntfrq' });
  });
});
