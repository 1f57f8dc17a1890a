import { expect } from 'vitest';

/** The issue-2 contract for `cyclebench env --json`; shared with the command test. */
export function expectContract(env: Record<string, any>): void {
  expect(['native', 'js']).toContain(env.platform);
  if (env.platform === 'js') expect(typeof env.platformReason).toBe('string');
  expect(['tsc', 'cntvct', 'clock_gettime', 'hrtime']).toContain(env.clock.source);
  expect(typeof env.clock.hz).toBe('number');
  expect(typeof env.clock.hzSource).toBe('string');
  expect(env.clock.invariant === null || typeof env.clock.invariant === 'boolean').toBe(true);
  for (const k of ['reportedHz', 'calibratedHz', 'clocksource', 'ticksAreCycles', 'resolutionTicks'])
    expect(env.clock).toHaveProperty(k);
  expect(typeof env.counters.hardware.available).toBe('boolean');
  if (!env.counters.hardware.available) expect(typeof env.counters.hardware.reason).toBe('string');
  expect(typeof env.counters.software.available).toBe('boolean');
  expect(env.counters.events.length).toBeGreaterThanOrEqual(10);
  for (const e of env.counters.events) {
    expect(typeof e.name).toBe('string');
    expect(typeof e.available).toBe('boolean');
    if (!e.available) expect(typeof e.reason).toBe('string');
  }
  expect(['on', 'off']).toContain(env.aslr.current);
  expect(env.aslr).toHaveProperty('randomizeVaSpace');
  expect(env.aslr).toHaveProperty('personality');
  expect(env.affinity).toHaveProperty('cpus');
  expect(env).toHaveProperty('perfEventParanoid');
  expect(env.cpu).toHaveProperty('model');
  expect(env.cpu).toHaveProperty('logicalCores');
  expect(typeof env.node.version).toBe('string');
  expect(typeof env.node.v8).toBe('string');
}
