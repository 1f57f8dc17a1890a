#!/usr/bin/env bash
# The libraries that nanoid's and uuid's own benchmark suites import, for the slow tier's
# test/compat/third-party-suites.slow.test.ts: installed from the npm registry into
# .cache/third-party/ (ignored by git) exactly as test/third-party-suites/package-lock.json
# records. They are not the project's dependencies: only those two suites, copied unmodified into
# test/fixtures/third-party/, import them. No install script runs (--ignore-scripts); the one
# native library, @napi-rs/uuid, ships its build as a per-platform optional package.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.cache/third-party
if [ ! -f "$dir/node_modules/uuid/package.json" ] || ! cmp -s test/third-party-suites/package-lock.json "$dir/package-lock.json"; then
  mkdir -p "$dir"
  cp test/third-party-suites/package.json test/third-party-suites/package-lock.json "$dir/"
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi
echo "ci: third-party suites' libraries in $dir: $(cd "$dir" && node -p "Object.keys(require('./package.json').dependencies).join(', ')")"
