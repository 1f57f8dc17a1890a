import { configDefaults, defineConfig } from 'vitest/config';

// Two tiers (test/README.md): a file named *.slow.test.ts — long seeded simulations, real
// Valgrind, headless Chromium — runs in the `slow` project (npm run test:slow); every other test
// file runs in the `fast` project, which is what `npm test` runs.
const SLOW = '**/*.slow.test.ts';

export default defineConfig({
  test: {
    // Child-process tests start real Node processes; the machine has 2 cores and is shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [...configDefaults.exclude, SLOW],
        },
      },
      {
        extends: true,
        test: { name: 'slow', include: [`test/${SLOW}`] },
      },
    ],
  },
});
