// Advice on CPU-level knobs: governor, boost/turbo, SMT, isolated CPUs, thermal throttling,
// clocksource/invariant TSC. Commands per Documentation/admin-guide/pm/cpufreq.rst,
// intel_pstate.rst, kernel-parameters.txt (isolcpus, nohz_full, rcu_nocbs).

import type { Advice, Where } from './advice-types.js';
import { cannotChange } from './advice-types.js';
import type { Environment } from './environment.js';
import { formatCpuList } from './read.js';

const CPU = '/sys/devices/system/cpu';

export function cpuAdvice(env: Environment, where: Where): Advice[] {
  return [
    governor(env, where),
    boost(env, where),
    smt(env, where),
    isolated(env, where),
    thermal(env),
    clocksource(env, where),
  ];
}

function governor(env: Environment, where: Where): Advice {
  const g = env.frequency.governor;
  const why =
    'powersave/ondemand/schedutil change the clock speed with load, so the same ' +
    'code runs at different speeds within and between runs';
  if (g === null) {
    return {
      knob: 'governor',
      status: 'n/a',
      why,
      state: 'no cpufreq driver (no governor to set)',
      fix: where.vm
        ? cannotChange(where, 'the host sets the frequency (on the host: sudo cpupower frequency-set -g performance)')
        : 'load a cpufreq driver (e.g. sudo modprobe acpi-cpufreq) or choose maximum performance in the firmware setup',
    };
  }
  if (g === 'performance') return { knob: 'governor', status: 'ok', state: 'performance on every CPU', why, fix: null };
  const per = env.frequency.perCpu?.map((p) => `${p.cpu}:${p.governor}`).join(' ') ?? g;
  return {
    knob: 'governor',
    status: 'warn',
    why,
    state: g === 'mixed' ? `mixed (${per})` : g,
    fix:
      'sudo cpupower frequency-set -g performance   (or: sudo cyclebench system tune; ' +
      'undo with sudo cyclebench system reset)',
  };
}

/** The command that turns boost off for a control file (its meaning is inverted for intel_pstate). */
export function boostOffCommand(path: string): string {
  if (path.endsWith('intel_pstate/no_turbo')) return `echo 1 | sudo tee ${path}`;
  if (/cpufreq\/policy\d+\/boost$/.test(path)) return `echo 0 | sudo tee ${CPU}/cpufreq/policy*/boost`;
  return `echo 0 | sudo tee ${path}`;
}

function boost(env: Environment, where: Where): Advice {
  const b = env.frequency.boost;
  const why =
    'turbo speed depends on temperature and on how many cores are busy, so results ' +
    'drift with conditions outside the benchmark';
  if (b.enabled === null) {
    return {
      knob: 'boost',
      status: 'n/a',
      why,
      state: 'no boost/turbo control exposed',
      fix: where.vm
        ? cannotChange(where, "turbo is the host's setting")
        : 'disable turbo/boost in the firmware setup (this cpufreq driver exposes no switch)',
    };
  }
  if (!b.enabled) return { knob: 'boost', status: 'ok', state: 'off', why, fix: null };
  const cmds = [...new Set(b.controls.map(boostOffCommand))];
  return {
    knob: 'boost',
    status: 'warn',
    state: `on (${b.controls.join(', ')})`,
    why,
    fix: `${cmds.join(' && ')}   (or: sudo cyclebench system tune)`,
  };
}

function smt(env: Environment, where: Where): Advice {
  const s = env.cpu.smt;
  const why = "a sibling hardware thread shares the core's execution units and caches with the benchmark";
  if (s.active === true) {
    return {
      knob: 'smt',
      status: 'warn',
      why,
      state: `on (${s.threadsPerCore ?? '?'} threads per core)`,
      fix: where.container
        ? cannotChange(where, `on the host: echo off | sudo tee ${CPU}/smt/control`)
        : `echo off | sudo tee ${CPU}/smt/control   (or keep the benchmark CPU's sibling ` +
          `idle; see ${CPU}/cpu*/topology/thread_siblings_list)`,
    };
  }
  if (s.active === false) {
    const vmNote = where.vm ? '; vCPUs may still be SMT siblings on the host (cannot be checked from inside a VM)' : '';
    return {
      knob: 'smt',
      status: where.vm ? 'info' : 'ok',
      why,
      state: `off${s.control ? ` (control: ${s.control})` : ''}${vmNote}`,
      fix: null,
    };
  }
  return { knob: 'smt', status: 'n/a', why, state: 'unknown (no smt/active and no thread_siblings_list)', fix: null };
}

function isolated(env: Environment, where: Where): Advice {
  const iso = env.cpu.isolated;
  const why = 'without isolation the scheduler puts other tasks and interrupts on the benchmark CPU';
  if (iso === null)
    return {
      knob: 'isolated-cpus',
      status: 'n/a',
      why,
      state: 'unknown (/sys/devices/system/cpu/isolated unreadable)',
      fix: null,
    };
  if (iso.length)
    return {
      knob: 'isolated-cpus',
      status: 'ok',
      why,
      state: `isolated: ${formatCpuList(iso)} (cyclebench pins there by default)`,
      fix: null,
    };
  const cpus = env.cpu.online ?? env.affinity.cpus ?? [];
  const n = cpus.length ? Math.max(...cpus) : 1;
  const cmdline = `isolcpus=${n} nohz_full=${n} rcu_nocbs=${n}`;
  const fix = where.container
    ? cannotChange(where, `isolation is a host kernel boot option (${cmdline})`)
    : `add "${cmdline}" to the kernel command line (GRUB_CMDLINE_LINUX in ` +
      `/etc/default/grub, then sudo update-grub) and reboot` +
      (where.vm ? '; in a VM this isolates the vCPU from guest tasks only, the host still schedules it' : '');
  return { knob: 'isolated-cpus', status: 'info', why, state: 'none', fix };
}

function thermal(env: Environment): Advice {
  const t = env.thermal.total;
  const why = 'a throttled CPU runs slower for reasons unrelated to the code under test';
  if (t === null)
    return { knob: 'thermal', status: 'n/a', why, state: 'no thermal throttle counters exposed', fix: null };
  if (t === 0) return { knob: 'thermal', status: 'ok', why, state: 'never throttled since boot', fix: null };
  return {
    knob: 'thermal',
    status: 'warn',
    why,
    state: `throttled ${t} time(s) since boot`,
    fix: 'improve cooling, or turn boost/turbo off so the CPU stays below its thermal limit',
  };
}

function clocksource(env: Environment, where: Where): Advice {
  const cur = env.kernel.clocksource.current;
  const avail = env.kernel.clocksource.available ?? [];
  const f = env.cpu.flags;
  const why =
    'cyclebench turns TSC ticks into time: a TSC that changes rate or stops in idle ' +
    'makes those times wrong, and a non-tsc clocksource makes clock_gettime slower';
  const state =
    `clock ${env.clock.source} at ${(env.clock.hz / 1e6).toFixed(2)} MHz ` +
    `(${env.clock.hzSource}); clocksource ${cur ?? 'unknown'}` +
    (f ? `; constant_tsc ${f.constantTsc ? 'yes' : 'no'}, nonstop_tsc ${f.nonstopTsc ? 'yes' : 'no'}` : '');
  if (f && (!f.constantTsc || !f.nonstopTsc)) {
    return {
      knob: 'clocksource',
      status: 'warn',
      why,
      state,
      fix:
        'cannot be fixed in software: this CPU (or hypervisor) does not report an ' +
        'invariant TSC; cyclebench falls back to clock_gettime',
    };
  }
  if (cur !== null && cur !== 'tsc' && avail.includes('tsc')) {
    const cmd = 'echo tsc | sudo tee /sys/devices/system/clocksource/clocksource0/current_clocksource';
    return {
      knob: 'clocksource',
      status: 'warn',
      why,
      state,
      fix: where.container ? cannotChange(where, `on the host/VM: ${cmd}`) : cmd,
    };
  }
  if (env.clock.source !== 'tsc' && f) {
    return {
      knob: 'clocksource',
      status: 'info',
      why,
      state,
      fix: 'the native platform is not in use; see Platform & clock',
    };
  }
  return { knob: 'clocksource', status: 'ok', why, state, fix: null };
}
