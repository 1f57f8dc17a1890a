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
    globalSetup: ['test/helpers/compiled-build.ts', 'test/helpers/scratch-tmp.ts'],
    setupFiles: ['test/helpers/use-compiled.ts'],
    // Three test files at a time on 2 CPUs (vitest's default there is one): a CLI test waits on its
    // child processes, and some wait out a timeout on purpose, so with fewer workers the CPUs sit
    // partly idle (test/README.md, "Keeping the fast tier fast"). As many kept as started: vitest
    // ending an idle worker mid-run is what left a worker running once with four. One option for
    // both tiers (vitest's pool is not per project); the slow tier's script asks for one worker
    // (package.json), as its simulations hold a CPU each.
    maxWorkers: 3,
    minWorkers: 3,
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
