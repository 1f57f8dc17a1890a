// A process.hrtime clock implementing the Clock contract, for the engine's own use when
// no platform loader is available (src/platform/load.ts not present) and for tests.
// Ticks are ns since bind(); cpu is always -1 (unknown).

import type { Clock, ClockInfo } from '../platform/types.js';

export function createHrtimeClock(): Clock {
  let buf: Float64Array = new Float64Array(4);
  let base = process.hrtime.bigint();
  const now = () => Number(process.hrtime.bigint() - base);
  const info: ClockInfo = {
    source: 'hrtime',
    hz: 1e9,
    hzSource: 'nominal',
    reportedHz: null,
    calibratedHz: null,
    calibrationNs: null,
    invariant: null,
    clocksource: null,
    hypervisor: null,
    ticksAreCycles: false,
    resolutionTicks: 1,
    reportsCpu: false,
  };
  return {
    info: () => info,
    bind(b) {
      buf = b;
      base = process.hrtime.bigint();
      buf[1] = -1;
      buf[3] = -1;
    },
    start() {
      buf[0] = now();
    },
    end() {
      buf[2] = now();
    },
    now,
  };
}
