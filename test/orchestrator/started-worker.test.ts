// A worker started ahead of its request (startWorker): it waits, can be stopped and continued,
// answers the request it is given later, and is ended whole by discard() even while stopped.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isFinalMessage, type WorkerMessage } from '../../src/ipc/protocol.js';
import { runWorker, type StartedWorker, startWorker } from '../../src/orchestrator/worker-process.js';
import { loadPlatform } from '../../src/platform/load.js';

const FILE = fileURLToPath(new URL('../fixtures/cli/good.bench.mjs', import.meta.url));
const platform = loadPlatform();

/** The state letter of a process (R, S, T, …) from /proc, or null once it is gone. */
function state(pid: number): string | null {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
}

/** Gives a started worker its request: list the fixture's benchmarks. */
const listOn = (w: StartedWorker) =>
  runWorker<WorkerMessage>({
    platform,
    started: w,
    request: { type: 'list', file: FILE },
    timeoutMs: 60_000,
    isFinal: isFinalMessage,
  });

describe.skipIf(process.platform !== 'linux')('startWorker', () => {
  it('waits for its request, can be stopped and continued, then answers it', async () => {
    const w = startWorker({ platform, prepareFile: FILE });
    const pid = w.child.pid!;
    w.pause(true);
    await until(() => state(pid) === 'T');
    expect(state(pid)).toBe('T');
    w.pause(false);
    await until(() => state(pid) !== 'T');
    expect(state(pid)).not.toBe('T');
    const outcome = await listOn(w);
    expect(outcome.ok).toBe(true);
    if (outcome.ok && outcome.message.type === 'list')
      expect(outcome.message.benchmarks.map((b) => b.title)).toEqual(['sum 100', 'sum 200']);
    else throw new Error(`unexpected answer ${JSON.stringify(outcome)}`);
  });

  it('discard() ends a stopped worker, and a request to it afterwards is a crash, not a hang', async () => {
    const w = startWorker({ platform });
    w.pause(true);
    await until(() => state(w.child.pid!) === 'T');
    w.discard();
    expect(await w.ended).toEqual({ code: null, signal: 'SIGKILL' });
    // Ended: no signal goes to its pid any more (it may belong to another process by now).
    const kill = process.kill;
    const sent: unknown[] = [];
    process.kill = ((pid: number, sig?: string | number) => (sent.push([pid, sig]), true)) as typeof process.kill;
    try {
      w.pause(false);
      w.pause(true);
      w.discard();
    } finally {
      process.kill = kill;
    }
    expect(sent).toEqual([]);
    const outcome = await listOn(w);
    expect(outcome).toMatchObject({ ok: false, kind: 'crash' });
  });
});
