// The description of process.hrtime as a clock: nanosecond ticks at a nominal 1 GHz, no
// calibration, no CPU reported.

import type { ClockInfo } from './types.js';

/** The ClockInfo of process.hrtime: the JS platform's clock (js.ts), and the environment record's stand-in when clock.info() fails. */
export function hrtimeClockInfo(clocksource: string | null, resolutionTicks: number): ClockInfo {
  return {
    source: 'hrtime',
    hz: 1e9,
    hzSource: 'nominal',
    reportedHz: null,
    calibratedHz: null,
    calibrationNs: null,
    invariant: null,
    clocksource,
    hypervisor: null,
    ticksAreCycles: false,
    resolutionTicks,
    reportsCpu: false,
  };
}
