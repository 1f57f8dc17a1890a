// Per-batch readings of the measuring thread taken just OUTSIDE the timed region:
// context switches and page faults from getrusage(RUSAGE_THREAD) (platform.sched),
// migrations from /proc/thread-self/sched `se.nr_migrations` (needs CONFIG_SCHED_DEBUG;
// perf's migration counter reads 0 unprivileged, docs/platform-notes.md P4). When neither is
// available the caller falls back to cpuStart ≠ cpuEnd for migrations.

import { closeSync, openSync, readSync } from 'node:fs';
import type { Scheduling } from '../platform/types.js';
import type { AnalysisDetail } from '../results/schema.js';

export interface ThreadSnapshot {
  switches: number;
  involuntary: number;
  faults: number;
  migrations: number;
}

const MIGRATIONS_RE = /se\.nr_migrations\s*:\s*(\d+)/;

export class ThreadStats {
  readonly rusage: boolean;
  readonly procSched: boolean;
  private fd = -1;
  private buf = Buffer.alloc(8192);

  constructor(
    private sched: Scheduling | undefined,
    observe = true,
  ) {
    if (!observe) {
      this.rusage = false;
      this.procSched = false;
      return;
    }
    let ok = false;
    try {
      ok = !!sched && sched.capability().supported;
      if (ok) sched!.threadRusage();
    } catch {
      ok = false;
    }
    this.rusage = ok;
    try {
      // Opened once and re-read with pread at offset 0 (procfs regenerates the text).
      this.fd = openSync('/proc/thread-self/sched', 'r');
      this.procSched = this.readMigrations() >= 0;
    } catch {
      this.procSched = false;
    }
  }

  private readMigrations(): number {
    const n = readSync(this.fd, this.buf, 0, this.buf.length, 0);
    const m = MIGRATIONS_RE.exec(this.buf.toString('latin1', 0, n));
    return m ? Number(m[1]) : -1;
  }

  /** Fills `out` (no allocation when neither source is available). */
  snapshot(out: ThreadSnapshot): void {
    if (this.rusage) {
      const r = this.sched!.threadRusage();
      out.switches = r.voluntarySwitches + r.involuntarySwitches;
      out.involuntary = r.involuntarySwitches;
      out.faults = r.minorFaults + r.majorFaults;
    }
    if (this.procSched) out.migrations = this.readMigrations();
  }

  /** What this platform could not count, as data (src/report/details.ts words it). */
  details(): AnalysisDetail[] {
    const out: AnalysisDetail[] = [];
    if (!this.rusage) out.push({ code: 'rusage-unavailable', severity: 'warning', values: {} });
    if (!this.procSched) out.push({ code: 'sched-unreadable', severity: 'warning', values: {} });
    return out;
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
