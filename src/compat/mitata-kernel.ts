// mitata's benchmark functions as cyclebench benchmarks (mitata's rules, src/lib.mjs `kind`):
// - a function without parameters is the kernel itself (sync or async);
// - a generator `function* (state) { …set-up…; yield kernel; …tear-down… }` runs its set-up
//   untimed in the worker, with `state.get(name)` reading the instance's `.args()` value; the
//   yielded function is the kernel; the code after `yield` runs when the worker ends;
// - a generator yielding `{ [0]() {…}, bench(x) {…} }` (computed parameters): see
//   computed-parameters.ts;
// - a function that takes `state` and loops `for (const _ of state)` times its own loop, which
//   cyclebench cannot drive: that benchmark fails with one line, the file's others run.
import type { BenchArgs, BenchFn } from '../api/types.js';
import { benchOf, computedParameters, inputMaker, yieldsObjectLiteral, type Yielded } from './computed-parameters.js';
import { atEnd, failingBench, unsupported } from './unsupported.js';

type AnyFn = (...a: any[]) => any;

export function isGeneratorFunction(f: unknown): boolean {
  const tag = Object.prototype.toString.call(f);
  return tag === '[object GeneratorFunction]' || tag === '[object AsyncGeneratorFunction]';
}

export interface MitataBench {
  fn: BenchFn;
  /** For computed parameters: makes each iteration's parameters (cyclebench's .setupEach()). */
  setupEach?: (args: BenchArgs) => unknown;
}

/** The cyclebench form of mitata's `bench(name, f)`. */
export function mitataBench(name: string, f: AnyFn): MitataBench {
  if (isGeneratorFunction(f)) return fromGenerator(name, f);
  if (f.length === 0) return { fn: { fn: f } }; // object form: `fn` is always the kernel, whatever it returns
  const call = `bench('${name}', (state) => { for (const _ of state) … })`;
  return { fn: failingBench(unsupported('mitata', call, 'yield the kernel instead')) };
}

/**
 * The generator runs once per instance (its args object): the first of the set-up (fn) and,
 * with computed parameters, of the per-iteration maker (setupEach, called first by the
 * engine) starts it, and both read the same yielded value.
 */
function fromGenerator(name: string, gen: AnyFn): MitataBench {
  const runs = new WeakMap<BenchArgs, Yielded | Promise<Yielded>>();
  const started = (args: BenchArgs) => {
    let run = runs.get(args);
    if (run === undefined) {
      const it = gen({ get: (key: string) => args[key] }) as { next(): Yielded | Promise<Yielded> };
      atEnd(() => it.next());
      run = it.next();
      runs.set(args, run);
    }
    return run;
  };
  const then = <T>(v: Yielded | Promise<Yielded>, f: (y: Yielded) => T) => (v instanceof Promise ? v.then(f) : f(v));
  // Computed parameters must be known before measuring: the yield is recognised in the source.
  const computed = yieldsObjectLiteral(gen);
  const fn = (args: BenchArgs) => then(started(args), (y) => kernelOf(name, y, args, computed));
  if (!computed) return { fn };
  const makers = new WeakMap<BenchArgs, () => unknown>();
  const setupEach = (args: BenchArgs) => {
    const make = makers.get(args);
    if (make) return make();
    return then(started(args), (y) => {
      const m = inputMaker(name, y);
      makers.set(args, m);
      return m();
    });
  };
  return { fn, setupEach };
}

function kernelOf(name: string, y: Yielded, args: BenchArgs, computed: boolean): unknown {
  const v = y.value as Record<string, unknown> | AnyFn | undefined;
  const concurrency = (v as { concurrency?: unknown } | undefined)?.concurrency ?? args.concurrency;
  if (typeof concurrency === 'number' && concurrency > 1)
    throw unsupported('mitata', `concurrency ${concurrency} in bench('${name}')`);
  if (!y.done && typeof v === 'function' && v.length === 0 && !isGeneratorFunction(v)) return v;
  if (v && typeof v === 'object' && typeof v.manual === 'function')
    throw unsupported('mitata', `yield { manual() } in bench('${name}')`, 'cyclebench times the loop itself');
  if (!computedParameters(v))
    throw new TypeError(`mitata: bench('${name}'): the generator must yield a function or { bench() }`);
  if (!computed)
    throw unsupported(
      'mitata',
      `computed parameters yielded from a variable in bench('${name}')`,
      'yield the object literal',
    );
  return benchOf(v);
}
