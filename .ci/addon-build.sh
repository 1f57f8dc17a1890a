#!/usr/bin/env bash
# Sourced by the .ci scripts. build_addon NAME NODEDIR [ARCH] builds the addon and the
# cyclebench-child helper in .cache/addon/NAME (a copy of binding.gyp and native/, so the
# checkout's own build/ is never touched) against the headers in NODEDIR/include/node, and
# prints the Release directory. ARCH arm64 cross-compiles with Debian's aarch64-linux-gnu
# toolchain (g++-aarch64-linux-gnu). A build whose sources have not changed is reused.
build_addon() {
  local name=$1 nodedir=$2 arch=${3:-x64} root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  local dir="$root/.cache/addon/$name"
  local stamp
  stamp=$(cat "$root/binding.gyp" "$root"/native/* | sha1sum | cut -c1-40)
  if [ -f "$dir/build/Release/cyclebench.node" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$dir/build/Release"
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -r "$root/binding.gyp" "$root/native" "$dir/"
  ln -s "$root/node_modules" "$dir/node_modules"
  local -a cross=()
  if [ "$arch" = arm64 ]; then
    cross=(CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ LINK=aarch64-linux-gnu-g++ AR=aarch64-linux-gnu-ar
      CC_host=gcc CXX_host=g++ LINK_host=g++)
  fi
  if ! (cd "$dir" && env "${cross[@]}" "$root/node_modules/.bin/node-gyp" rebuild --jobs 2 --arch="$arch" \
    --nodedir="$nodedir" >"$dir/build.log" 2>&1); then
    echo "ci: the addon build $name failed; the end of $dir/build.log:" >&2
    tail -n 30 "$dir/build.log" >&2
    return 1
  fi
  echo "$stamp" >"$dir/stamp"
  echo "$dir/build/Release"
}
