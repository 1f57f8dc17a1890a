// cyclebench's implementation of Node's `node:bench` API (Node >= 26.9; doc/api/bench.md in
// Node's repository): the `node:bench` import of a benchmark file run by `cyclebench run`, mapped
// by resolve-hooks.ts. A file written for node:bench runs where node:bench exists: on an older
// Node it fails to load with one line naming the requirement. The declarations are
// node-bench-declare.ts; `run()`'s stream and the reporters node-bench-reporters.ts; how the
// callbacks are measured src/engine/manual.ts. docs/migration.md lists what maps.
import { bench } from './node-bench-declare.js';
import { nodeBenchRefusal } from './node-bench-version.js';

const refusal = nodeBenchRefusal(process.version);
if (refusal !== null) throw new Error(refusal);

export * from './node-bench-declare.js';
export default bench;
