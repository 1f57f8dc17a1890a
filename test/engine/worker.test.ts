// The worker end to end: a real `node --import tsx src/worker/main.ts` child with IPC,
// exactly as the orchestrator starts it. Structure only: no timed assertions.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { WorkerMessage, WorkerRequest } from '../../src/ipc/protocol.js';
import { isFinalMessage } from '../../src/ipc/protocol.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASIC = fileURLToPath(new URL('../fixtures/engine/basic.bench.ts', import.meta.url));
const BROKEN = fileURLToPath(new URL('../fixtures/engine/broken.bench.mjs', import.meta.url));
const SHORT = { warmupBudgetNs: 30e6, warmupMinNs: 5e6, timeBudgetNs: 60e6, targetLargestBatchNs: 1e6 };

interface Exchange {
  messages: WorkerMessage[];
  final: WorkerMessage;
  stderr: string;
  code: number | null;
}

function exchange(request: WorkerRequest): Promise<Exchange> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'src/worker/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  const messages: WorkerMessage[] = [];
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.on('message', (m) => messages.push(m as WorkerMessage));
  child.send(request);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const finals = messages.filter(isFinalMessage);
      expect(finals).toHaveLength(1); // exactly one answer per process
      resolve({ messages, final: finals[0], stderr, code });
    });
  });
}

function run(id: string, options = {}): WorkerRequest {
  return { type: 'run', file: BASIC, id, forkIndex: 1, options: { ...SHORT, ...options } };
}

describe('worker process', () => {
  it('lists the benchmarks of a file and exits by itself', async () => {
    const { final, code, stderr } = await exchange({ type: 'list', file: BASIC });
    expect(code).toBe(0);
    expect(final.type).toBe('list');
    if (final.type !== 'list') return;
    expect(final.benchmarks.map((b) => b.title)).toEqual([
      'plain',
      'sum 10',
      'sum 100',
      'async',
      'throws',
      'throws later',
      'rejects',
      'unhandled',
    ]);
    expect(stderr).not.toContain('setup ran');
  });

  it('measures one benchmark, running only its own setup, and sends a ForkResult', async () => {
    const { final, messages, stderr, code } = await exchange(run('1:1'));
    expect(code).toBe(0);
    expect(final.type).toBe('result');
    if (final.type !== 'result') return;
    expect(final.id).toBe('1:1');
    expect(stderr).toContain('setup ran: sum 100');
    expect(stderr).not.toContain('setup ran: sum 10\n');
    const fork = final.fork;
    expect(fork.index).toBe(1);
    expect(fork.pid).toBeGreaterThan(0);
    expect(fork.clockHz).toBeGreaterThan(0);
    expect(fork.unit).toBeGreaterThanOrEqual(1);
    expect(['target-ci', 'time-budget', 'max-rounds']).toContain(fork.stop);
    expect(['steady', 'budget']).toContain(fork.warmup.outcome);
    expect(fork.checksum).toMatch(/^[0-9a-f]{8}$/);
    // Whole rounds of 10 planned batches (one yardstick time per round); a preempted batch is
    // measured again at the end of its round, at most 3 more times.
    const rounds = fork.yardstickNs!.length;
    expect(fork.batches.length).toBeGreaterThanOrEqual(10 * rounds);
    expect(fork.batches.length).toBeLessThanOrEqual(10 * rounds * 4);
    expect(fork.batches.filter((b) => !b.preempted).length).toBeLessThanOrEqual(10 * rounds);
    // The three yardsticks were timed once per sampling round, on the real clock.
    expect(fork.yardstickNs!.length).toBeGreaterThanOrEqual(1);
    expect(fork.yardstickNs!.every((y) => y > 0)).toBe(true);
    expect(fork.memoryYardstickNs).toHaveLength(rounds);
    expect(fork.memoryYardstickNs!.every((y) => y > 0)).toBe(true);
    expect(fork.memoryYardstick).toBe('chain');
    expect(fork.throughputYardstickNs).toHaveLength(rounds);
    expect(fork.throughputYardstickNs!.every((y) => y > 0)).toBe(true);
    for (const b of fork.batches) {
      expect(b.ns).toBeGreaterThan(0);
      expect(b.iterations % fork.unit).toBe(0);
    }
    expect(messages.some((m) => m.type === 'progress')).toBe(true);
  });

  it('measures an async kernel', async () => {
    const { final } = await exchange(run('2'));
    expect(final.type).toBe('result');
  });

  it('reports a throwing kernel as an error naming the benchmark and the cause', async () => {
    const first = await exchange(run('3'));
    expect(first.final).toMatchObject({
      type: 'error',
      id: '3',
      error: { kind: 'throw', message: "benchmark 'throws' failed: Error: kernel exploded" },
    });
    const later = await exchange(run('4'));
    expect(later.final).toMatchObject({
      type: 'error',
      error: { kind: 'throw', message: "benchmark 'throws later' failed: RangeError: failed on call 1001" },
    });
  });

  it('refuses simulated counters outside Valgrind, in the words of the report', async () => {
    const { final } = await exchange(run('1:1', { simulate: true }));
    expect(final).toMatchObject({ type: 'error', error: { kind: 'throw' } });
    if (final.type !== 'error') return;
    expect(final.error.message).toMatch(
      /^benchmark 'sum\/sum 100' failed: Error: simulated counters unavailable: .*Valgrind/,
    );
  });

  it('reports a rejecting async kernel', async () => {
    const { final } = await exchange(run('5'));
    expect(final).toMatchObject({ type: 'error', error: { kind: 'throw' } });
    if (final.type === 'error') expect(final.error.message).toContain('async kernel rejected');
  });

  it('reports an unhandled rejection inside a kernel', async () => {
    const { final } = await exchange(run('6'));
    expect(final).toMatchObject({ type: 'error', error: { kind: 'throw' } });
    if (final.type === 'error') expect(final.error.message).toContain('nobody awaited me');
  });

  it('reports a file that fails to load, for list and for run', async () => {
    const listed = await exchange({ type: 'list', file: BROKEN });
    expect(listed.final).toMatchObject({ type: 'error', error: { kind: 'load' } });
    if (listed.final.type === 'error') expect(listed.final.error.message).toContain('this file fails to load');
    const ran = await exchange({ type: 'run', file: BROKEN, id: '0', forkIndex: 0, options: SHORT });
    expect(ran.final).toMatchObject({ type: 'error', id: '0', error: { kind: 'load' } });
  });

  it('reports an unknown id', async () => {
    const { final } = await exchange(run('99'));
    expect(final).toMatchObject({ type: 'error', error: { kind: 'load' } });
    if (final.type === 'error') expect(final.error.message).toContain('no benchmark with id 99');
  });
});
