// The kernels of bench/engine/contention.ts, shared by every tool's runner: a Float64Array
// sum over 1,000 elements, the same loop run twice (exactly 2× the work), and an identical
// copy of the first (the A/A pair). Each factory is the untimed setup.

function data(): Float64Array {
  const a = new Float64Array(1000);
  for (let i = 0; i < a.length; i++) a[i] = (i * 7919) % 1000;
  return a;
}

export function once(): () => number {
  const a = data();
  return () => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i];
    return s;
  };
}

export function twice(): () => number {
  const a = data();
  return () => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i];
    for (let i = 0; i < a.length; i++) s += a[i];
    return s;
  };
}

export function onceCopy(): () => number {
  const a = data();
  return () => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i];
    return s;
  };
}

export const CONTENTION_KERNELS = { once, twice, 'once (copy)': onceCopy } as const;
export const CONTENTION_GROUP = 'contention';
