// `cyclebench env` advice: for every knob that moves numbers, its current
// state, why it matters, and the exact command that fixes it, or why it cannot be changed
// from here. Pure: reads an Environment, never changes the system.

import { cpuAdvice } from './advice-cpu.js';
import { processAdvice } from './advice-process.js';
import { type Advice, whereOf } from './advice-types.js';
import type { Environment } from './environment.js';

export type { Advice, AdviceStatus, Knob, Where } from './advice-types.js';

export function adviceFor(env: Environment): Advice[] {
  const where = whereOf(env);
  return [...cpuAdvice(env, where), ...processAdvice(env, where)];
}
