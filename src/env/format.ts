// The human `cyclebench env` report: formatting only (habit 7). The hardware-counter
// reason appears exactly once, under Counters (habit 5: a missing capability
// explains itself once); advice points there instead of repeating it.

import type { Advice } from './advice-types.js';
import type { Environment } from './environment.js';
import { formatCpuList } from './read.js';

const LABEL_WIDTH = 21;

type Row = [label: string, value: string];

function section(title: string, rows: Row[]): string {
  return `${title}\n${rows.map(([l, v]) => `  ${l.padEnd(LABEL_WIDTH)}${v}`).join('\n')}\n`;
}

const yesNo = (b: boolean | null | undefined) => (b === null || b === undefined ? 'unknown' : b ? 'yes' : 'no');
const orUnknown = (v: unknown, reason?: string) =>
  v === null || v === undefined ? `unknown${reason ? ` (${reason})` : ''}` : String(v);
const cpus = (c: number[] | null) => (c === null ? 'unknown' : c.length ? formatCpuList(c) : 'none');

function mhz(hz: number): string {
  return `${(hz / 1e6).toFixed(2)} MHz`;
}

function platformRows(env: Environment): Row[] {
  const c = env.clock;
  const rows: Row[] = [['platform', env.platform + (env.platformReason ? ` (${env.platformReason})` : '')]];
  rows.push([
    'clock',
    `${c.source}, ${mhz(c.hz)} (${c.hzSource})${c.ticksAreCycles ? ', ticks are cycles' : ', ticks are not cycles'}`,
  ]);
  if (c.reportedHz !== null || c.calibratedHz !== null) {
    rows.push([
      'frequency',
      `reported ${c.reportedHz === null ? 'none' : mhz(c.reportedHz)}, ` +
        `calibrated ${c.calibratedHz === null ? 'none' : mhz(c.calibratedHz)}`,
    ]);
  }
  rows.push(['invariant TSC', yesNo(c.invariant)]);
  rows.push([
    'clocksource',
    `${orUnknown(env.kernel.clocksource.current)}` +
      `${env.kernel.clocksource.available ? ` (available: ${env.kernel.clocksource.available.join(' ')})` : ''}`,
  ]);
  rows.push(['resolution', `${c.resolutionTicks} ticks${c.reportsCpu ? ', reports the CPU' : ''}`]);
  if (c.error) rows.push(['clock error', c.error]);
  return rows;
}

function counterRows(env: Environment): Row[] {
  const { hardware, software, events } = env.counters;
  const names = (kind: string, ok: boolean) =>
    events
      .filter((e) => e.kind === kind && e.available === ok)
      .map((e) => e.name)
      .join(', ');
  const rows: Row[] = [];
  rows.push([
    'hardware',
    hardware.available ? `available: ${names('hardware', true)}` : `unavailable: ${hardware.reason}`,
  ]);
  if (hardware.available && names('hardware', false)) rows.push(['', `missing: ${names('hardware', false)}`]);
  rows.push([
    'software',
    software.available ? `available: ${names('software', true)}` : `unavailable: ${software.reason}`,
  ]);
  if (software.available && names('software', false)) rows.push(['', `missing: ${names('software', false)}`]);
  rows.push(['perf_event_paranoid', orUnknown(env.perfEventParanoid)]);
  return rows;
}

function schedulingRows(env: Environment): Row[] {
  const f = env.frequency;
  const k = env.kernel;
  const mem = k.memory.memlock;
  const lim = (v: number | 'unlimited' | null) =>
    typeof v === 'number' ? `${Math.round(v / 1024)} KiB` : orUnknown(v);
  return [
    ['affinity', `${cpus(env.affinity.cpus)}${env.affinity.source ? ` (from ${env.affinity.source})` : ''}`],
    ['isolated CPUs', cpus(env.cpu.isolated)],
    [
      'SMT',
      `${env.cpu.smt.active === null ? 'unknown' : env.cpu.smt.active ? 'on' : 'off'}` +
        `${env.cpu.smt.control ? ` (control: ${env.cpu.smt.control})` : ''}`,
    ],
    ['governor', f.governor ?? (f.perCpu === null ? 'none (no cpufreq driver)' : 'unknown')],
    ['boost/turbo', f.boost.enabled === null ? 'no control' : f.boost.enabled ? 'on' : 'off'],
    ['frequency', f.curMHz === null ? 'unknown' : `${f.curMHz.toFixed(0)} MHz (from ${f.curMHzSource})`],
    ['RLIMIT_MEMLOCK', `${lim(mem.soft)} soft / ${lim(mem.hard)} hard`],
    [
      'load average',
      k.load ? `${k.load.one} ${k.load.five} ${k.load.fifteen} (${k.load.runnable} runnable)` : 'unknown',
    ],
    ['memory', k.memory.totalKb === null ? 'unknown' : `${(k.memory.totalKb / 1048576).toFixed(1)} GiB`],
  ];
}

function layoutRows(env: Environment): Row[] {
  const a = env.aslr;
  return [
    ['ASLR', a.current],
    ['personality', orUnknown(a.personality) + (a.addrNoRandomize ? ' (ADDR_NO_RANDOMIZE)' : '')],
    ['randomize_va_space', orUnknown(a.randomizeVaSpace)],
  ];
}

function machineRows(env: Environment): Row[] {
  const v = env.virtualization;
  const t = env.thermal;
  return [
    ['CPU', `${orUnknown(env.cpu.model)} (${orUnknown(env.cpu.logicalCores)} logical cores)`],
    ['kernel', orUnknown(env.kernel.release)],
    [
      'virtualization',
      v.kind === 'none' ? 'none detected' : [v.kind, v.hypervisor, v.container].filter(Boolean).join(', '),
    ],
    ['thermal throttle', t.total === null ? 'no counters' : `${t.total} event(s) since boot`],
    ['node', `${env.node.version} (V8 ${env.node.v8})`],
    [
      'node flags',
      [...env.node.execArgv, ...(env.node.nodeOptions ? [`NODE_OPTIONS=${env.node.nodeOptions}`] : [])].join(' ') ||
        'none',
    ],
  ];
}

const MARK: Record<Advice['status'], string> = { ok: 'ok  ', info: 'info', warn: 'WARN', 'n/a': 'n/a ' };

function adviceText(advice: Advice[]): string {
  const lines = advice.map((a) => {
    const head = `  [${MARK[a.status]}] ${a.knob}: ${a.state}`;
    if (a.status === 'ok') return head;
    return `${head}\n         why: ${a.why}${a.fix ? `\n         fix: ${a.fix}` : ''}`;
  });
  return `Advice (nothing is changed by this command)\n${lines.join('\n')}\n`;
}

export function formatEnvironment(env: Environment, advice: Advice[]): string {
  return [
    section('Platform & clock', platformRows(env)),
    section('Counters', counterRows(env)),
    section('Scheduling & memory', schedulingRows(env)),
    section('Layout', layoutRows(env)),
    section('Machine', machineRows(env)),
    adviceText(advice),
  ].join('\n');
}
