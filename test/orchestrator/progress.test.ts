// The progress line on a fake clock: scripted runs drive a ProgressPlan the way the suite
// (src/orchestrator/suite.ts) and the paired run (src/paired/run.ts) do, with seeded step times,
// and every update the line printed is checked: the total never grows, the ETA never rises by
// more than RISE_CAP, piped output is a plain line at least every 30 s, a terminal gets one redrawn line.
import { describe, expect, it } from 'vitest';
import { formatProgress, PRINT_EVERY_MS, ProgressLine } from '../../src/orchestrator/progress.js';
import { formatDuration } from '../../src/text/format.js';
import {
  type ProgressClock,
  ProgressPlan,
  type ProgressSnapshot,
  RISE_CAP,
} from '../../src/orchestrator/progress-plan.js';

class FakeClock implements ProgressClock {
  t = 1_000_000;
  private timers: { next: number; ms: number; tick: () => void; alive: boolean }[] = [];
  now(): number {
    return this.t;
  }
  every(ms: number, tick: () => void): () => void {
    const timer = { next: this.t + ms, ms, tick, alive: true };
    this.timers.push(timer);
    return () => void (timer.alive = false);
  }
  /** Moves time on by `ms`, firing every timer due on the way at its own time. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.alive && x.next <= end).sort((x, y) => x.next - y.next)[0];
      if (!due) break;
      this.t = due.next;
      due.next += due.ms;
      due.tick();
    }
    this.t = end;
  }
  get running(): number {
    return this.timers.filter((x) => x.alive).length;
  }
}

/** A seeded generator (mulberry32): the scripted step times are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Records every snapshot the line took, with the time it was taken. */
function recordSnapshots(plan: ProgressPlan, clock: FakeClock): { t: number; s: ProgressSnapshot }[] {
  const seen: { t: number; s: ProgressSnapshot }[] = [];
  const take = plan.snapshot.bind(plan);
  plan.snapshot = () => {
    const s = take();
    seen.push({ t: clock.now(), s });
    return s;
  };
  return seen;
}

function output(isTTY: boolean) {
  const writes: { t: number; text: string }[] = [];
  return {
    writes,
    stream: (clock: FakeClock) => ({ isTTY, write: (text: string) => writes.push({ t: clock.now(), text }) }),
  };
}

/**
 * A default run as the suite schedules it: `benchmarks` benchmarks of at most 6 processes, 3 planned
 * round-robin, then added ones (0 to 3 each, seeded) round-robin; benchmark 2 fails in its second
 * process. Step times vary tenfold and one benchmark's processes are slow, so the raw estimate jumps.
 */
function scriptedRun(plan: ProgressPlan, clock: FakeClock, seed: number, benchmarks = 8): void {
  const random = rng(seed);
  const keys = Array.from({ length: benchmarks }, (_, i) => ({ name: `group/bench ${i}` }));
  const failed = new Set<object>();
  for (const k of keys) plan.plan(k, 6);
  const step = (k: { name: string }, i: number) => {
    plan.begin(k, k.name);
    const slow = k === keys[5] ? 8 : 1;
    clock.advance(Math.round((2_000 + random() * 18_000) * slow));
    plan.finished(k);
    if (k === keys[2] && i === 1) {
      failed.add(k);
      plan.settle(k);
    }
  };
  for (let i = 0; i < 3; i++) for (const k of keys) if (!failed.has(k)) step(k, i);
  const added = new Map(keys.filter((k) => !failed.has(k)).map((k) => [k, Math.floor(random() * 4)]));
  for (const [k, n] of added) plan.settle(k, 3 + n);
  for (let i = 0; i < 3; i++) for (const [k, n] of added) if (i < n) step(k, 3 + i);
}

describe('progress of a default run, on a fake clock', () => {
  it.each([1, 2, 3, 4, 5])(
    'the total never grows and the ETA never rises by more than 20 %% between updates (seed %i)',
    (seed) => {
      const clock = new FakeClock();
      const plan = new ProgressPlan('processes', clock);
      const out = output(true);
      const line = new ProgressLine(out.stream(clock), true, plan, clock);
      const seen = recordSnapshots(plan, clock);
      scriptedRun(plan, clock, seed);
      line.end();

      expect(seen.length).toBeGreaterThan(50);
      expect(seen[0].s.total).toBe(48); // stated before the first process: 8 benchmarks × at most 6
      for (let i = 1; i < seen.length; i++) {
        const [prev, next] = [seen[i - 1].s, seen[i].s];
        expect(next.total).toBeLessThanOrEqual(prev.total);
        expect(next.done).toBeGreaterThanOrEqual(prev.done);
        if (prev.etaMs !== null && next.etaMs !== null) expect(next.etaMs).toBeLessThanOrEqual(prev.etaMs * RISE_CAP);
      }
      const last = seen[seen.length - 1].s;
      expect(last.done).toBe(last.total); // counted down to what ran
      expect(last.total).toBeLessThan(48);
      expect(last.upTo).toBe(false);
      expect(last.etaMs).toBe(0);
    },
  );

  it('says "≤" while the total is a maximum and counts it down when a benchmark stops early', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    const [a, b] = [{}, {}];
    plan.plan(a, 6);
    plan.plan(b, 6);
    plan.begin(a, 'g/a');
    clock.advance(10_000);
    plan.finished(a);
    expect(formatProgress(plan.snapshot())).toBe('[1 of ≤ 12 processes, ETA 1 min 50 s] g/a');
    plan.settle(a, 3);
    plan.settle(b, 3);
    expect(formatProgress(plan.snapshot())).toBe('[1 of 6 processes, ETA 50 s] g/a');
    expect(() => plan.plan({}, 3)).toThrow(/before the first step/);
  });

  it('a count that cannot grow (--forks given) is stated without "≤"', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    plan.plan('a', 3, true);
    plan.plan('b', 3, true);
    plan.begin('a', 'g/a');
    expect(formatProgress(plan.snapshot())).toBe('[0 of 6 processes] g/a');
  });

  it('piped: a plain line at the start, at least every 30 s of fake time, and the final count; no \\r', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    const out = output(false);
    const line = new ProgressLine(out.stream(clock), true, plan, clock);
    const start = clock.now();
    scriptedRun(plan, clock, 7);
    const end = clock.now();
    line.end();

    const text = out.writes.map((w) => w.text).join('');
    expect(text).not.toContain('\r');
    expect(text).not.toContain('\x1b');
    expect(out.writes.every((w) => /^cyclebench: .*\n$/.test(w.text) && !w.text.slice(0, -1).includes('\n'))).toBe(
      true,
    );
    const times = [start, ...out.writes.map((w) => w.t), end];
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(30_000);
    expect(end - start).toBeGreaterThan(10 * PRINT_EVERY_MS); // a long run, so the bound is exercised
    expect(out.writes[0]).toEqual({ t: start, text: 'cyclebench: [0 of ≤ 48 processes] group/bench 0\n' });
    expect(out.writes[1].text).toMatch(/^cyclebench: \[\d+ of ≤ 48 processes, ETA \d+ min \d+ s\] group\/bench \d\n$/);
    expect(out.writes[out.writes.length - 1].text).toMatch(/^cyclebench: \d+ processes in \d+ min \d+ s\n$/);
    expect(clock.running).toBe(0); // end() stopped the timer
  });

  it('on a terminal: one line redrawn with \\r, erased at the end', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    const out = output(true);
    const line = new ProgressLine(out.stream(clock), true, plan, clock);
    scriptedRun(plan, clock, 3, 2);
    line.end();
    expect(out.writes.length).toBeGreaterThan(10);
    expect(out.writes.slice(0, -1).every((w) => w.text.startsWith('\r\x1b[K[') && !w.text.includes('\n'))).toBe(true);
    expect(out.writes[out.writes.length - 1].text).toBe('\r\x1b[K');
  });

  it('prints nothing when disabled (--quiet), nor before the first step (a run refused up front)', () => {
    const clock = new FakeClock();
    const quiet = output(false);
    const plan = new ProgressPlan('processes', clock);
    const line = new ProgressLine(quiet.stream(clock), false, plan, clock);
    scriptedRun(plan, clock, 1, 2);
    line.end();
    expect(quiet.writes).toEqual([]);

    // A run refused within its first 20 s says nothing; a longer preparation (listing many
    // TypeScript files, a checkout) says so every 20 s, piped, so that no 30 s pass in silence.
    const refused = output(false);
    const line2 = new ProgressLine(refused.stream(clock), true, new ProgressPlan('processes', clock), clock);
    clock.advance(19_000);
    line2.end();
    expect(refused.writes).toEqual([]);
    const slow = output(false);
    const plan3 = new ProgressPlan('processes', clock);
    const line3 = new ProgressLine(slow.stream(clock), true, plan3, clock);
    clock.advance(45_000);
    expect(slow.writes.map((w) => w.text)).toEqual([
      'cyclebench: preparing the run (20 s so far)\n',
      'cyclebench: preparing the run (40 s so far)\n',
    ]);
    plan3.plan('a', 1, true);
    plan3.begin('a', 'a');
    clock.advance(45_000);
    plan3.finished('a');
    line3.end();
    // Once the first step begins, the count takes over.
    expect(slow.writes.slice(2).every((w) => !w.text.includes('preparing'))).toBe(true);
    expect(clock.running).toBe(0);
  });

  it('on a terminal: the line fits the width, and is erased before other text is written', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    const out = output(true);
    const stream = { ...out.stream(clock), columns: 60 };
    const line = new ProgressLine(stream, true, plan, clock);
    plan.plan('k', 3, true);
    plan.begin('k', `group/${'a long benchmark name '.repeat(6)}`);
    const drawn = out.writes.at(-1)!.text.replace('\r\x1b[K', '');
    expect([...drawn].length).toBeLessThanOrEqual(59);
    expect(drawn).toMatch(/^\[0 of 3 processes\] group\/a long/);
    line.clear();
    expect(out.writes.at(-1)!.text).toBe('\r\x1b[K');
    line.clear(); // nothing shown: nothing erased twice
    expect(out.writes.filter((w) => w.text === '\r\x1b[K')).toHaveLength(1);
    line.end();
  });
});

describe('progress of a paired run', () => {
  it('counts pairs against the most pairs of every benchmark, with an ETA, and names the side', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('pairs', clock);
    const out = output(false);
    const line = new ProgressLine(out.stream(clock), true, plan, clock);
    const seen = recordSnapshots(plan, clock);
    const benchmarks = [{}, {}, {}, {}];
    for (const b of benchmarks) plan.plan(b, 10);
    // As src/paired/run.ts: each pair is two processes (the other tree's, this tree's), then the
    // benchmark stops at a look once its verdict is settled.
    const stopsAfter = [4, 10, 6, 8];
    benchmarks.forEach((b, i) => {
      for (let p = 0; p < stopsAfter[i]; p++) {
        for (const side of p % 2 === 0 ? ['main', 'this tree'] : ['this tree', 'main']) {
          plan.begin(b, `sum ${i}, ${side}`);
          clock.advance(4_000 + 1_000 * i);
        }
        plan.finished(b);
      }
      plan.settle(b, stopsAfter[i]);
    });
    line.end();
    expect(out.writes[0].text).toBe('cyclebench: [0 of ≤ 40 pairs] sum 0, main\n');
    expect(out.writes[1].text).toBe('cyclebench: [2 of ≤ 40 pairs, ETA 5 min 0 s] sum 0, main\n');
    expect(out.writes.some((w) => /\[\d+ of ≤ 34 pairs, ETA \d+ min \d+ s\] sum 1/.test(w.text))).toBe(true);
    expect(out.writes[out.writes.length - 1].text).toMatch(/^cyclebench: 28 pairs in \d+ min \d+ s\n$/);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].s.total).toBeLessThanOrEqual(seen[i - 1].s.total);
      const [p, n] = [seen[i - 1].s.etaMs, seen[i].s.etaMs];
      if (p !== null && n !== null) expect(n).toBeLessThanOrEqual(p * RISE_CAP);
    }
  });
});

describe('progress under a run budget', () => {
  it('the ETA never runs past what is left of the budget, but for the steps every benchmark runs', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('pairs', clock);
    // Three benchmarks of at most 20 pairs each, 4 of them whatever the budget; 10 s per pair.
    const keys = ['a', 'b', 'c'];
    for (const k of keys) plan.plan(k, 20, false, 4);
    let budgetEnd = clock.now() + 200_000; // a 200 s budget
    plan.bound({ leftMs: () => Math.max(0, budgetEnd - clock.now()) });
    plan.begin('a', 'a');
    clock.advance(10_000);
    plan.finished('a');
    // Without the budget: 59 pairs left at 10 s. With it: what is left of the budget, 190 s.
    expect(plan.snapshot().etaMs).toBe(190_000);
    // The budget spent: the first looks still to run (4 of a beyond the one done, 4 each of b and c) at 10 s a pair.
    budgetEnd = clock.now();
    expect(plan.snapshot().etaMs).toBe((3 + 4 + 4) * 10_000);
  });

  it('counts steps that run anyway (--forks given, or counts sized to the budget): no "ETA 0 s" while they run', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    // Two benchmarks of exactly 3 processes (--forks 3), 5 s each, under a 1 s budget.
    for (const k of ['a', 'b']) plan.plan(k, 3, true);
    const budgetEnd = clock.now() + 1_000;
    plan.bound({ leftMs: () => Math.max(0, budgetEnd - clock.now()) });
    const etas: number[] = [];
    for (const k of ['a', 'a', 'a', 'b', 'b']) {
      plan.begin(k, k);
      clock.advance(5_000);
      plan.finished(k);
      etas.push(plan.snapshot().etaMs!);
    }
    expect(etas).toEqual([25_000, 20_000, 15_000, 10_000, 5_000]);
  });
});

describe('progress while a profile runs after the measured processes', () => {
  it('names it, with no ETA (not "ETA 0 s" over a process the steps do not count)', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    plan.plan('k', 1, true);
    plan.begin('k', 'g/k');
    clock.advance(1_000);
    plan.finished('k');
    plan.aside('profiling g/k');
    const s = plan.snapshot();
    expect([s.current, s.etaMs]).toEqual(['profiling g/k', null]);
    expect(formatProgress(s)).toBe('[1 of 1 processes] profiling g/k');
  });
});

describe('progress after a benchmark that failed at once', () => {
  it('leaves the failed step out of the time per step: the ETA reads the measured steps', () => {
    const clock = new FakeClock();
    const plan = new ProgressPlan('processes', clock);
    for (const k of ['bad', 'x', 'y']) plan.plan(k, 10, true);
    plan.begin('bad', 'bad');
    clock.advance(50);
    plan.finished('bad', true);
    plan.settle('bad');
    plan.begin('x', 'x');
    clock.advance(30_000);
    plan.finished('x');
    // 19 steps left at 30 s each, not at the (50 ms + 30 s) / 2 a failure would have made of them.
    expect(plan.snapshot().etaMs).toBe(19 * 30_000);
  });
});

describe('durations', () => {
  it('reads as seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(400)).toBe('< 1 s');
    expect(formatDuration(59_500)).toBe('1 min 0 s');
    expect(formatDuration(130_000)).toBe('2 min 10 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
  });
});
