// Latency mode and input distributions (README "Latency mode and input distributions").
// Run: node bin/cyclebench.js run examples/latency.bench.ts --latency
//
// Both kernels draw their input per call from a pool built before timing:
// - payloads whose sizes are log-normal with p50 ≈ 1.4 KiB and p99 ≈ 12 KiB (as if sampled
//   from production), checksummed: the per-call ladder follows the size distribution;
// - keys of a skewed Map lookup (a few hot keys): a ~15 ns kernel, below twice the timer's
//   overhead, where the report says the per-call values are dominated by the timer.
// Both kernels are fast, so the per-call phase reaches its 1,000,000-call limit before the
// time budget and a process takes a few seconds.
import { bench, group } from '../src/index.js';

/** A payload size: log-normal, median 1434 bytes, p99 ≈ 12 KiB (σ = ln(12288/1434) / 2.326). */
function payloadSize(rng: { next(): number }): number {
  const z = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  return Math.max(64, Math.round(1434 * Math.exp((Math.log(12288 / 1434) / 2.326) * z)));
}

function payload(size: number): Buffer {
  const line = '{"id":12345,"name":"cyclebench","tags":["a","b","c"],"ok":true}\n';
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
}

group('latency', () => {
  bench('checksum a payload', () => (buf: Buffer) => {
    let s = 0;
    for (let i = 0; i < buf.length; i += 4) s = (s + buf[i]) | 0;
    return s;
  })
    .inputs((rng) => payload(payloadSize(rng)))
    .latency();

  bench('Map.get, skewed keys', () => {
    const m = new Map(Array.from({ length: 10_000 }, (_, i) => [i, i * 2] as const));
    return (key: number) => m.get(key);
  }).inputs((rng) => Math.floor(10_000 * rng.next() ** 4));
});
