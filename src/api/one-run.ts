// One fresh-process run at a time per process (runFiles, runFilesAgainst). Two at once would
// each pick the idlest CPU at their start (the same one, as neither sees the other yet), pin
// their workers there and time them against each other's, and both would own the process's
// SIGINT/SIGTERM handlers and progress line. A second call is refused rather than queued, as
// run() refuses one (src/api/run.ts), so the caller sees the overlap.

/** The library function measuring now, or null. */
let current: string | null = null;

/** Runs BODY as WHO's run, or rejects at once when another run of this process is measuring. */
export async function oneRunAtATime<T>(who: string, body: () => Promise<T>): Promise<T> {
  if (current !== null)
    throw new Error(`${who}(): ${current}() is measuring in this process; await it before starting the next`);
  current = who;
  try {
    return await body();
  } finally {
    current = null;
  }
}
