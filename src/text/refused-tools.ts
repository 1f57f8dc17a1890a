// Benchmark files written for tools whose APIs cyclebench does not map (benchmark.js,
// bench-node). In the benchmark worker, `require`/`import` of such a package from the user's
// file fails at module resolution (src/compat/resolve-hooks.ts, require-hook.ts), before the file's next
// statement runs, so the tool's own measurement loop never starts. The orchestrator recognises
// the line in the worker's load error and stops the run with it (src/orchestrator/suite.ts).

/** Package name → the tool's name as its users know it. */
export const REFUSED_PACKAGES: Readonly<Record<string, string>> = {
  benchmark: 'benchmark.js',
  'bench-node': 'bench-node',
};

const GUIDE = 'docs/migration.md';

/** The one line: reason first (which tool, that it does not run), then where to read how to port. */
export function refusalLine(tool: string): string {
  return `a ${tool} suite, which cyclebench does not run: port it as ${GUIDE} shows`;
}

const LINE = new RegExp(`a (${Object.values(REFUSED_PACKAGES).join('|').replace('.', '\\.')}) suite, which .*? shows`);

/** The refusal line inside a load error's text, or null when the error is another one. */
export function refusalIn(text: string): string | null {
  return LINE.exec(text)?.[0] ?? null;
}
