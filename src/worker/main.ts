// The fork process entry. Started by the orchestrator as
//   node --expose-gc dist/worker/main.js   (or --import <tsx> src/worker/main.ts from a checkout)
// with an IPC channel. It handles exactly ONE request (after an optional 'prepare': ipc/protocol.ts), answers once,
// disconnects and lets the process end by itself. Only the selected benchmark's setup
// runs here, so only its closure exists in this process.

import './guard.js'; // first: ties the worker to the orchestrator before anything else runs
import { loadInstances } from '../api/collect.js';
import { loadChecks } from '../api/load-work.js';
import { setMode } from '../api/mode.js';
import { toDescriptor } from '../api/registry.js';
import { resolveKernel } from '../engine/kernel.js';
import { measure } from '../engine/measure.js';
import { loadPlatform } from '../platform/load.js';
import type { ErrorResponse, PrepareRequest, RunRequest, WorkerMessage, WorkerRequest } from '../ipc/protocol.js';
import { syntaxErrorLocation, transformErrorText } from './syntax-location.js';
import { prepareProcess } from './prepare.js';
import { fullName } from '../text/format.js';
import { installCompatImports, needsCompatImports } from '../compat/install.js';
import { CallgrindCounterSet } from '../simulation/counter-set.js';
import { settleWith } from '../simulation/settle.js';
import {
  needsTypeScriptLoader,
  registerTypeScriptLoader,
  STRIPPING_HINT,
  strippingFailure,
  typeScriptLoader,
} from './typescript.js';
import { originalSend, trackExitCause } from '../ipc/exit-cause.js';
import { attributeToSourceFunctions, withCpuProfile } from '../profile/capture.js';
import { startV8Watch } from './v8-watch.js';
import { profilerFlag } from './profiled.js';

let answered = false;
let requested = false;
/** The answer reached the channel (a benchmark may have closed it: ipc/exit-cause.ts). */
let delivered = false;

/** Resolves true once the message was handed to the channel, false when there is no channel. */
function send(msg: WorkerMessage): Promise<boolean> {
  return new Promise((resolve) => {
    if (!process.connected || !originalSend) return resolve(false);
    originalSend(msg, undefined, {}, (err: Error | null) => resolve(!err));
  });
}

async function finish(msg: WorkerMessage): Promise<void> {
  if (answered) return;
  answered = true;
  delivered = await send(msg);
  if (process.connected) process.disconnect();
}

function errorMessage(
  err: unknown,
  kind: ErrorResponse['error']['kind'],
  prefix: string,
  id?: string,
  file?: string,
): ErrorResponse {
  const e =
    err instanceof Error ? err : new Error(typeof err === 'string' ? err : `non-Error value thrown: ${String(err)}`);
  const where = kind === 'load' && e.name === 'SyntaxError' && file ? syntaxErrorLocation(file, e.message) : null;
  const text = (kind === 'load' && transformErrorText(e.message)) || `${e.message}${where ? ` at ${where}` : ''}`;
  return {
    type: 'error',
    ...(id !== undefined ? { id } : {}),
    error: { message: `${prefix}${e.name}: ${text}`, stack: e.stack, kind },
  };
}

/**
 * The answer to a benchmark file that failed to load; for a TypeScript file Node's stripping
 * loaded, in a way tsx may load, it says so (src/worker/typescript.ts).
 */
function loadError(err: unknown, file: string, id?: string): ErrorResponse {
  const answer = errorMessage(err, 'load', `could not load ${file}: `, id, file);
  if (typeScriptLoader(file) !== 'node' || !strippingFailure(err)) return answer;
  return { ...answer, error: { ...answer.error, message: answer.error.message + STRIPPING_HINT } };
}

/** How long a timed phase waits for the orchestrator to confirm the neighbour is paused. */
const NEIGHBOUR_ACK_MS = 200;

let pauses = 0;

/** Asks the orchestrator to pause (or let go on) the worker starting up beside this one. */
function quietNeighbour(timed: boolean): Promise<void> {
  if (!timed) return send({ type: 'neighbour', pause: false }).then(() => undefined);
  const seq = ++pauses; // a late answer to an earlier pause must not end this wait
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onAck);
      resolve();
    };
    const onAck = (m: { type?: unknown; seq?: unknown } | null) =>
      m?.type === 'neighbour-paused' && m.seq === seq && done();
    const timer = setTimeout(done, NEIGHBOUR_ACK_MS);
    process.on('message', onAck);
    void send({ type: 'neighbour', pause: true, seq });
  });
}

async function runOne(req: RunRequest): Promise<WorkerMessage> {
  if (req.options.profile) attributeToSourceFunctions();
  let instances;
  try {
    instances = await loadInstances(req.file);
  } catch (err) {
    return loadError(err, req.file, req.id);
  }
  const inst = instances.find((i) => i.id === req.id);
  if (!inst) {
    const msg =
      `no benchmark with id ${req.id} in ${req.file} (${instances.length} ` +
      `registered); does the file register benchmarks conditionally?`;
    return { type: 'error', id: req.id, error: { message: msg, kind: 'load' } };
  }
  const name = fullName(inst.group, inst.title);
  const platform = loadPlatform();
  const prepared = prepareProcess(platform, req.options);
  try {
    const inputs = { source: inst.inputs, setupEach: inst.setupEach, seed: req.options.seed };
    const kernel = await resolveKernel(inst.fn, inst.args, name, inputs);
    // Simulated counters that could not be set up: say why instead of timing under Valgrind.
    if (req.options.simulate && !(prepared.counters instanceof CallgrindCounterSet)) {
      const why = prepared.details.find((d) => d.code === 'simulation-unsupported' || d.code === 'not-under-valgrind');
      // The words load here only: the report's modules are no part of a measuring process.
      const { detailText } = await import('../report/details.js');
      throw new Error(why ? detailText(why) : 'simulated counters unavailable');
    }
    if (prepared.counters instanceof CallgrindCounterSet) prepared.counters.instrument();
    // A measured process reads V8's view of itself; a profiling or simulated one does not.
    const watch =
      req.options.v8Status !== false && !req.options.profile && !req.options.simulate
        ? startV8Watch(kernel.fn.name)
        : undefined;
    // Latency mode: forced for the whole run (--latency) or asked for by the benchmark (.latency()).
    const run = () =>
      measure(
        kernel,
        platform,
        { ...req.options, latency: req.options.latency || inst.latency },
        {
          forkIndex: req.forkIndex,
          ownProcess: true,
          counters: prepared.counters,
          conditions: prepared.conditions,
          details: prepared.details,
          onProgress: (p) => void send({ type: 'progress', id: req.id, ...p }),
          ...(req.options.quietNeighbour ? { timed: quietNeighbour } : {}),
          ...(prepared.counters instanceof CallgrindCounterSet ? { settle: settleWith(prepared.counters) } : {}),
          ...(watch ? { v8: watch } : {}),
        },
      ).finally(() => watch?.close());
    if (req.options.profile) {
      const { result, profile } = await withCpuProfile(req.options.profile.intervalUs, run);
      return { type: 'result', id: req.id, fork: { ...result, profiled: 'inspector' }, profile };
    }
    const measured = await run();
    const flags = profilerFlag(process.execArgv, process.env.NODE_OPTIONS);
    const fork = flags ? { ...measured, profiled: 'flags' as const } : measured;
    const loader = typeScriptLoader(req.file);
    return { type: 'result', id: req.id, fork: loader ? { ...fork, typescript: loader } : fork };
  } catch (err) {
    return errorMessage(err, 'throw', `benchmark '${name}' failed: `, req.id);
  } finally {
    prepared.release();
  }
}

/**
 * Registers what importing `file` needs, once per file: tsx for a TypeScript file (registered
 * first, so its hooks run after the mapping's), and cyclebench's implementation of the mitata,
 * tinybench or vitest API for a file written for them. Resolves to null, or to the loader that
 * failed and why; it never rejects, so a failure during 'prepare' is reported with the request.
 */
type LoaderFailure = { loader: string; err: unknown } | null;
const loaders = new Map<string, Promise<LoaderFailure>>();
function prepareLoaders(file: string): Promise<LoaderFailure> {
  let ready = loaders.get(file);
  if (!ready) {
    ready = (async () => {
      try {
        if (needsTypeScriptLoader(file)) {
          // The package's entry, which benchmark files import by name, loads natively first: about
          // 23 ms, against 65 ms through the hooks thread.
          await import('../index.js');
          await registerTypeScriptLoader();
        }
      } catch (err) {
        return { loader: 'TypeScript loader (tsx)', err };
      }
      try {
        if (needsCompatImports(file)) installCompatImports();
      } catch (err) {
        return { loader: 'mitata/tinybench/vitest mapping', err };
      }
      return null;
    })();
    loaders.set(file, ready);
  }
  return ready;
}

/**
 * The clock's calibration (a ~20 ms sleep between two readings, once per process) done while the
 * worker waits for its request. The rate it measures does not depend on the CPU the worker runs on
 * now: an invariant TSC and aarch64's generic counter tick at one constant rate on every core (the
 * clock's info records whether the TSC is invariant). A platform that fails to load says so again
 * when the request comes.
 */
function calibrateClock(): void {
  try {
    loadPlatform().clock.info();
  } catch {
    // reported by runOne
  }
}

async function handle(req: WorkerRequest): Promise<WorkerMessage> {
  if (req?.type === 'list' || req?.type === 'run') {
    const failed = await prepareLoaders(req.file);
    if (failed !== null) {
      const id = req.type === 'run' ? req.id : undefined;
      return errorMessage(failed.err, 'load', `could not load ${req.file}: ${failed.loader}: `, id, req.file);
    }
  }
  if (req?.type === 'list') {
    try {
      const benchmarks = (await loadInstances(req.file)).map(toDescriptor);
      const checks = loadChecks();
      return { type: 'list', benchmarks, ...(checks.length ? { checks } : {}) };
    } catch (err) {
      return loadError(err, req.file);
    }
  }
  if (req?.type === 'run') return runOne(req);
  return { type: 'error', error: { message: `unknown request ${JSON.stringify(req)?.slice(0, 200)}`, kind: 'load' } };
}

if (typeof process.send !== 'function') {
  process.stderr.write('cyclebench worker: must be started by the orchestrator with an IPC channel\n');
  process.exitCode = 2;
} else {
  // Benchmark files must register, not measure: their `await run()` returns empty here.
  setMode('collect');
  // An error that escaped the kernel (e.g. an unawaited rejection) poisons the
  // measurement: answer with it and end the process instead of measuring on.
  // (platform.memory.lockAll registers munlockall at exit, so exiting here is safe.)
  const fail = (err: unknown) => {
    const wasAnswered = answered;
    void finish(errorMessage(err, 'throw', 'unhandled error in the benchmark process: ')).then(() => {
      if (!wasAnswered) process.exit(1);
    });
  };
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  trackExitCause({ requested: () => requested, answered: () => delivered });
  // An optional 'prepare' first (ipc/protocol.ts), then the one request.
  const onMessage = (req: WorkerRequest | PrepareRequest) => {
    if (req?.type === 'prepare') return void prepareLoaders(req.file).then(calibrateClock);
    process.off('message', onMessage);
    requested = true;
    handle(req).then(finish, fail);
  };
  process.on('message', onMessage);
}
