// One contract suite for every platform implementation: the native addon
// and the pure-JS fallback must both satisfy src/platform/types.ts.
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../src/platform/errors.js';
import { createPlatform } from '../../src/platform/load.js';
import type { Platform } from '../../src/platform/types.js';

const native = createPlatform('native');
const platforms: [string, Platform][] = [
  [`native${native.kind === 'native' ? '' : ` (addon missing, got js: ${native.fallbackReason})`}`, native],
  ['js', createPlatform('js')],
];

describe.each(platforms)('platform contract: %s', (_name, p) => {
  it('has every member', () => {
    for (const part of ['clock', 'counters', 'sched', 'memory', 'layout', 'child'] as const) {
      expect(p[part], part).toBeTypeOf('object');
    }
    for (const f of ['info', 'bind', 'start', 'end', 'now'] as const) expect(p.clock[f]).toBeTypeOf('function');
    for (const f of [
      'capability',
      'getAffinity',
      'setAffinity',
      'currentCpu',
      'threadId',
      'threadRusage',
      'setFifo',
      'policy',
    ] as const) {
      expect(p.sched[f]).toBeTypeOf('function');
    }
    for (const f of ['capability', 'lockAll', 'unlockAll', 'locked'] as const)
      expect(p.memory[f]).toBeTypeOf('function');
    for (const f of ['capability', 'getPersonality', 'setPersonality'] as const) {
      expect(p.layout[f]).toBeTypeOf('function');
    }
    expect(p.counters.capability).toBeTypeOf('function');
    expect(p.child.capability).toBeTypeOf('function');
    expect(p.kind === 'js').toBe(p.fallbackReason !== undefined);
  });

  it('describes its clock', () => {
    const info = p.clock.info();
    expect(['tsc', 'cntvct', 'clock_gettime', 'hrtime']).toContain(info.source);
    expect(['cpuid', 'calibration', 'cntfrq', 'nominal']).toContain(info.hzSource);
    expect(info.hz).toBeGreaterThan(0);
    expect(info.resolutionTicks).toBeGreaterThan(0);
    if (info.calibratedHz !== null) expect(info.calibrationNs).toBeGreaterThanOrEqual(20e6);
    expect(info.ticksAreCycles).toBe(info.source === 'tsc');
  });

  it('clock reads are monotonic and fill the bound array', () => {
    const buf = new Float64Array(4);
    p.clock.bind(buf);
    let lastEnd = -Infinity;
    for (let i = 0; i < 10_000; i++) {
      p.clock.start();
      const s = buf[0];
      p.clock.end();
      expect(s).toBeGreaterThanOrEqual(lastEnd);
      expect(buf[2]).toBeGreaterThanOrEqual(s);
      lastEnd = buf[2];
    }
    if (p.clock.info().reportsCpu) {
      expect(p.sched.getAffinity()).toContain(buf[3]);
    } else {
      expect([buf[1], buf[3]]).toEqual([-1, -1]);
    }
    const a = p.clock.now();
    expect(p.clock.now()).toBeGreaterThanOrEqual(a);
  });

  it('bind rejects anything but a Float64Array of length >= 4', () => {
    expect(() => p.clock.bind(new Float64Array(3))).toThrow(PlatformError);
    expect(() => p.clock.bind(new Float32Array(4) as unknown as Float64Array)).toThrow(/Float64Array/);
  });

  it('reads the affinity of the calling thread', () => {
    const cpus = p.sched.getAffinity();
    expect(cpus.length).toBeGreaterThan(0);
    for (const c of cpus) expect(Number.isInteger(c) && c >= 0).toBe(true);
    const cur = p.sched.currentCpu();
    if (cur !== -1) expect(cpus).toContain(cur);
  });

  it('reports capabilities with reasons, and unsupported operations throw ENOTSUP', () => {
    for (const cap of [p.sched.capability(), p.memory.capability(), p.layout.capability()]) {
      expect(cap.supported).toBeTypeOf('boolean');
      if (!cap.supported) expect(cap.reason).toMatch(/\w/);
    }
    if (!p.sched.capability().supported) {
      expect(() => p.sched.setAffinity([0])).toThrow(expect.objectContaining({ code: 'ENOTSUP' }));
      expect(() => p.sched.threadRusage()).toThrow(expect.objectContaining({ code: 'ENOTSUP' }));
    } else {
      const ru = p.sched.threadRusage();
      expect(ru.userNs + ru.systemNs).toBeGreaterThan(0);
      expect(p.sched.threadId()).toBeGreaterThan(0);
    }
    if (!p.memory.capability().supported) {
      expect(() => p.memory.lockAll()).toThrow(expect.objectContaining({ code: 'ENOTSUP' }));
    }
    if (!p.layout.capability().supported) {
      expect(() => p.layout.setPersonality(0)).toThrow(expect.objectContaining({ code: 'ENOTSUP' }));
    }
  });

  it('memory is not locked unless asked', () => {
    expect(p.memory.locked()).toBe(false);
    p.memory.unlockAll(); // harmless when nothing is locked
  });

  it('reads the persona and knows ADDR_NO_RANDOMIZE', () => {
    expect(p.layout.ADDR_NO_RANDOMIZE).toBe(0x0040000);
    expect(p.layout.getPersonality()).toBeTypeOf('number');
  });
});
