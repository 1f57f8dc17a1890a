#!/usr/bin/env bash
# vitest 5 for the slow tier's vitest 5 tests (test/compat/vitest5.slow.test.ts): installed from
# the npm registry into .cache/vitest5/ (ignored by git) exactly as test/vitest5-project's
# package-lock.json records. The project's own test runner stays vitest 3 (package.json); vitest 5
# cannot sit beside it in the project's node_modules (their optional peers, @vitest/ui and
# @vitest/browser, pin different versions). vitest 5 needs Node >= 22.12: .ci/test-nodes.sh
# fetches the Node 24 the tests run it on. No install script runs (--ignore-scripts).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.cache/vitest5
if [ ! -f "$dir/node_modules/vitest/package.json" ] || ! cmp -s test/vitest5-project/package-lock.json "$dir/package-lock.json"; then
  mkdir -p "$dir"
  cp test/vitest5-project/package.json test/vitest5-project/package-lock.json "$dir/"
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi
echo "ci: vitest $(node -p "require('./$dir/node_modules/vitest/package.json').version") in $dir"
