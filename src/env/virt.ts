// Virtualization and container detection from files only (no systemd-detect-virt spawn:
// env must stay cheap and side-effect free). The same files systemd-detect-virt reads
// (src/basic/virt.c): CPUID hypervisor bit via /proc/cpuinfo, /sys/hypervisor/type, DMI
// vendor/product, and container markers (/.dockerenv, /run/.containerenv,
// /run/systemd/container, container= in /proc/1/environ).

import { FactNotes, readText } from './read.js';

export interface VirtFacts {
  /** CPUID.1 ECX[31] as shown by the "hypervisor" cpuinfo flag (x86 only). */
  hypervisorFlag: boolean | null;
  /** /sys/hypervisor/type (xen), else a name matched from DMI. */
  hypervisor: string | null;
  dmiVendor: string | null;
  dmiProduct: string | null;
  container: string | null;
  /** Summary: a VM, a container, both, or bare metal as far as the files tell. */
  kind: 'vm' | 'container' | 'vm+container' | 'none';
}

const DMI_NAMES: [RegExp, string][] = [
  [/KVM|QEMU/i, 'kvm'],
  [/VMware/i, 'vmware'],
  [/VirtualBox|innotek/i, 'virtualbox'],
  [/Microsoft Corporation|Hyper-V/i, 'microsoft'],
  [/Amazon EC2/i, 'amazon'],
  [/Google Compute Engine/i, 'google'],
  [/Xen/i, 'xen'],
  [/Parallels/i, 'parallels'],
  [/BHYVE/i, 'bhyve'],
];

function quiet(root: string, rel: string): string | null {
  const r = readText(root, rel);
  return r.ok ? r.text.trim() || null : null;
}

export function readVirtFacts(root: string, notes: FactNotes, hypervisorFlag: boolean | null): VirtFacts {
  if (hypervisorFlag === null) notes.missing('virtualization.hypervisorFlag', 'no x86 "flags" line in /proc/cpuinfo');
  const dmiVendor = quiet(root, 'sys/class/dmi/id/sys_vendor');
  const dmiProduct = quiet(root, 'sys/class/dmi/id/product_name');
  if (dmiVendor === null)
    notes.missing(
      'virtualization.dmiVendor',
      '/sys/class/dmi/id/sys_vendor is not present (no DMI tables, e.g. Firecracker, ARM, containers)',
    );
  if (dmiProduct === null) notes.missing('virtualization.dmiProduct', '/sys/class/dmi/id/product_name is not present');
  const dmi = `${dmiVendor ?? ''} ${dmiProduct ?? ''}`;
  const hypervisor =
    quiet(root, 'sys/hypervisor/type') ??
    DMI_NAMES.find(([re]) => re.test(dmi))?.[1] ??
    notes.missing(
      'virtualization.hypervisor',
      hypervisorFlag ? 'hypervisor bit set but no /sys/hypervisor/type and no DMI name' : 'no hypervisor detected',
    );
  const container =
    detectContainer(root) ??
    notes.missing(
      'virtualization.container',
      'no container marker (/.dockerenv, /run/.containerenv, /run/systemd/container, container= in /proc/1/environ)',
    );
  const vm = hypervisorFlag === true || hypervisor !== null;
  const kind = vm && container ? 'vm+container' : vm ? 'vm' : container ? 'container' : 'none';
  return { hypervisorFlag, hypervisor, dmiVendor, dmiProduct, container, kind };
}

function detectContainer(root: string): string | null {
  const systemd = quiet(root, 'run/systemd/container');
  if (systemd) return systemd;
  if (readText(root, '.dockerenv').ok) return 'docker';
  if (readText(root, 'run/.containerenv').ok) return 'podman';
  const environ = readText(root, 'proc/1/environ'); // root-only on most systems; best effort
  const m = environ.ok ? /(?:^|\0)container=([^\0]+)/.exec(environ.text) : null;
  return m ? m[1]! : null;
}
