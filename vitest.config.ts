import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // Child-process tests start real Node processes; the machine has 2 cores and is shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
