// Eight small kernels for bench/engine/cost.ts (the wall time of a default run), shared by
// every tool's runner. Each factory is the untimed setup.
const f64 = Float64Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1000);
const nums = Array.from({ length: 24 }, (_, i) => (i * 7919) % 1009);
const obj = { id: 7, name: 'cyclebench', tags: ['a', 'b', 'c'], nested: { x: 1.5, y: [1, 2, 3] } };
const json = JSON.stringify(obj);
const map = new Map(Array.from({ length: 1000 }, (_, i) => [i, i * 2] as const));
let k = 0;

export const COST_KERNELS = {
  'f64 sum': () => () => {
    let s = 0;
    for (let i = 0; i < f64.length; i++) s += f64[i];
    return s;
  },
  'sort 24': () => () => nums.slice().sort((a, b) => a - b),
  'JSON.stringify': () => () => JSON.stringify(obj),
  'JSON.parse': () => () => JSON.parse(json) as unknown,
  'Map.get': () => () => map.get((k = (k + 7) % 1000)),
  'string concat': () => () => `item-${(k = (k + 1) % 1000)}-${k * 3}`,
  'array push': () => () => {
    const a: number[] = [];
    for (let i = 0; i < 64; i++) a.push(i);
    return a;
  },
  'regex test': () => () => /^[a-z]+-\d+$/.test(`abc-${(k = (k + 1) % 1000)}`),
} as const;

/**
 * The benchmarks of one cost run: COST_COUNT of them (default: the eight kernels once), the eight
 * kernels in turn, each copy named apart ("f64 sum #2"), so a suite of 1, 10 or 50 benchmarks has
 * the same mix of kernels.
 */
export function costBenchmarks(): [name: string, factory: () => () => unknown][] {
  const kernels = Object.entries(COST_KERNELS) as [string, () => () => unknown][];
  const count = Number(process.env.COST_COUNT ?? kernels.length);
  return Array.from({ length: count }, (_, i) => {
    const [name, factory] = kernels[i % kernels.length];
    const copy = Math.floor(i / kernels.length);
    return [copy === 0 ? name : `${name} #${copy + 1}`, factory];
  });
}
