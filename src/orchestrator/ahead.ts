// The worker of the next job, started while the current one runs (suite.ts runJobs). It starts
// on CPUs the measuring worker does not use (conditions.ts prestartCpus), gets its loaders ready,
// and waits; the measuring worker has it stopped during its own timed phases (ipc/protocol.ts
// NeighbourMessage). A worker started for a job that is then skipped is ended, never reused:
// its exec-time conditions (environment padding) belong to that job.
import type { NeighbourMessage, NeighbourPaused } from '../ipc/protocol.js';
import type { StartedWorker } from './worker-process.js';

/**
 * How long a pause waits for the waiting worker to be stopped before it is answered anyway; the
 * measuring worker waits at most 200 ms for the answer (src/worker/main.ts NEIGHBOUR_ACK_MS).
 */
const STOP_WAIT_MS = 150;

export class AheadWorker<J> {
  private held: { job: J; worker: StartedWorker } | null = null;

  constructor(private readonly start: ((job: J) => StartedWorker) | null) {}

  /** Whether workers are started ahead at all. */
  get enabled(): boolean {
    return this.start !== null;
  }

  /** The worker started for `job`, if any; one started for another job is ended. */
  take(job: J): StartedWorker | undefined {
    const held = this.held;
    this.held = null;
    if (held?.job === job) return held.worker;
    held?.worker.discard();
    return undefined;
  }

  /** Starts the worker of `job` (the next one to run), unless it is null. A worker that cannot be
   *  started ahead (spawn or affinity refused) is not an error: that job's worker starts at its turn. */
  startFor(job: J | undefined): void {
    if (!this.start || job === undefined) return;
    try {
      this.held = { job, worker: this.start(job) };
    } catch {
      this.held = null;
    }
  }

  /** Stops or continues the waiting worker (the measuring one is timing, or not). */
  pause(stopped: boolean): void {
    this.held?.worker.pause(stopped);
  }

  /** Ends the waiting worker: the run is over or was interrupted. */
  discard(): void {
    this.held?.worker.discard();
    this.held = null;
  }

  /**
   * The answer to a measuring worker's NeighbourMessage (a non-final message of runFork). A pause
   * is answered once the waiting worker is stopped, or after STOP_WAIT_MS: the signal takes effect
   * only when that worker next runs, and on a busy machine its CPU may be held by another process.
   */
  readonly onMessage = (msg: unknown, reply: (answer: object) => void): void => {
    const m = msg as Partial<NeighbourMessage> | null;
    if (m?.type !== 'neighbour') return;
    this.pause(m.pause === true);
    if (m.pause !== true) return;
    const answer: NeighbourPaused = { type: 'neighbour-paused', ...(m.seq !== undefined ? { seq: m.seq } : {}) };
    const worker = this.held?.worker;
    const started = Date.now();
    const check = () => {
      if (worker?.isStopped() === false && Date.now() - started < STOP_WAIT_MS) return void setTimeout(check, 1);
      reply(answer);
    };
    check();
  };
}
