// One line naming a call of another tool's API that cyclebench cannot map (docs/migration.md).

export type Tool = 'mitata' | 'tinybench' | 'vitest' | 'benchmark.js' | 'bench-node';

export function unsupported(tool: Tool, call: string, hint?: string): Error {
  return new Error(`${tool}: ${call} is not supported under cyclebench run${hint ? ` (${hint})` : ''}`);
}

/** A function that throws the unsupported line when called (for exports that cannot be mapped). */
export function unsupportedCall(tool: Tool, call: string, hint?: string): (...a: unknown[]) => never {
  return () => {
    throw unsupported(tool, call, hint);
  };
}

/** A benchmark that loads but fails by itself with the line when measured (the file's others still run). */
export function failingBench(error: Error): { setup: () => never; fn: () => void } {
  return {
    setup() {
      throw error;
    },
    fn() {},
  };
}

/** Runs `fn` once when the worker is about to end (after measuring): the tool's tear-down hooks. */
export function atEnd(fn: () => unknown): void {
  process.once('beforeExit', () => void fn());
}
