// The experimental conditions of a run as labelled lines, read defensively from
// doc.environment (src/env/environment.ts plus the orchestrator's `conditions`). A fact
// the file lacks prints as "unknown" with the recorded reason when there is one: a number
// without its conditions carries no information, and neither does a silent gap.
import type { ResultDocument } from '../results/schema.js';

export interface ConditionLine {
  label: string;
  value: string;
}

type Env = Record<string, unknown>;

/** Value at a dotted path, or undefined. */
export function at(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function unknown(env: Env, ...paths: string[]): string {
  const reasons = (env.reasons ?? {}) as Record<string, string>;
  const reason = paths.map((p) => reasons[p]).find(Boolean);
  return reason ? `unknown (${reason})` : 'unknown';
}

function cpuList(cpus: unknown): string | null {
  if (!Array.isArray(cpus) || cpus.length === 0) return null;
  const sorted = [...(cpus as number[])].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(',');
}

/** Which time the batches hold (src/engine/timing.ts); null for files that do not say. */
export function timingLine(doc: ResultDocument): string | null {
  const benches = doc.benchmarks.filter((b) => b.forks.some((f) => f.timing !== undefined));
  if (benches.length === 0) return null;
  const cpu = benches.filter((b) => b.forks.some((f) => f.timing === 'process-cpu')).length;
  return (
    'clock time per batch' +
    (cpu > 0
      ? `; allocating kernels (${cpu} of ${benches.length}) on the process's CPU time, every thread: ` +
        'garbage collection counted, waiting for a CPU not'
      : '')
  );
}

export function describeConditions(doc: ResultDocument): ConditionLine[] {
  const env = (doc.environment ?? {}) as Env;
  const str = (path: string): string | null => {
    const v = at(env, path);
    return v === null || v === undefined || v === '' ? null : String(v);
  };
  const lines: ConditionLine[] = [];
  const add = (label: string, value: string | null, ...paths: string[]): void => {
    lines.push({ label, value: value ?? unknown(env, ...paths) });
  };

  const smt = at(env, 'cpu.smt.active');
  const cores = str('cpu.logicalCores');
  add('CPU', str('cpu.model'), 'cpu.model');
  add(
    'Cores',
    cores && `${cores} logical${smt === true ? ' (SMT on)' : smt === false ? ' (SMT off)' : ''}`,
    'cpu.logicalCores',
  );
  const kb = at(env, 'kernel.memory.totalKb');
  add('Memory', typeof kb === 'number' ? `${(kb / 1024 / 1024).toFixed(1)} GiB` : null, 'kernel.memory.totalKb');
  add('Kernel', str('kernel.release'), 'kernel.release');
  const virt = str('virtualization.kind');
  add(
    'Virtualization',
    virt &&
      (virt === 'none'
        ? 'none detected (bare metal as far as /sys tells)'
        : `${virt}${str('virtualization.hypervisor') ? ` (${str('virtualization.hypervisor')})` : ''}`),
    'virtualization.kind',
  );
  const driver = str('frequency.driver');
  add(
    'Governor',
    str('frequency.governor') && `${str('frequency.governor')}${driver ? ` (${driver})` : ''}`,
    'frequency.governor',
  );
  const boost = at(env, 'frequency.boost.enabled');
  add('Boost/turbo', boost === true ? 'enabled' : boost === false ? 'disabled' : null, 'frequency.boost.enabled');
  const clockSource = str('clock.source');
  const hz = at(env, 'clock.hz');
  add(
    'Clock',
    clockSource &&
      `${clockSource}` +
        `${typeof hz === 'number' ? ` at ${(hz / 1e9).toFixed(3)} GHz (${str('clock.hzSource') ?? 'nominal'})` : ''}`,
    'clock.source',
  );
  const pinned = cpuList(at(env, 'conditions.cpus'));
  const isolated = cpuList(at(env, 'cpu.isolated'));
  const helpers = cpuList(at(env, 'conditions.helperCpus'));
  const policy =
    at(env, 'conditions.pin') === 'thread'
      ? `JS thread alone${helpers ? `, helper threads on CPU ${helpers}` : ''}`
      : 'whole process';
  add(
    'Pinning',
    pinned
      ? `CPU ${pinned}${isolated ? ` (isolated: ${isolated})` : ' (not an isolated CPU)'}; ${policy}` +
          (typeof at(env, 'conditions.cpuReason') === 'string'
            ? `; chosen as the ${at(env, 'conditions.cpuReason') as string}`
            : '')
      : at(env, 'conditions')
        ? 'not pinned'
        : null,
    'conditions.cpus',
  );
  // Recorded since workers can start ahead of their turn; older documents do not say.
  const prestart = cpuList(at(env, 'conditions.prestartCpus'));
  if (pinned && at(env, 'conditions.prestartCpus') !== undefined)
    add(
      'Worker start-up',
      prestart
        ? `the next worker starts up on CPU ${prestart} while one measures, and is stopped while it times`
        : 'each worker starts at its turn',
      'conditions.prestartCpus',
    );
  const noAslr = at(env, 'conditions.noAslr');
  const aslrMode = str('conditions.aslr');
  add(
    'ASLR',
    aslrMode
      ? `${noAslr === true ? 'off in workers' : 'on in workers'} (mode ${aslrMode}; ` +
          `system ${str('aslr.current') ?? 'unknown'})`
      : str('aslr.current') && `system ${str('aslr.current')}`,
    'aslr.current',
  );
  const mlock = at(env, 'conditions.mlock');
  add('Memory lock', mlock === true ? 'mlockall in workers' : mlock === false ? 'off' : null, 'conditions.mlock');
  if (at(env, 'conditions.fifo') === true)
    add('Scheduler', 'SCHED_FIFO for the measuring thread (RLIMIT_RTTIME watchdog)', 'conditions.fifo');
  const timing = timingLine(doc);
  if (timing) add('Timing', timing);
  add('Node.js', str('node.version'), 'node.version');
  add('V8', str('node.v8'), 'node.v8');
  const execArgv = at(env, 'node.execArgv');
  const nodeOptions = str('node.nodeOptions');
  const flags = [
    ...(Array.isArray(execArgv) ? (execArgv as string[]) : []),
    ...(nodeOptions ? [`NODE_OPTIONS=${nodeOptions}`] : []),
  ];
  add('Node flags', Array.isArray(execArgv) ? flags.join(' ') || 'none' : null, 'node.execArgv');
  // `run --flags` / `--node`: what every worker was started with (older documents do not say).
  const workerFlags = at(env, 'conditions.nodeFlags');
  if (Array.isArray(workerFlags) && workerFlags.length > 0)
    add('Worker flags', (workerFlags as string[]).join(' '), 'conditions.nodeFlags');
  const workerNode = str('conditions.nodeBinary');
  if (workerNode) add('Worker Node', workerNode, 'conditions.nodeBinary');
  add(
    'Platform',
    str('platform') && `${str('platform')}${str('platformReason') ? ` (${str('platformReason')})` : ''}`,
    'platform',
  );
  return lines;
}
