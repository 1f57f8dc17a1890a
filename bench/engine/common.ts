// Shared helpers of the engine's self-benchmarks (standalone scripts, not vitest):
// measure a kernel in this process with the real platform and fit the OLS slope.
import { cpus, loadavg } from 'node:os';
import { resolveKernel } from '../../src/engine/kernel.js';
import { measure, type MeasureExtras, type MeasureOptions } from '../../src/engine/measure.js';
import { loadPlatform } from '../../src/platform/load.js';
import type { ForkResult } from '../../src/results/schema.js';
import { ols } from '../../src/statistics/regression.js';

export const platform = loadPlatform();

export interface Fit {
  slope: number;
  intercept: number;
  r2: number;
  /** Batches used: those without a context switch, migration or GC (all when < 10 are clean). */
  clean: number;
  fork: ForkResult;
}

export async function fitKernel(
  label: string,
  fn: () => unknown,
  options: Partial<MeasureOptions> = {},
  extras: MeasureExtras = {},
): Promise<Fit> {
  const kernel = await resolveKernel({ fn }, {}, label);
  const fork = await measure(kernel, platform, options, extras);
  // On a shared machine wall-clock batches that were descheduled are not the kernel's
  // time: fit the uncontaminated ones, as the analysis's check does.
  const clean = fork.batches.filter((b) => b.contextSwitches === 0 && b.migrations === 0 && b.gc === 0);
  const used = clean.length >= 10 ? clean : fork.batches;
  const f = ols(
    used.map((b) => b.iterations),
    used.map((b) => b.ns),
  );
  return { slope: f.slope, intercept: f.intercept, r2: f.r2, clean: used.length, fork };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

export function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toPrecision(digits) : String(x);
}

export function machine(): string {
  const c = cpus();
  return `node ${process.version}, ${c[0]?.model ?? '?'} (${c.length} CPUs), platform ${platform.kind}, clock ${platform.clock.info().source} at ${(platform.clock.info().hz / 1e6).toFixed(1)} MHz, load average ${loadavg()[0].toFixed(1)}`;
}
