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
import { computedParametersKernel, type ComputedParameters } from './computed-parameters.js';
import { atEnd, failingBench, unsupported } from './unsupported.js';

type AnyFn = (...a: any[]) => any;
type Generator = AnyFn & { prototype: { next?: unknown } };

const tagOf = (f: unknown) => Object.prototype.toString.call(f);

export function isGeneratorFunction(f: unknown): f is Generator {
  const tag = tagOf(f);
  return tag === '[object GeneratorFunction]' || tag === '[object AsyncGeneratorFunction]';
}

/** The cyclebench form of mitata's `bench(name, f)`. */
export function mitataBenchFn(name: string, f: AnyFn): BenchFn {
  if (isGeneratorFunction(f)) return (args: BenchArgs) => fromGenerator(name, f, args);
  if (f.length === 0) return { fn: f }; // object form: `fn` is always the kernel, whatever it returns
  return failingBench(
    unsupported('mitata', `bench('${name}', (state) => { for (const _ of state) … })`, 'yield the kernel instead'),
  );
}

interface Step {
  value?: unknown;
  done?: boolean;
}

function fromGenerator(name: string, gen: Generator, args: BenchArgs): unknown {
  const state = { get: (key: string) => args[key] };
  const it = gen(state) as { next(): Step | Promise<Step> };
  const first = it.next();
  const pick = (step: Step) => {
    atEnd(() => it.next());
    return kernelOf(name, step, args);
  };
  return first instanceof Promise ? first.then(pick) : pick(first);
}

function kernelOf(name: string, step: Step, args: BenchArgs): unknown {
  const v = step.value as (AnyFn & Partial<ComputedParameters>) | undefined;
  const concurrency = (v as { concurrency?: unknown } | undefined)?.concurrency ?? args.concurrency;
  if (typeof concurrency === 'number' && concurrency > 1)
    throw unsupported('mitata', `concurrency ${concurrency} in bench('${name}')`);
  if (!step.done && typeof v === 'function' && v.length === 0 && !isGeneratorFunction(v)) return v;
  if (v && typeof v === 'object' && typeof (v as { manual?: unknown }).manual === 'function')
    throw unsupported('mitata', `yield { manual() } in bench('${name}')`, 'cyclebench times the loop itself');
  if (v && typeof v.bench === 'function' && !isGeneratorFunction(v.bench))
    return computedParametersKernel(name, v as ComputedParameters);
  throw new TypeError(`mitata: bench('${name}'): expected the generator to yield a function or { bench() }`);
}
