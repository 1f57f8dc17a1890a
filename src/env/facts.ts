// Machine facts that move benchmark numbers, read from /proc and /sys under
// a configurable ROOT. Every field holds a value or null; each null has an entry in
// `reasons` keyed by its dotted path. Never throws: a missing file is a fact, not an error.

import { readCpuFacts, readThrottleCounts, type CpuFacts } from './cpu.js';
import { readFrequencyFacts, type FrequencyFacts } from './frequency.js';
import { readAslrFacts, readKernelFacts, type AslrFacts, type KernelFacts } from './sysctl.js';
import { FactNotes } from './read.js';
import { readVirtFacts, type VirtFacts } from './virt.js';

export interface NodeFacts {
  version: string;
  v8: string;
  execArgv: string[];
  nodeOptions: string | null;
}

export interface MachineFacts {
  cpu: CpuFacts;
  frequency: FrequencyFacts;
  kernel: KernelFacts;
  aslr: AslrFacts;
  virtualization: VirtFacts;
  thermal: { throttleCounts: Record<string, number> | null; total: number | null };
  node: NodeFacts;
  process: { uid: number | null; privileged: boolean };
  /** Dotted field path → why that field is null (or why a sub-fact could not be read). */
  reasons: Record<string, string>;
}

export interface FactOptions {
  /** Directory holding proc/ and sys/; '/' for the running machine. */
  root?: string;
  /** Injected for tests; defaults to this process. */
  node?: NodeFacts;
  uid?: number | null;
}

export function currentNodeFacts(): NodeFacts {
  return {
    version: process.version,
    v8: process.versions.v8,
    execArgv: [...process.execArgv],
    nodeOptions: process.env.NODE_OPTIONS?.trim() || null,
  };
}

export function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

export function readMachineFacts(options: FactOptions = {}): MachineFacts {
  const root = options.root ?? '/';
  const notes = new FactNotes();
  const cpu = readCpuFacts(root, notes);
  const frequency = readFrequencyFacts(root, notes, cpu.online, cpu.cpuinfoMHz);
  const kernel = readKernelFacts(root, notes);
  const virtualization = readVirtFacts(root, notes, cpu.flags?.hypervisor ?? null);
  const throttleCounts = readThrottleCounts(root, notes, cpu.online);
  const total = throttleCounts ? Object.values(throttleCounts).reduce((a, b) => a + b, 0) : null;
  if (total === null) notes.missing('thermal.total', 'no throttle counters');
  const uid = options.uid !== undefined ? options.uid : currentUid();
  const node = options.node ?? currentNodeFacts();
  if (node.nodeOptions === null) notes.missing('node.nodeOptions', 'NODE_OPTIONS is not set');
  if (uid === null) notes.missing('process.uid', 'process.getuid is not available on this OS');
  return {
    cpu,
    frequency,
    kernel,
    aslr: readAslrFacts(root, notes),
    virtualization,
    thermal: { throttleCounts, total },
    node,
    process: { uid, privileged: uid === 0 },
    reasons: notes.reasons,
  };
}
