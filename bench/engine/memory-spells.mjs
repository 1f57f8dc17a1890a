// One process's speed at allocating kernels, and the reference kernels that might show it, with no
// harness (docs/measurements.md, "A slow memory path the compute yardstick does not see"). Prints
// one JSON line: the median over 8 rounds of JSON.parse of a 20-key object (ns per call, process
// CPU time) and the fastest-of-3 time of each reference kernel (µs): alu (the compute
// yardstick's xorshift steps), objs (200 × 64 small objects), parse50 (50 × JSON.parse), read8
// (a sequential read of 8 MB), write2 (a sequential write of 2 MB), gather (scattered reads of a
// 256 KB table, the memory yardstick before the chase), chase (8,192 dependent reads through a
// random cycle of a 256 KB table, the memory yardstick of src/engine/yardstick.ts). Run it many
// times, spread over minutes, and sort by `k`:
//   for i in $(seq 60); do taskset -c 0 node bench/engine/memory-spells.mjs; sleep 1; done
const text = JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, i * 31])));
const held = { v: null, y: null, z: null };
const kernel = () => JSON.parse(text);
let st = 0x9e3779b9;
function alu() {
  let s = st;
  for (let i = 0; i < 20000; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
  }
  st = s;
  return s;
}
function objs() {
  let last;
  for (let j = 0; j < 200; j++) {
    const out = new Array(64);
    for (let i = 0; i < 64; i++) out[i] = { id: i, v: j, tag: null };
    last = out;
  }
  held.y = last;
}
function parse50() {
  for (let j = 0; j < 50; j++) held.z = JSON.parse(text);
}
const big = new Float64Array(1 << 20);
function read8() {
  let s = 0;
  for (let i = 0; i < big.length; i += 8) s += big[i];
  return s;
}
const mid = new Float64Array(1 << 18);
function write2() {
  for (let i = 0; i < mid.length; i += 8) mid[i] = i;
}
const table = new Int32Array(1 << 16);
const places = Int32Array.from({ length: 1 << 16 }, (_, i) => Math.imul(i, 40503) & 0xffff);
function gather() {
  let s = 0;
  for (let i = 0; i < places.length; i++) s ^= table[places[i]];
  return s;
}
// A dependent chain of reads through one random cycle of the same 256 KB (Sattolo's shuffle with
// the seed of src/engine/yardstick.ts, so the same cycle): each read waits for the one before, so
// the time is the caches' latency.
const ring = new Int32Array(1 << 16).map((_, i) => i);
for (let i = ring.length - 1, s = 0x2545f491; i > 0; i--) {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  const k = (s >>> 0) % i;
  [ring[i], ring[k]] = [ring[k], ring[i]];
}
function chase() {
  let j = st & 0xffff;
  for (let i = 0; i < 8192; i++) j = ring[j];
  st ^= j;
  return j;
}
// Throughput-bound candidates: independent work a core can overlap, so a busy sibling hardware
// thread (sharing its ports) slows them, where the dependent chains above wait on latency alone.
// ilp4 / ilp8: 4 or 8 independent xorshift streams; f64: sums of a 1,000-entry Float64Array (8 KB,
// in L1); copy: 64 KB copied with TypedArray#set (a memcpy inside V8, the same code in every process).
const lanes = new Int32Array(8).map((_, i) => 0x9e3779b9 + i * 7919);
function ilp4() {
  let a = lanes[0],
    b = lanes[1],
    c = lanes[2],
    d = lanes[3];
  for (let i = 0; i < 5000; i++) {
    a ^= a << 13;
    b ^= b << 13;
    c ^= c << 13;
    d ^= d << 13;
    a ^= a >>> 17;
    b ^= b >>> 17;
    c ^= c >>> 17;
    d ^= d >>> 17;
    a ^= a << 5;
    b ^= b << 5;
    c ^= c << 5;
    d ^= d << 5;
  }
  lanes[0] = a;
  lanes[1] = b;
  lanes[2] = c;
  lanes[3] = d;
}
function ilp8() {
  let a = lanes[0],
    b = lanes[1],
    c = lanes[2],
    d = lanes[3],
    e = lanes[4],
    f = lanes[5],
    g = lanes[6],
    h = lanes[7];
  for (let i = 0; i < 2500; i++) {
    a ^= a << 13;
    b ^= b << 13;
    c ^= c << 13;
    d ^= d << 13;
    e ^= e << 13;
    f ^= f << 13;
    g ^= g << 13;
    h ^= h << 13;
    a ^= a >>> 17;
    b ^= b >>> 17;
    c ^= c >>> 17;
    d ^= d >>> 17;
    e ^= e >>> 17;
    f ^= f >>> 17;
    g ^= g >>> 17;
    h ^= h >>> 17;
    a ^= a << 5;
    b ^= b << 5;
    c ^= c << 5;
    d ^= d << 5;
    e ^= e << 5;
    f ^= f << 5;
    g ^= g << 5;
    h ^= h << 5;
  }
  lanes[0] = a;
  lanes[1] = b;
  lanes[2] = c;
  lanes[3] = d;
  lanes[4] = e;
  lanes[5] = f;
  lanes[6] = g;
  lanes[7] = h;
}
const small = Float64Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
function f64() {
  let t = 0;
  for (let r = 0; r < 20; r++) for (let i = 0; i < small.length; i++) t += small[i];
  st ^= t;
}
const src = new Uint8Array(1 << 16).fill(7);
const dst = new Uint8Array(1 << 16);
function copy() {
  for (let r = 0; r < 8; r++) dst.set(src);
}
const REFERENCES = { alu, objs, parse50, read8, write2, gather, chase, ilp4, ilp8, f64, copy };
const fastestUs = (f) => {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    f();
    best = Math.min(best, Number(process.hrtime.bigint() - t));
  }
  return best / 1000;
};
const cpuNs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) * 1000;
};
for (let i = 0; i < 200; i++) for (const f of Object.values(REFERENCES)) f();
const perCall = [];
const times = Object.fromEntries(Object.keys(REFERENCES).map((n) => [n, []]));
for (let round = 0; round < 10; round++) {
  const c0 = cpuNs();
  for (let i = 0; i < 1e5; i++) held.v = kernel();
  if (round >= 2) perCall.push((cpuNs() - c0) / 1e5);
  for (const [n, f] of Object.entries(REFERENCES)) times[n].push(fastestUs(f));
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const out = { k: Math.round(median(perCall)) };
for (const [n, a] of Object.entries(times)) out[n] = Number(median(a).toFixed(1));
console.log(JSON.stringify(out));
