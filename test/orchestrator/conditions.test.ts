// Conditions: the policy decisions with a fake platform, and their real effect on a
// worker process read back from /proc by the worker's own setup (fixture above).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConditionError,
  fifoRefusal,
  readNumaNode,
  resolveConditions,
  type ConditionRequest,
  type NodeOf,
} from '../../src/orchestrator/conditions.js';
import { listFile, runFork } from '../../src/orchestrator/fork.js';
import { loadPlatform } from '../../src/platform/load.js';
import type { Platform } from '../../src/platform/types.js';
import { fakePlatform } from '../helpers/fake-platform.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/orchestrator/conditions.bench.mjs', import.meta.url));
const SHORT = {
  warmupBudgetNs: 20e6,
  warmupMinNs: 5e6,
  timeBudgetNs: 30e6,
  targetLargestBatchNs: 1e6,
  counters: false,
};

/** The fake platform with a working affinity API over `allowed` CPUs. */
function withCpus(allowed: number[]): Platform {
  const p = fakePlatform();
  return { ...p, sched: { ...p.sched, capability: () => ({ supported: true }), getAffinity: () => [...allowed] } };
}

/** The fake platform without scheduling control (as the pure-JS platform). */
function noSched(): Platform {
  const p = fakePlatform();
  return { ...p, sched: { ...p.sched, capability: () => ({ supported: false, reason: 'needs the native addon' }) } };
}

const req = (over: Partial<ConditionRequest>): ConditionRequest => ({
  cpu: 'highest',
  aslr: 'inherit',
  mlock: false,
  ...over,
});

describe('the default CPU (fake platform, injected idle shares)', () => {
  const idle = (shares: Record<number, number>) => (allowed: number[]) =>
    allowed.filter((c) => c in shares).map((cpu) => ({ cpu, idle: shares[cpu], steal: 0 }));

  it('is the idlest allowed CPU at the start, with the shares as the reason', () => {
    const c = resolveConditions(req({ cpu: null }), withCpus([0, 1, 2, 3]), idle({ 0: 0.9, 1: 0.2, 2: 0.95, 3: 0.1 }));
    expect(c.cpus).toEqual([2]);
    expect(c.cpuReason).toMatch(/^idlest over 200 ms at the start: CPU 0 90 % idle, .*CPU 3 10 % idle$/);
    expect(c.notes).toEqual([]);
  });

  it('falls back to the highest allowed CPU when nothing could be sampled', () => {
    const c = resolveConditions(req({ cpu: null }), withCpus([0, 1]), () => null);
    expect(c).toMatchObject({ cpus: [1], cpuReason: 'highest allowed CPU' });
  });

  it("'highest' keeps the highest allowed CPU; a named CPU has no reason", () => {
    expect(resolveConditions(req({}), withCpus([0, 1]), idle({ 0: 1, 1: 0 })).cpus).toEqual([1]);
    expect(resolveConditions(req({ cpu: [0] }), withCpus([0, 1])).cpuReason).toBeNull();
  });
});

describe('pin policy (fake platform)', () => {
  it("'process' starts the worker on the measuring CPU itself", () => {
    const c = resolveConditions(req({ pin: 'process' }), withCpus([0, 1, 2, 3]));
    expect(c).toMatchObject({ cpus: [3], spawnCpus: [3], pin: 'process', notes: [] });
  });

  it("'thread' starts the worker on the other CPUs so helper threads are born there", () => {
    const c = resolveConditions(req({ pin: 'thread' }), withCpus([0, 1, 2, 3]));
    expect(c).toMatchObject({ cpus: [3], spawnCpus: [0, 1, 2], pin: 'thread', notes: [] });
    const explicit = resolveConditions(req({ pin: 'thread', cpu: [1] }), withCpus([0, 1, 2, 3]));
    expect(explicit).toMatchObject({ cpus: [1], spawnCpus: [0, 2, 3] });
  });

  it("'thread' on a single allowed CPU falls back to the whole process and says so", () => {
    const c = resolveConditions(req({ pin: 'thread' }), withCpus([5]));
    expect(c.pin).toBe('process');
    expect(c.spawnCpus).toEqual([5]);
    expect(c.notes.join('\n')).toMatch(/no allowed CPU is left for helper threads/);
  });

  it('a CPU outside the allowed set is refused: the user asked for a pin the machine cannot give', () => {
    expect(() => resolveConditions(req({ cpu: [7] }), withCpus([0, 1]))).toThrow(ConditionError);
    expect(() => resolveConditions(req({ cpu: [0, 7] }), withCpus([0, 1]))).toThrow(
      /^--cpu 7 is outside the allowed CPUs \(0,1\)$/,
    );
  });
});

describe('workers started ahead of their turn (fake platform)', () => {
  const oneNode = (_cpu: number): number | null => 0;
  const resolve = (over: Partial<ConditionRequest>, allowed: number[], nodeOf: NodeOf = oneNode) =>
    resolveConditions(req(over), withCpus(allowed), undefined, nodeOf);

  it("'process': on the allowed CPUs the measuring worker does not use", () => {
    expect(resolve({}, [0, 1, 2, 3]).prestartCpus).toEqual([0, 1, 2]);
    expect(resolve({ cpu: [1] }, [0, 1, 2]).prestartCpus).toEqual([0, 2]);
  });

  it("'thread': on the helper CPUs, where every worker starts anyway", () => {
    const c = resolve({ pin: 'thread', cpu: [1] }, [0, 1, 2]);
    expect(c.prestartCpus).toEqual(c.spawnCpus);
    expect(c.prestartCpus).toEqual([0, 2]);
  });

  it("only on the measuring CPU's NUMA node; none when that node has no other CPU", () => {
    const twoNodes = (cpu: number) => (cpu < 2 ? 0 : 1);
    expect(resolve({ cpu: [3] }, [0, 1, 2, 3], twoNodes).prestartCpus).toEqual([2]);
    expect(resolve({ cpu: [3] }, [0, 1, 3], twoNodes).prestartCpus).toBeNull();
  });

  it('none without another allowed CPU, without pinning, or when turned off', () => {
    expect(resolve({}, [5]).prestartCpus).toBeNull();
    expect(resolve({ cpu: [0, 1] }, [0, 1]).prestartCpus).toBeNull();
    expect(resolve({ cpu: false }, [0, 1]).prestartCpus).toBeNull();
    expect(resolveConditions(req({}), noSched(), undefined, oneNode).prestartCpus).toBeNull();
    expect(resolve({ prestart: false }, [0, 1]).prestartCpus).toBeNull();
  });

  it('reads the NUMA node from sysfs (cpuN/nodeM), null when it is not there', () => {
    const root = mkdtempSync(join(tmpdir(), 'cyclebench-sysfs-'));
    try {
      mkdirSync(join(root, 'sys/devices/system/cpu/cpu3/node1'), { recursive: true });
      mkdirSync(join(root, 'sys/devices/system/cpu/cpu4'), { recursive: true });
      expect(readNumaNode(3, `${root}/`)).toBe(1);
      expect(readNumaNode(4, `${root}/`)).toBeNull();
      expect(readNumaNode(5, `${root}/`)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('SCHED_FIFO eligibility', () => {
  const limits = (rtprio: string) =>
    `Limit                     Soft Limit           Hard Limit           Units\nMax realtime priority     ${rtprio}                    ${rtprio}                    \n`;
  const status = (capEff: string) => `Name:\tnode\nCapEff:\t${capEff}\n`;

  it('root (CAP_SYS_NICE in CapEff) may', () => {
    expect(fifoRefusal(withCpus([0]), status('000001ffffffffff'), limits('0'))).toBeNull();
  });
  it('an unprivileged user with RLIMIT_RTPRIO 0 may not, and is told what would help', () => {
    expect(fifoRefusal(withCpus([0]), status('0000000000000000'), limits('0'))).toMatch(
      /needs root, CAP_SYS_NICE or an RLIMIT_RTPRIO/,
    );
  });
  it('an unprivileged user with RLIMIT_RTPRIO ≥ 1 may', () => {
    expect(fifoRefusal(withCpus([0]), status('0000000000000000'), limits('10'))).toBeNull();
    expect(fifoRefusal(withCpus([0]), status('0000000000000000'), limits('unlimited'))).toBeNull();
  });
  it('a platform without scheduling control may not', () => {
    expect(fifoRefusal(noSched(), status('000001ffffffffff'), limits('99'))).toMatch(/needs the native addon/);
  });
  it('an ineligible --fifo leaves the normal scheduler in force with one note', () => {
    const c = resolveConditions(req({ cpu: false, fifo: true }), noSched());
    expect(c.fifo).toBe(false);
    expect(c.notes.some((n) => n.startsWith('--fifo:'))).toBe(true);
  });
});

// ---- real worker processes
const platform = loadPlatform();
const allowed = platform.kind === 'native' ? platform.sched.getAffinity(0) : [];
const dir = mkdtempSync(join(tmpdir(), 'cb-cond-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seen {
  pid: number;
  threads: { tid: number; name: string; cpus: string; policy: number }[];
  personality: string;
}

// The fixture is listed once (one process), for every worker the tests start.
let listing: ReturnType<typeof listFile> | undefined;

async function observe(
  request: ConditionRequest,
  name: string,
): Promise<{ seen: Seen; fork: Awaited<ReturnType<typeof runFork>> }> {
  const conditions = resolveConditions(request, platform);
  const listed = await (listing ??= listFile(platform, FIXTURE));
  if (!('benchmarks' in listed)) throw new Error(`fixture did not list: ${JSON.stringify(listed)}`);
  const out = join(dir, `${name}.json`);
  process.env.CYCLEBENCH_TEST_CONDITIONS_OUT = out;
  try {
    const fork = await runFork(platform, listed.benchmarks[0], 0, {
      conditions,
      measure: SHORT,
      seed: 1,
      timeoutMs: 60_000,
    });
    return { seen: JSON.parse(readFileSync(out, 'utf8')) as Seen, fork };
  } finally {
    delete process.env.CYCLEBENCH_TEST_CONDITIONS_OUT;
  }
}

describe.skipIf(platform.kind !== 'native' || allowed.length < 2)(
  'conditions in a real worker (read back from /proc)',
  () => {
    const target = String(Math.max(...allowed));

    it("'process': every thread of the worker is on the chosen CPU", async () => {
      const { seen, fork } = await observe(req({ pin: 'process' }), 'process');
      expect(seen.threads.length).toBeGreaterThan(1);
      for (const t of seen.threads) expect(t.cpus, `thread ${t.tid} (${t.name})`).toBe(target);
      expect('fork' in fork && fork.fork.conditions).toMatchObject({ cpu: [Number(target)], pin: 'process' });
    });

    it("'thread': the JS thread alone is on the chosen CPU, the helpers are not", async () => {
      const { seen, fork } = await observe(req({ pin: 'thread' }), 'thread');
      const js = seen.threads.find((t) => t.tid === seen.pid)!;
      expect(js.cpus).toBe(target);
      const helpers = seen.threads.filter((t) => t.tid !== seen.pid);
      expect(helpers.length).toBeGreaterThan(0);
      for (const t of helpers) expect(t.cpus.split(/[,-]/), `helper ${t.tid} (${t.name})`).not.toContain(target);
      expect('fork' in fork && fork.fork.conditions).toMatchObject({ cpu: [Number(target)], pin: 'thread' });
    });

    it('--aslr off: the worker runs with ADDR_NO_RANDOMIZE in its personality', async () => {
      const c = resolveConditions(req({ cpu: false, aslr: 'off' }), platform);
      const { seen, fork } = await observe(req({ cpu: false, aslr: 'off' }), 'aslr');
      const noRandomize = (parseInt(seen.personality, 16) & 0x0040000) !== 0;
      // A sandbox may refuse the personality: then the conditions say so and ASLR stays on.
      expect(noRandomize).toBe(c.noAslr);
      if (c.noAslr) expect('fork' in fork && fork.fork.conditions.aslr).toBe('off');
    });

    it('--fifo: the JS thread runs under SCHED_FIFO where allowed; else the run goes on with a warning', async () => {
      const c = resolveConditions(req({ pin: 'thread', fifo: true }), platform);
      const { seen, fork } = await observe(req({ pin: 'thread', fifo: true }), 'fifo');
      expect('fork' in fork).toBe(true);
      if (!('fork' in fork)) return;
      const js = seen.threads.find((t) => t.tid === seen.pid)!;
      const SCHED_FIFO = 1;
      if (c.fifo && fork.fork.conditions.fifo) {
        expect(js.policy).toBe(SCHED_FIFO);
        // Helper threads keep the normal scheduler.
        for (const t of seen.threads.filter((x) => x.tid !== seen.pid)) expect(t.policy).toBe(0);
      } else {
        expect(js.policy).toBe(0);
        expect([...c.notes, ...fork.fork.warnings].join('\n')).toMatch(/fifo|FIFO/);
      }
    });
  },
);
