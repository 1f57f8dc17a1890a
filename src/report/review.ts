// The honest report: the experiment in the form a reviewer
// can check — question, conditions, workload, warmup, measurement, statistic, result with
// CI, verdict, caveats and the exact command to reproduce. Plain text or Markdown from the
// same blocks. It formats a ResultDocument and the verdicts src/compare produced; it never
// measures and never decides a verdict itself (habit 7).
import type { ResultDocument } from '../results/schema.js';
import { type Block, type TextStyle, writeBlocks } from './blocks.js';
import { caveats, uncontrolled } from './caveats.js';
import { baselineOf, type ComparisonRow } from './comparisons.js';
import { sweepBlocks } from './complexity.js';
import { describeConditions } from './conditions.js';
import { sig } from './format.js';
import { measurementBlocks, resultBlocks, statisticBlocks, warmupBlocks, workloadBlocks } from './review-sections.js';
import { spacedName } from './samples.js';
import { simulatedRun } from './terminal.js';
import { latencyBlocks } from './latency.js';
import { terminalSafe } from '../text/terminal-safe.js';
import { profileBlocks } from './profile.js';
import { checkLine, checkTally } from './checks.js';

export interface ReviewOptions {
  hypothesis?: string;
  /** Verdicts from src/compare (comparisonsFor); null/undefined renders "no verdict". */
  comparisons?: ComparisonRow[] | null;
  /** Add a complexity fit to each parameter sweep. */
  complexity?: boolean;
}

/** Quotes a command-line word for a POSIX shell only when it needs it. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function reportTitle(doc: ResultDocument): string {
  const groups = [...new Set(doc.benchmarks.map((b) => b.group).filter((g): g is string => !!g))];
  const what = groups.length
    ? groups.join(', ')
    : doc.benchmarks
        .map((b) => b.name)
        .slice(0, 3)
        .join(', ');
  return `Benchmark report: ${what}`;
}

function questionBlocks(doc: ResultDocument, hypothesis: string | undefined): Block[] {
  const bases = doc.benchmarks.filter((b) => b.baseline);
  const questions = bases.map(
    (b) =>
      `Within ${b.group ? `group '${b.group}'` : 'the run'}: is each benchmark ` +
      `faster, slower or no different from the baseline '${b.name}'?`,
  );
  return [
    {
      kind: 'para',
      text: hypothesis
        ? `Hypothesis: ${hypothesis}`
        : 'Hypothesis: none stated ' + '(pass --hypothesis "…" to record one).',
    },
    ...(questions.length
      ? [{ kind: 'list' as const, items: questions }]
      : [{ kind: 'para' as const, text: 'No baseline was marked: the run measures each benchmark on its own.' }]),
  ];
}

function ratioText(r: ComparisonRow, quantity: string): string {
  if (r.ratio === null) return '';
  const ci = r.ciLow !== null && r.ciHigh !== null ? ` [${sig(r.ciLow)}, ${sig(r.ciHigh)}]` : '';
  return `, ${quantity} ratio ${sig(r.ratio)}×${ci}`;
}

/** A simulated run's verdicts compare instruction counts: more and fewer, as its table says. */
const SIMULATED_WORDS: Partial<Record<string, string>> = { slower: 'more instructions', faster: 'fewer instructions' };

function verdictBlocks(doc: ResultDocument, opts: ReviewOptions): Block[] {
  const contenders = doc.benchmarks.filter((b) => !b.baseline && baselineOf(doc, b));
  const out: Block[] = [];
  if (contenders.length === 0) {
    out.push({
      kind: 'para',
      text:
        'No baseline: there is nothing to compare against, so there is no verdict. The ' +
        'results above stand on their own.',
    });
  } else if (!opts.comparisons) {
    out.push({
      kind: 'para',
      text:
        'No verdict: this report was rendered without comparisons, and a report does ' +
        'not decide verdicts itself. Run `cyclebench report` or `cyclebench compare` for ' +
        'faster / slower / no difference / cannot tell / incomparable.',
    });
  } else {
    const simulated = simulatedRun(doc.benchmarks);
    const quantity = simulated ? 'simulated instruction' : 'time';
    const word = (v: string) => (simulated ? SIMULATED_WORDS[v] : undefined) ?? v.replace('-', ' ');
    const items = opts.comparisons.map(
      (r) =>
        `${spacedName(r)} ` +
        `vs ${r.baseline}: ${word(r.verdict)}` +
        // A 'cannot-tell' reason starts with the verdict's words: said once.
        `${ratioText(r, quantity)}${r.reason ? ` (${r.reason.replace(/^cannot tell: /, '')})` : ''}`,
    );
    out.push({
      kind: 'para',
      text:
        `Each contender against its group baseline: ${simulated ? 'more / fewer' : 'faster / slower'} when the CI of the ` +
        `${quantity} ratio excludes 1 and the difference exceeds the noise threshold, and holds after Holm's ` +
        "adjustment over the run's comparisons (else cannot tell, with the reason); no " +
        'difference only when the whole interval lies inside ±threshold; cannot tell when it ' +
        'reaches beyond the threshold without settling it; too few when a side has 1 process (its interval ' +
        'cannot see process-to-process variation, so no verdict); incomparable when an ' +
        'assumption broke.',
    });
    out.push({ kind: 'list', items: items.length ? items : ['no comparisons were produced'] });
  }
  if (opts.hypothesis) {
    out.push({
      kind: 'para',
      text:
        `Against the hypothesis "${opts.hypothesis}": read it against the verdicts and ` +
        `intervals above; the tool does not interpret free-text hypotheses.`,
    });
  }
  return out;
}

/** The file's own assertions (vitest 5's expect), judged on the comparisons as `run` printed them. */
function checkBlocks(doc: ResultDocument): Block[] {
  const checks = doc.checks ?? [];
  if (checks.length === 0) return [];
  const tally = checkTally(checks);
  return [
    { kind: 'heading', text: 'Assertions' },
    {
      kind: 'para',
      text:
        `The assertions the benchmark files made, judged on the comparison of the two benchmarks` +
        `${tally ? ` (${tally})` : ''}; cannot tell fails neither way.`,
    },
    { kind: 'list', items: checks.map(checkLine) },
  ];
}

export function reviewBlocks(doc: ResultDocument, opts: ReviewOptions = {}): Block[] {
  const sweeps = sweepBlocks(doc, opts.complexity ?? false);
  const measuredNames = doc.benchmarks.filter((b) => b.error).map(spacedName);
  const latency = latencyBlocks(doc);
  return [
    { kind: 'title', text: reportTitle(doc) },
    {
      kind: 'para',
      text: `Recorded ${doc.createdAt} by ${doc.tool.name} ${doc.tool.version} (result schema ${doc.schemaVersion}).`,
    },
    { kind: 'heading', text: 'Question' },
    ...questionBlocks(doc, opts.hypothesis),
    { kind: 'heading', text: 'Hardware and system' },
    {
      kind: 'facts',
      header: ['condition', 'value'],
      rows: describeConditions(doc).map((c): [string, string] => [c.label, c.value]),
    },
    { kind: 'heading', text: 'Workload' },
    ...workloadBlocks(doc),
    { kind: 'heading', text: 'Warmup' },
    ...warmupBlocks(doc),
    { kind: 'heading', text: 'Measurement' },
    ...measurementBlocks(doc),
    { kind: 'heading', text: 'Statistic' },
    ...statisticBlocks(doc),
    { kind: 'heading', text: 'Result' },
    ...resultBlocks(doc),
    ...(latency.length ? [{ kind: 'heading' as const, text: 'Latency (per call)' }, ...latency] : []),
    ...profileBlocks(doc),
    ...(measuredNames.length
      ? [{ kind: 'para' as const, text: `Not measured: ${measuredNames.join(', ')} (see caveats).` }]
      : []),
    ...(sweeps.length ? [{ kind: 'heading' as const, text: 'Parameter sweeps' }, ...sweeps] : []),
    { kind: 'heading', text: 'Verdict' },
    ...verdictBlocks(doc, opts),
    ...checkBlocks(doc),
    { kind: 'heading', text: 'Caveats' },
    { kind: 'list', items: caveats(doc).length ? caveats(doc) : ['no warnings or flags were recorded'] },
    { kind: 'para', text: 'Not controlled:' },
    { kind: 'list', items: uncontrolled(doc) },
    { kind: 'heading', text: 'Reproduce' },
    { kind: 'code', text: doc.command.length ? doc.command.map(shellQuote).join(' ') : '(no command recorded)' },
  ];
}

export function renderReview(doc: ResultDocument, opts: ReviewOptions = {}, style: TextStyle = 'text'): string {
  // Plain text goes to terminals: escape what came from outside (names, received documents).
  if (style === 'text') return writeBlocks(reviewBlocks(terminalSafe(doc), terminalSafe(opts)), style);
  return writeBlocks(reviewBlocks(doc, opts), style);
}
