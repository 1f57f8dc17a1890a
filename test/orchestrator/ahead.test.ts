// AheadWorker with fake workers: the worker started for a job is handed to that job only; one
// started for a job that was skipped is ended; pause requests reach the waiting worker and are
// answered only when they ask for a stop.
import { describe, expect, it } from 'vitest';
import { AheadWorker } from '../../src/orchestrator/ahead.js';
import type { StartedWorker } from '../../src/orchestrator/worker-process.js';

/** A fake worker; `stopsAfter` checks of its state pass before a stop shows (as on a busy CPU). */
function fake(name: string, log: string[], stopsAfter = 0): StartedWorker {
  let stopped = false;
  let checks = 0;
  return {
    child: null as never,
    tail: () => '',
    ended: new Promise(() => {}),
    discard: () => log.push(`discard ${name}`),
    pause: (stop) => {
      stopped = stop;
      checks = 0;
      log.push(`${stop ? 'stop' : 'continue'} ${name}`);
    },
    isStopped: () => stopped && ++checks > stopsAfter,
  };
}

describe('AheadWorker', () => {
  it('hands the worker to the job it was started for, and ends one started for a skipped job', () => {
    const log: string[] = [];
    const ahead = new AheadWorker<string>((job) => fake(job, log));
    expect(ahead.enabled).toBe(true);
    expect(ahead.take('a')).toBeUndefined();
    ahead.startFor('b');
    expect(ahead.take('b')).toBeDefined();
    ahead.startFor('c');
    expect(ahead.take('d')).toBeUndefined(); // c was skipped
    expect(log).toEqual(['discard c']);
    ahead.startFor(undefined); // nothing left to run
    ahead.discard();
    expect(log).toEqual(['discard c']);
  });

  it('stops the waiting worker for a timed phase and answers; continues it without an answer', () => {
    const log: string[] = [];
    const replies: object[] = [];
    const ahead = new AheadWorker<string>((job) => fake(job, log));
    ahead.startFor('b');
    ahead.onMessage({ type: 'neighbour', pause: true, seq: 1 }, (m) => replies.push(m));
    ahead.onMessage({ type: 'neighbour', pause: false }, (m) => replies.push(m));
    ahead.onMessage({ type: 'progress', phase: 'sampling' }, (m) => replies.push(m));
    expect(log).toEqual(['stop b', 'continue b']);
    expect(replies).toEqual([{ type: 'neighbour-paused', seq: 1 }]);
    ahead.discard();
    expect(log.at(-1)).toBe('discard b');
    // With no worker waiting (the last job) a stop is still answered, so the phase does not wait.
    ahead.onMessage({ type: 'neighbour', pause: true }, (m) => replies.push(m));
    expect(replies).toHaveLength(2);
  });

  it('answers a stop once the waiting worker is stopped, not when the signal is sent', async () => {
    const log: string[] = [];
    const ahead = new AheadWorker<string>((job) => fake(job, log, 3));
    ahead.startFor('b');
    const answered = new Promise<object>((resolve) =>
      ahead.onMessage({ type: 'neighbour', pause: true, seq: 2 }, resolve),
    );
    let early: object | null = null;
    void answered.then((m) => (early = m));
    expect(early).toBeNull(); // the fake shows the stop only from its fourth check
    expect(await answered).toEqual({ type: 'neighbour-paused', seq: 2 });
    ahead.discard();
  });

  it('answers a stop anyway when the worker never shows it (bounded wait)', async () => {
    const ahead = new AheadWorker<string>((job) => fake(job, [], Number.POSITIVE_INFINITY));
    ahead.startFor('b');
    const answer = await new Promise<object>((resolve) => ahead.onMessage({ type: 'neighbour', pause: true }, resolve));
    expect(answer).toEqual({ type: 'neighbour-paused' });
    ahead.discard();
  });

  it('a worker that cannot be started ahead is no error: the job starts at its turn', () => {
    const ahead = new AheadWorker<string>(() => {
      throw new Error('sched_setaffinity: EINVAL');
    });
    expect(() => ahead.startFor('a')).not.toThrow();
    expect(ahead.take('a')).toBeUndefined();
  });

  it('disabled: starts nothing', () => {
    const ahead = new AheadWorker<string>(null);
    expect(ahead.enabled).toBe(false);
    ahead.startFor('a');
    expect(ahead.take('a')).toBeUndefined();
  });
});
