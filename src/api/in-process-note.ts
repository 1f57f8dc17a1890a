// The warning an in-process run() puts in its result document, in a module of its own so the
// package entry can export it without loading the in-process run (src/api/index.ts).
export const IN_PROCESS_NOTE =
  'in-process run (forks: 0): between-process variance is not captured; use ' +
  '`cyclebench run FILE` for fresh-process forks';
