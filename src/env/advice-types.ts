// What one piece of `cyclebench env` advice says, shared by the CPU and the process advice
// (advice-cpu.ts, advice-process.ts) and gathered by advice.ts.
import type { Environment } from './environment.js';

export type Knob =
  | 'governor'
  | 'boost'
  | 'smt'
  | 'isolated-cpus'
  | 'thermal'
  | 'clocksource'
  | 'aslr'
  | 'counters'
  | 'memlock'
  | 'load'
  | 'virtualization'
  | 'node-flags';

/** ok: nothing to do; info: a choice worth knowing; warn: adds noise now; n/a: cannot be judged or changed here. */
export type AdviceStatus = 'ok' | 'info' | 'warn' | 'n/a';

export interface Advice {
  knob: Knob;
  status: AdviceStatus;
  /** Current state, short. */
  state: string;
  /** Why it matters, one concrete line. */
  why: string;
  /** The exact command that fixes it, or the reason it cannot be changed from here; null when ok. */
  fix: string | null;
}

/** Where we run, for "cannot be changed from inside this VM/container". */
export interface Where {
  vm: boolean;
  container: boolean;
  /** "this VM", "this container", "this container (inside a VM)". */
  label: string;
}

export function whereOf(env: Environment): Where {
  const k = env.virtualization.kind;
  const vm = k === 'vm' || k === 'vm+container';
  const container = k === 'container' || k === 'vm+container';
  const label =
    vm && container ? 'this container (inside a VM)' : container ? 'this container' : vm ? 'this VM' : 'this machine';
  return { vm, container, label };
}

export function cannotChange(where: Where, what: string): string {
  return `cannot be changed from inside ${where.label}: ${what}`;
}
