// mitata's computed parameters: `yield { [0]() {…}, [1]() {…}, bench(a, b) {…} }`. Before
// every call of `bench`, mitata calls each `[k]()` (untimed) and passes the results as the
// arguments, so a kernel that mutates its argument gets a fresh one every time.
import { unsupported } from './unsupported.js';

export interface ComputedParameters {
  bench: (...params: unknown[]) => unknown;
  [k: number]: () => unknown;
}

export function computedParametersKernel(name: string, v: ComputedParameters): unknown {
  void v;
  throw unsupported('mitata', `computed parameters in bench('${name}')`);
}
