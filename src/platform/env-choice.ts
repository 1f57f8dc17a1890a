// CYCLEBENCH_PLATFORM: js forces the pure-JS platform; unset, empty or native means the
// addon. Kept apart from load.ts so the CLI can check it without loading any platform.

export const PLATFORM_ENV = 'CYCLEBENCH_PLATFORM';

/** One line when CYCLEBENCH_PLATFORM holds a value other than js or native, else null. */
export function platformEnvProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env[PLATFORM_ENV];
  if (v === undefined || v === '' || v === 'js' || v === 'native') return null;
  return `${PLATFORM_ENV}=${JSON.stringify(v)} is not a platform: use js or native (or leave it unset)`;
}
