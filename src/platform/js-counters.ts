// Counters on the pure-JS platform: perf_event_open is a syscall JavaScript cannot make,
// so every event is reported unavailable with the reason, and open() throws ENOTSUP.

import { unsupported } from './errors.js';
import { EVENT_TABLE } from './counters-math.js';
import type { CounterEventAvailability, CounterEventName, Counters } from './types.js';

const REASON = 'needs the native addon (perf_event_open)';

export function createJsCounters(): Counters {
  return {
    capability: () => ({ supported: false, reason: REASON }),
    probe: (): CounterEventAvailability[] =>
      (Object.keys(EVENT_TABLE) as CounterEventName[]).map((name) => ({
        name,
        kind: EVENT_TABLE[name].kind,
        available: false,
        code: 'ENOTSUP',
        reason: REASON,
      })),
    open: () => {
      throw unsupported('counters', REASON);
    },
  };
}
