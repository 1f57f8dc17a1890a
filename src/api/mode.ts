// The global mode marker. When the CLI or a worker imports a benchmark file it sets
// `globalThis[Symbol.for('cyclebench.mode')] = 'collect'`; the file's `await run()`
// then returns an empty result instead of measuring. Symbol.for() makes the marker
// shared even if two copies of cyclebench are loaded (e.g. dist/ and src/).

export const MODE_KEY = Symbol.for('cyclebench.mode');

export type Mode = 'collect' | 'run';

export function currentMode(): Mode {
  return (globalThis as Record<symbol, unknown>)[MODE_KEY] === 'collect' ? 'collect' : 'run';
}

export function setMode(mode: Mode): void {
  (globalThis as Record<symbol, unknown>)[MODE_KEY] = mode;
}
