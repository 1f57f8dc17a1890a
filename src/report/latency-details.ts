// The words of latency mode's details (src/analysis/latency.ts), part of the one registry of
// detail words (src/report/details.ts DETAIL_TEXT): the ladder read against the timer.
import type { DetailValues } from '../results/schema.js';

type LatencyCode =
  | 'latency-timer'
  | 'latency-step'
  | 'latency-timer-dominated'
  | 'latency-timer-jitter'
  | 'latency-timer-small'
  | 'latency-zero'
  | 'latency-thin-tail'
  | 'latency-gc'
  | 'latency-budget';

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** 3 significant digits with a unit. */
function ns(x: number): string {
  const [scale, unit] = x >= 1e9 ? [1e9, 's'] : x >= 1e6 ? [1e6, 'ms'] : x >= 1e3 ? [1e3, 'µs'] : [1, 'ns'];
  return `${+(x / scale).toPrecision(3)} ${unit}`;
}

const head = (v: DetailValues['latency-timer-small']): string =>
  `p50 (${ns(v.p50)}) is ${v.ratio.toFixed(1)}× the timer overhead`;

/** "40 % of p50", or "3.0× p50" when larger: a figure above p50 is not a share of it. */
function ofP50(x: number, p50: number): string {
  const r = x / p50;
  return r > 1 ? `${r.toFixed(1)}× p50` : `${(r * 100).toFixed(0)} % of p50`;
}

export const LATENCY_DETAIL_TEXT: { [C in LatencyCode]: (v: DetailValues[C]) => string } = {
  'latency-timer': (v) =>
    `timer overhead ${ns(v.overheadNs)} subtracted from every call (median of ${v.calls} empty calls over ` +
    `${v.processes} ${plural(v.processes, 'process', 'processes')}; p10–p90 jitter ${ns(v.jitterNs)}); ` +
    (typeof v.stepNs === 'number'
      ? `the clock ticks every ${ns(v.tickNs)} but its readings here move in steps of about ${ns(v.stepNs)} ` +
        '(the gap between recorded values), so per-call values come in multiples of that'
      : `one clock tick is ${ns(v.tickNs)}`),
  'latency-step': (v) =>
    `the clock's step (${ns(v.stepNs)}) is ${ofP50(v.stepNs, v.p50)}: ` +
    'differences smaller than a step between rungs or between benchmarks are not resolved',
  'latency-timer-dominated': (v) =>
    `${head(v)}: per-call values below ~${v.limit}× the overhead are dominated by the timer and its jitter; ` +
    'take the typical cost from the batch headline (time/iter) and read this ladder for its tail only',
  'latency-timer-jitter': (v) =>
    `${head(v)}: the lower rungs carry the timer's jitter (${ns(v.jitterNs)}, ` +
    `${ofP50(v.jitterNs, v.p50)}); the upper rungs are well above it`,
  'latency-timer-small': (v) => `${head(v)}: the timer's overhead and jitter are small next to the values`,
  'latency-zero': (v) =>
    `${(v.share * 100).toFixed(1)} % of calls measured at or below the timer overhead and count as 0 ns`,
  'latency-thin-tail': (v) => {
    const calls = v.calls;
    const rests = v.labels
      .map((l, i) => `${l} rests on the slowest ${calls[i]} ${plural(calls[i], 'call', 'calls')}`)
      .join(', ');
    return `${rests} of ${v.of}: too few to be a stable percentile (closer to the max)`;
  },
  'latency-gc': (v) =>
    `${v.collections} garbage ${plural(v.collections, 'collection', 'collections')} ran during the ` +
    'per-call phase; each pause lands in the time of one call, in the tail',
  'latency-budget': (v) =>
    `${v.processes} of ${v.of} ${plural(v.of, 'process', 'processes')} stopped the per-call phase ` +
    'at the time budget, before the call limit',
};
