// The 1–2 µs kernels of bench/engine/precision.ts, defined once and imported by every tool's
// runner (cyclebench's bench file, mitata's and tinybench's scripts), so all three time the
// same code. Each factory is the untimed setup; the function it returns is the kernel.
// Each process measures exactly one kernel, whichever the tool.

/** Float64Array sum over 1,500 elements: ~1.5 µs here, no allocation, JIT-sensitive. */
export function float64Sum(): () => number {
  const a = new Float64Array(1500);
  for (let i = 0; i < a.length; i++) a[i] = (i * 7919) % 1000;
  return () => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i];
    return s;
  };
}

/** Copy and sort 24 numbers with a comparator: ~1.6 µs here, allocates (so GC is in play). */
export function sortSmall(): () => number[] {
  const a: number[] = [];
  for (let i = 0; i < 24; i++) a.push((i * 7919) % 1009);
  return () => a.slice().sort((x, y) => x - y);
}

export const PRECISION_KERNELS = { 'f64 sum 1500': float64Sum, 'sort 24 numbers': sortSmall } as const;
export type PrecisionKernel = keyof typeof PRECISION_KERNELS;
export const GROUP = 'precision';
