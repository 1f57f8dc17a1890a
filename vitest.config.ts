import { configDefaults, defineConfig } from 'vitest/config';

// Two tiers (test/README.md): a file named *.slow.test.ts — long seeded simulations, real
// Valgrind, headless Chromium — runs in the `slow` project (npm run test:slow); every other test
// file runs in the `fast` project, which is what `npm test` runs.
const SLOW = '**/*.slow.test.ts';

export default defineConfig({
  test: {
    // Child-process tests start real Node processes and await them (test/helpers/cli-process.ts);
    // on a shared 2-core machine at load 15 one CLI run can take minutes. A hung child is killed
    // by its own timeout there, so this bound only has to exceed that.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Child processes run the compiled build, kept current by the global setup (test/README.md).
    globalSetup: ['test/helpers/compiled-build.ts'],
    setupFiles: ['test/helpers/use-compiled.ts'],
    // Two test files at a time (vitest's default on a 2-CPU machine is one): a CLI test spends most
    // of its time waiting on its child processes, whose start-up and measurement leave the second
    // CPU idle otherwise. One option for both tiers (vitest's pool is not per project); the slow
    // tier's script asks for one worker (package.json), as its simulations hold a CPU each.
    maxWorkers: 2,
    minWorkers: 1,
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
