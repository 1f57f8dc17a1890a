// Fixture /proc + /sys trees, built in a temp dir per test. Three machines: bare metal
// with cpufreq, boost and isolated CPUs; a KVM guest like the CI machine (no cpufreq,
// no PMU); a Docker-like container (paranoid 3, seccomp filter, ASLR off by personality).

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type Tree = Record<string, string>;

const made: string[] = [];

export function makeTree(files: Tree): string {
  const root = mkdtempSync(join(tmpdir(), 'cyclebench-env-'));
  made.push(root);
  for (const [rel, content] of Object.entries(files)) {
    const p = join(root, rel);
    mkdirSync(rel.endsWith('/') ? p : dirname(p), { recursive: true });
    if (!rel.endsWith('/')) writeFileSync(p, content);
  }
  return root;
}

export function removeTrees(): void {
  for (const r of made.splice(0)) rmSync(r, { recursive: true, force: true });
}

export function readAt(root: string, rel: string): string {
  return readFileSync(join(root, rel), 'utf8');
}

function cpuinfo(n: number, model: string, vendor: string, flags: string, mhz: number): string {
  return Array.from(
    { length: n },
    (_, i) =>
      `processor\t: ${i}\nvendor_id\t: ${vendor}\nmodel name\t: ${model}\ncpu MHz\t\t: ${mhz.toFixed(3)}\nflags\t\t: ${flags}\n`,
  ).join('\n');
}

function status(allowed: string, seccomp: number, capEff: string): string {
  return `Name:\tnode\nUid:\t0\t0\t0\t0\nCapEff:\t${capEff}\nSeccomp:\t${seccomp}\nCpus_allowed:\tf\nCpus_allowed_list:\t${allowed}\n`;
}

const limits = (memlock: string) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax open files            1024                 1048576              files     \nMax locked memory         ${memlock}              ${memlock}              bytes     \n`;

const common = (o: {
  paranoid: number;
  personality: string;
  seccomp: number;
  allowed: string;
  capEff: string;
  load: string;
}): Tree => ({
  'proc/sys/kernel/perf_event_paranoid': `${o.paranoid}\n`,
  'proc/sys/kernel/kptr_restrict': '0\n',
  'proc/sys/kernel/randomize_va_space': '2\n',
  'proc/sys/kernel/osrelease': '6.8.0-test\n',
  'proc/self/personality': `${o.personality}\n`,
  'proc/self/status': status(o.allowed, o.seccomp, o.capEff),
  'proc/self/limits': limits('8388608'),
  'proc/meminfo': 'MemTotal:       16384000 kB\nMemFree:        1000 kB\n',
  'proc/loadavg': `${o.load} 1/200 4242\n`,
  'sys/devices/system/clocksource/clocksource0/current_clocksource': 'tsc\n',
  'sys/devices/system/clocksource/clocksource0/available_clocksource': 'tsc hpet acpi_pm \n',
  'sys/bus/event_source/devices/software/type': '1\n',
  'sys/bus/event_source/devices/tracepoint/type': '2\n',
});

const X86_FLAGS = 'fpu tsc msr rdtscp constant_tsc nonstop_tsc tsc_known_freq avx2';

/** 4 CPUs (2 cores x 2 threads), acpi-cpufreq powersave, boost on, CPUs 2-3 isolated, CPU 1 throttled 5 times. */
export function bareMetal(): Tree {
  const t: Tree = {
    ...common({
      paranoid: 2,
      personality: '00000000',
      seccomp: 0,
      allowed: '0-3',
      capEff: '000001ffffffffff',
      load: '0.10 0.05 0.01',
    }),
    'proc/cpuinfo': cpuinfo(4, 'Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz', 'GenuineIntel', X86_FLAGS, 2100),
    'sys/devices/system/cpu/online': '0-3\n',
    'sys/devices/system/cpu/isolated': '2-3\n',
    'sys/devices/system/cpu/smt/active': '1\n',
    'sys/devices/system/cpu/smt/control': 'on\n',
    'sys/devices/system/cpu/cpufreq/boost': '1\n',
    'sys/bus/event_source/devices/cpu/type': '4\n',
    'sys/class/dmi/id/sys_vendor': 'Dell Inc.\n',
    'sys/class/dmi/id/product_name': 'PowerEdge R740\n',
    'proc/sys/kernel/nmi_watchdog': '1\n',
  };
  for (let c = 0; c < 4; c++) {
    const d = `sys/devices/system/cpu/cpu${c}`;
    t[`${d}/topology/thread_siblings_list`] = c % 2 === 0 ? `${c},${c + 1}\n` : `${c - 1},${c}\n`;
    t[`${d}/cpufreq/scaling_governor`] = 'powersave\n';
    t[`${d}/cpufreq/scaling_available_governors`] =
      'conservative ondemand userspace powersave performance schedutil \n';
    t[`${d}/cpufreq/scaling_driver`] = 'acpi-cpufreq\n';
    t[`${d}/cpufreq/scaling_cur_freq`] = `${3_000_000 + c * 100_000}\n`;
    t[`${d}/cpufreq/scaling_min_freq`] = '800000\n';
    t[`${d}/cpufreq/scaling_max_freq`] = '3900000\n';
    t[`${d}/thermal_throttle/core_throttle_count`] = c === 1 ? '5\n' : '0\n';
    t[`${d}/thermal_throttle/package_throttle_count`] = '0\n';
  }
  return t;
}

/** Like the CI machine: 2-vCPU KVM guest on AMD EPYC, no cpufreq, no PMU, no DMI, empty isolated. */
export function kvmGuest(): Tree {
  return {
    ...common({
      paranoid: 2,
      personality: '00000000',
      seccomp: 0,
      allowed: '0-1',
      capEff: '000001ffffffffff',
      load: '0.65 0.30 0.12',
    }),
    'proc/cpuinfo': cpuinfo(2, 'AMD EPYC', 'AuthenticAMD', `${X86_FLAGS} hypervisor`, 2445.428),
    'sys/devices/system/cpu/online': '0-1\n',
    'sys/devices/system/cpu/isolated': '\n',
    'sys/devices/system/cpu/smt/active': '0\n',
    'sys/devices/system/cpu/smt/control': 'notsupported\n',
    'sys/devices/system/cpu/cpu0/topology/thread_siblings_list': '0\n',
    'sys/devices/system/cpu/cpu1/topology/thread_siblings_list': '1\n',
    'sys/devices/system/cpu/cpufreq/': '',
    'sys/bus/event_source/devices/msr/type': '9\n',
  };
}

/** Docker-like on bare metal: paranoid 3, seccomp filter, ADDR_NO_RANDOMIZE set, no IPC_LOCK, no isolated file. */
export function containerLike(): Tree {
  return {
    ...common({
      paranoid: 3,
      personality: '00040000',
      seccomp: 2,
      allowed: '0-7',
      capEff: '00000000a80425fb',
      load: '9.50 4.00 2.00',
    }),
    'proc/cpuinfo': cpuinfo(8, 'AMD Ryzen 7 5800X 8-Core Processor', 'AuthenticAMD', X86_FLAGS, 3800),
    'sys/devices/system/cpu/online': '0-7\n',
    'sys/devices/system/cpu/cpu0/topology/thread_siblings_list': '0\n',
    'sys/bus/event_source/devices/cpu/type': '4\n',
    '.dockerenv': '',
  };
}
