// Seeded simulations run thousands of synchronous trials. A vitest worker talks to the main
// process over RPC calls that fail after 60 s without an answer (birpc's default, which vitest
// does not let a config change), and an answer that arrives while the worker's event loop is
// blocked is read only after the timer has fired: one long loop in a test can fail the whole run
// with every test passing. `trials` runs the same bodies in the same order — seeded figures do
// not change — and hands the event loop back every YIELD_MS of work, so the worker keeps
// answering however slow the machine is.

/** Milliseconds of work between two returns to the event loop. */
const YIELD_MS = 20;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Calls `body(0)`, …, `body(count - 1)` in order, yielding to the event loop between calls. */
export async function trials(count: number, body: (trial: number) => void): Promise<void> {
  let since = performance.now();
  for (let t = 0; t < count; t++) {
    body(t);
    if (performance.now() - since >= YIELD_MS) {
      await tick();
      since = performance.now();
    }
  }
}
