// mitata's computed parameters: `yield { [0]() {…}, [1]() {…}, bench(a, b) {…} }`. Before
// every call of `bench`, mitata calls each `[k]()` (untimed, k < bench.length) and passes the
// results as the arguments, so a kernel that changes its argument gets a fresh one each time.
// Here the parameters are cyclebench's per-iteration inputs (.setupEach(): made for every
// iteration of a batch before its clock starts), and the kernel takes them as its input.
type AnyFn = (...a: any[]) => unknown;

export interface Yielded {
  value?: unknown;
  done?: boolean;
}

export interface ComputedParameters {
  bench: AnyFn;
  [k: number]: AnyFn;
}

export function computedParameters(v: unknown): v is ComputedParameters {
  return typeof v === 'object' && v !== null && typeof (v as { bench?: unknown }).bench === 'function';
}

/** Does the generator's source yield an object literal (`yield {`)? Decides at registration, before it runs. */
export function yieldsObjectLiteral(gen: AnyFn): boolean {
  return /\byield\s*\{/.test(Function.prototype.toString.call(gen));
}

/** One iteration's input: the one parameter, or the array of them; undefined when the yield is a plain kernel. */
export function inputMaker(name: string, y: Yielded): () => unknown {
  const v = y.value;
  if (!computedParameters(v)) return () => undefined;
  const params: AnyFn[] = [];
  for (let k = 0; k < v.bench.length; k++) {
    if (typeof v[k] !== 'function') throw new TypeError(`mitata: bench('${name}'): parameter [${k}] is not a function`);
    params.push(v[k]);
  }
  if (params.length === 0) return () => undefined;
  if (params.length === 1) {
    const only = params[0];
    return () => only();
  }
  return () => {
    const values = params.map((p) => p());
    return values.some((x) => x instanceof Promise) ? Promise.all(values) : values;
  };
}

/** The kernel: called by the loop as fn(input, state); `bench` itself when it takes at most one parameter. */
export function benchOf(v: ComputedParameters): AnyFn {
  const bench = v.bench;
  if (bench.length <= 1) return bench;
  if (bench.length === 2) return (p: unknown[]) => bench(p[0], p[1]);
  return (p: unknown[]) => bench(...p);
}
