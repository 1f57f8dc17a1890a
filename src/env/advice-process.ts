// Advice on process-level knobs: ASLR, counters (PMU / perf_event_paranoid / seccomp),
// RLIMIT_MEMLOCK, load, virtualization and Node flags. Sources: docs/platform-notes.md a, c, d;
// sysctl/kernel.rst (perf_event_paranoid, randomize_va_space); moby seccomp default.json.

import type { Advice, Where } from './advice-types.js';
import { cannotChange } from './advice-types.js';
import type { Environment } from './environment.js';

/** Share of the logical CPUs the 1-minute load may occupy before we call the machine busy. */
export const BUSY_LOAD_PER_CPU = 0.5;

/** Node/V8 flags that change JIT or GC behaviour (profilers, inspectors, tiers, heap sizes). */
const JIT_GC_FLAG = new RegExp(
  '^--(inspect|prof|cpu-prof|heap-prof|jitless|no-opt|max-opt|no-turbofan|no-sparkplug|no-maglev|maglev|trace|' +
    'max-old-space-size|max-semi-space-size|single-threaded|predictable|perf-basic-prof|perf-prof)',
);

export function processAdvice(env: Environment, where: Where): Advice[] {
  return [aslr(env), counters(env, where), memlock(env, where), load(env), virtualization(env, where), nodeFlags(env)];
}

function aslr(env: Environment): Advice {
  const a = env.aslr;
  const why =
    'each process gets a different memory layout, which can move results by a few ' +
    'percent between runs (Mytkowicz et al. 2009)';
  if (a.randomizeVaSpace === 0) {
    return {
      knob: 'aslr',
      status: 'warn',
      why,
      state: 'off for every process (kernel.randomize_va_space=0)',
      fix:
        'sudo sysctl kernel.randomize_va_space=2, then choose per run: cyclebench run ' +
        '--aslr off (A/B) or --aslr randomize (absolute numbers)',
    };
  }
  if (a.addrNoRandomize) {
    return {
      knob: 'aslr',
      status: 'info',
      why,
      state: `off for this process (personality ${a.personality})`,
      fix: null,
    };
  }
  const seccompNote =
    env.kernel.seccomp === 2
      ? "; under Docker's default seccomp, --aslr off needs --security-opt seccomp=unconfined"
      : '';
  return {
    knob: 'aslr',
    status: 'info',
    why,
    state: `on (randomize_va_space=${a.randomizeVaSpace ?? '?'})`,
    fix:
      `cyclebench run --aslr off for low-noise A/B comparisons; cyclebench run --aslr ` +
      `randomize to average over layouts for absolute numbers${seccompNote}`,
  };
}

function counters(env: Environment, where: Where): Advice {
  const hw = env.counters.hardware;
  const paranoid = env.perfEventParanoid;
  const why =
    'cycles and instructions per operation are steadier than time; without them ' +
    'only time and software events are reported';
  const privileged = env.process.privileged || env.kernel.capabilities?.perfmon === true;
  if (hw.available) {
    if (paranoid !== null && paranoid >= 2 && !privileged) {
      return {
        knob: 'counters',
        status: 'info',
        why,
        state: `hardware counters available, user space only (perf_event_paranoid=${paranoid})`,
        fix:
          'sudo sysctl kernel.perf_event_paranoid=1   (counts kernel time too; perf ' +
          'context-switch/migration counts are 0 in user-space-only mode)',
      };
    }
    return {
      knob: 'counters',
      status: 'ok',
      why,
      state: `hardware counters available (perf_event_paranoid=${paranoid ?? '?'})`,
      fix: null,
    };
  }
  const state = `hardware counters unavailable (reason under Counters); perf_event_paranoid=${paranoid ?? '?'}`;
  const fixes: Record<string, string> = {
    platform:
      'build the native addon: npm explore cyclebench -- npm run build:native (needs a C++ toolchain and python3)',
    seccomp: 'docker run --cap-add PERFMON (or --cap-add SYS_ADMIN, or --security-opt seccomp=unconfined)',
    paranoid:
      `sudo sysctl kernel.perf_event_paranoid=${paranoid !== null && paranoid >= 3 ? 2 : 1} ` +
      `  (persist: echo kernel.perf_event_paranoid=1 | sudo tee ` +
      `/etc/sysctl.d/99-perf.conf)`,
    'no-pmu': where.vm
      ? cannotChange(
          where,
          'the hypervisor must expose a virtual PMU (QEMU/KVM: -cpu host,pmu=on; libvirt: ' +
            '<pmu state="on"/>; Firecracker exposes none)',
        )
      : "check that the kernel has CONFIG_PERF_EVENTS and a driver for this CPU's PMU",
    other: 'see the per-event errors under Counters',
  };
  return { knob: 'counters', status: 'warn', why, state, fix: fixes[hw.cause ?? 'other'] ?? fixes.other! };
}

function bytes(v: number | 'unlimited' | null): string {
  if (v === null) return '?';
  if (v === 'unlimited') return 'unlimited';
  return v >= 1 << 20 ? `${(v / (1 << 20)).toFixed(0)} MiB` : `${(v / 1024).toFixed(0)} KiB`;
}

function memlock(env: Environment, where: Where): Advice {
  const m = env.kernel.memory.memlock;
  const why =
    '--mlock needs the whole V8 address space (~700 MB of reservations) under this ' +
    'limit or CAP_IPC_LOCK, else mlockall fails with ENOMEM';
  const state =
    `RLIMIT_MEMLOCK ${bytes(m.soft)} soft / ${bytes(m.hard)} hard` +
    (env.kernel.capabilities?.ipcLock ? '; CAP_IPC_LOCK held' : '');
  if (env.kernel.capabilities?.ipcLock || m.soft === 'unlimited')
    return { knob: 'memlock', status: 'ok', why, state, fix: null };
  return {
    knob: 'memlock',
    status: 'info',
    why,
    state,
    fix: where.container
      ? 'docker run --cap-add IPC_LOCK --ulimit memlock=-1:-1'
      : 'sudo prlimit --memlock=unlimited:unlimited --pid $$   (raises the limit of the current shell)',
  };
}

function load(env: Environment): Advice {
  const l = env.kernel.load;
  const cores = env.cpu.logicalCores ?? 1;
  const why = 'other runnable tasks take CPU time from the benchmark and add context switches and cache pollution';
  if (!l) return { knob: 'load', status: 'n/a', why, state: 'unknown (/proc/loadavg unreadable)', fix: null };
  const state = `load average ${l.one.toFixed(2)} / ${l.five.toFixed(2)} / ${l.fifteen.toFixed(2)} on ${cores} CPU(s)`;
  if (l.one <= BUSY_LOAD_PER_CPU * cores) return { knob: 'load', status: 'ok', why, state, fix: null };
  return {
    knob: 'load',
    status: 'warn',
    why,
    state,
    fix: 'stop other work (find it with: top -o %CPU), then wait for the 1-minute load to fall',
  };
}

function virtualization(env: Environment, where: Where): Advice {
  const v = env.virtualization;
  const why =
    'vCPUs share physical cores with the host and other guests: steal time and ' +
    'noisy neighbours add noise no setting inside can remove';
  if (v.kind === 'none')
    return {
      knob: 'virtualization',
      status: 'ok',
      why,
      state: 'bare metal (no hypervisor or container detected)',
      fix: null,
    };
  const parts: string[] = [];
  if (where.vm) parts.push(`virtual machine${v.hypervisor ? ` (${v.hypervisor})` : ' (hypervisor bit set)'}`);
  if (where.container) parts.push(`container (${v.container})`);
  return {
    knob: 'virtualization',
    status: where.vm ? 'warn' : 'info',
    why,
    state: parts.join(', '),
    fix: cannotChange(
      where,
      where.vm
        ? 'for final numbers use bare metal or a dedicated host with pinned vCPUs'
        : 'container limits (cgroups, seccomp) are set by whoever starts it',
    ),
  };
}

function nodeFlags(env: Environment): Advice {
  const n = env.node;
  const opts = n.nodeOptions ? n.nodeOptions.split(/\s+/) : [];
  const risky = [...n.execArgv, ...opts].filter((f) => JIT_GC_FLAG.test(f));
  const why =
    'profiler, inspector, JIT-tier and heap-size flags change how V8 compiles and ' +
    'collects, so numbers no longer match a plain node';
  const state =
    `node ${n.version} (V8 ${n.v8}); ` +
    `execArgv ${n.execArgv.length ? n.execArgv.join(' ') : '(none)'}; ` +
    `NODE_OPTIONS ${n.nodeOptions ?? '(unset)'}`;
  if (!risky.length)
    return {
      knob: 'node-flags',
      status: n.nodeOptions ? 'info' : 'ok',
      why,
      state,
      fix: n.nodeOptions
        ? 'NODE_OPTIONS reaches every benchmark worker; unset NODE_OPTIONS unless that is intended'
        : null,
    };
  const fix = opts.some((f) => JIT_GC_FLAG.test(f))
    ? `unset NODE_OPTIONS (it passes ${risky.join(' ')} to every worker)`
    : `run without ${risky.join(' ')}`;
  return { knob: 'node-flags', status: 'warn', why, state, fix };
}
