// The A/A check (src/compare/aa.ts) in words: its status and two or three lines for the terminal.
import type { AaResult } from '../compare/aa.js';
import { aaOutcome } from '../compare/aa-outcome.js';
import { formatPValue } from '../statistics/p-value.js';
import { percent } from '../text/format.js';
import { comparisonReason } from './details.js';

const pct = (x: number, d = 2): string => percent(x, d);

/** ok / FAILED / undecided, as aaOutcome judges it. */
export function aaStatus(r: Pick<AaResult, 'passed' | 'verdict'>): string {
  return { passed: 'ok', undecided: 'undecided', failed: 'FAILED' }[aaOutcome(r)];
}

/** Two or three lines for the terminal. */
export function formatAa(name: string, r: AaResult): string {
  const ratio = r.ratio
    ? `ratio ${r.ratio.point.toFixed(4)} [${r.ratio.ciLow.toFixed(4)}, ${r.ratio.ciHigh.toFixed(4)}]`
    : 'no ratio';
  const lines = [
    `A/A ${name}: ${aaStatus(r)}: ${r.verdict}, ${ratio}, p ` +
      `= ${formatPValue(r.pValue)} (${r.processes[0]} + ${r.processes[1]} processes)`,
  ];
  const reason = comparisonReason(r);
  if (reason) lines.push(`  ${reason}`);
  lines.push(
    r.minimumDetectable === null
      ? '  smallest detectable difference: unknown (needs >= 2 processes per arm)'
      : `  smallest difference detectable at ${pct(r.power, 0)} power, α ` +
          `= ${(1 - r.confidence).toFixed(2)}: ${pct(r.minimumDetectable, 1)} ` +
          `(between-process CV ${pct(r.processCv ?? NaN)}); smaller claimed wins are not ` +
          `resolvable on this setup`,
  );
  if (r.verdict === 'faster' || r.verdict === 'slower')
    lines.push(
      '  an A/A difference means the setup itself is biased (order, drift, thermal ' +
        'state): fix it before trusting A/B results',
    );
  return lines.join('\n');
}
