// Benchmark files written for tools whose APIs cyclebench maps only in part (benchmark.js,
// bench-node: src/compat/benchmarkjs.ts, bench-node.ts). A file using what is not mapped fails
// its load with this line, while it registers benchmarks, before the tool's own measurement
// loop could start. The orchestrator recognises the line in the worker's load error and stops
// the run with it (src/orchestrator/suite.ts). REFUSED_PACKAGES lists packages whose import
// from the user's file fails at module resolution with the line (src/compat/resolve-hooks.ts,
// require-hook.ts); none is refused whole.

/** Package name → the tool's name as its users know it (for packages refused at their import). */
export const REFUSED_PACKAGES: Readonly<Record<string, string>> = {};

/** The tools whose files can be refused with the line. */
const TOOLS = ['benchmark.js', 'bench-node'];

const GUIDE = 'docs/migration.md';

/**
 * The one line: reason first (which tool, what of it, that it does not run), then where to read
 * how to port.
 */
export function refusalLine(tool: string, what?: string): string {
  return `a ${tool} suite${what ? ` (${what})` : ''}, which cyclebench does not run: port it as ${GUIDE} shows`;
}

const LINE = new RegExp(`a (${TOOLS.join('|').replace('.', '\\.')}) suite.*?, which cyclebench .*? shows`);

/** The refusal line inside a load error's text, or null when the error is another one. */
export function refusalIn(text: string): string | null {
  return LINE.exec(text)?.[0] ?? null;
}
