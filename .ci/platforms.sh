#!/usr/bin/env bash
# Every Node and platform besides the machine's own (docs/node-versions.md): the test subset and
# the example suite on Node 22, 24 and 26 (.ci/node-matrix.sh), then linux-arm64 cross-built and
# run under qemu (.ci/arm64.sh). Downloads and builds are cached in .cache/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
bash .ci/node-matrix.sh
t1=$SECONDS
bash .ci/arm64.sh
echo "ci: platforms: Node 22/24/26 took $((t1 - t0)) s, linux-arm64 $((SECONDS - t1)) s"
