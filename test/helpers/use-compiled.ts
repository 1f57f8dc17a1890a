// vitest's setupFiles: every child process a test starts (the CLI through bin/cyclebench.js, and
// the workers the orchestrator starts, src/orchestrator/worker-process.ts) runs the compiled build
// in dist/ (kept current by test/helpers/compiled-build.ts) instead of passing every module of the
// sources through the TypeScript loader: about 0.5 s of CPU less per process. A test that checks
// the sources' own start-up (the TypeScript loader's cache and IPC) sets CYCLEBENCH_USE_DIST=0
// for its children.
process.env.CYCLEBENCH_USE_DIST ??= '1';
