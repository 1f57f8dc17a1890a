#!/usr/bin/env node
// npm run lint:native: clang-format (the style in .clang-format) and clang-tidy (the checks in
// .clang-tidy) over native/, with the compile flags binding.gyp gives node-gyp. Both tools come
// from the system (Debian: apt-get install clang-format clang-tidy); .ci/run installs them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function fail(message) {
  console.error(`lint:native: ${message}`);
  process.exit(1);
}

for (const tool of ['clang-format', 'clang-tidy']) {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error) fail(`${tool} not found; install it (Debian/Ubuntu: apt-get install -y clang-format clang-tidy)`);
}

// Node's headers where node-gyp finds them: --nodedir (npm_config_nodedir), the nodedir of the
// last build (build/config.gypi), node-gyp's download cache, or the headers beside this node.
function nodeHeaders() {
  const dirs = [];
  if (process.env.npm_config_nodedir) dirs.push(process.env.npm_config_nodedir);
  if (existsSync('build/config.gypi')) {
    const m = /"nodedir":\s*"([^"]+)"/.exec(readFileSync('build/config.gypi', 'utf8'));
    if (m) dirs.push(m[1]);
  }
  const devDir = process.env.npm_config_devdir ?? join(homedir(), '.cache', 'node-gyp');
  dirs.push(join(devDir, process.versions.node), resolve(dirname(process.execPath), '..'));
  const found = dirs.map((d) => join(d, 'include', 'node')).find((d) => existsSync(join(d, 'node_api.h')));
  if (!found)
    fail(`Node's headers not found (looked in ${dirs.join(', ')}); run npm run build:native, which fetches them`);
  return found;
}

// Arguments name the files to check (npm run lint:native -- native/clock.cc); none: all of native/.
const only = process.argv.slice(2).map((f) => f.replace(/^\.\//, ''));
const files = readdirSync('native')
  .filter((f) => /\.(cc|h)$/.test(f))
  .map((f) => `native/${f}`)
  .filter((f) => only.length === 0 || only.includes(f));
if (files.length === 0) fail(`no file of native/ among ${only.join(', ')}`);
const format = spawnSync('clang-format', ['--dry-run', '--Werror', ...files], { stdio: 'inherit' });
const formatOk = format.status === 0;
if (!formatOk) console.error('lint:native: clang-format: run `clang-format -i native/*.cc native/*.h` to fix');

// Each target's sources with its defines and standard (binding.gyp is plain JSON here).
const gyp = JSON.parse(readFileSync('binding.gyp', 'utf8'));
const addonApi = createRequire(join(root, 'package.json'))('node-addon-api').include_dir;
const headers = nodeHeaders();
const jobs = gyp.targets.flatMap((t) =>
  t.sources
    .filter((f) => only.length === 0 || only.includes(f))
    .map((source) => [
      source,
      '--quiet',
      '--',
      '-x',
      'c++',
      ...(t.cflags_cc ?? []).filter((f) => f.startsWith('-std=')),
      ...(t.defines ?? []).map((d) => `-D${d}`),
      `-I${addonApi}`,
      `-I${headers}`,
    ]),
);

function tidy(args) {
  return new Promise((done) => {
    const child = spawn('clang-tidy', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ file: args[0], code, out }));
  });
}

let tidyOk = true;
const queue = [...jobs];
const workers = Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const r = await tidy(job);
    // clang-tidy prints "N warnings generated." for the suppressed ones in other headers.
    const text = r.out
      .split('\n')
      .filter((l) => !/^\d+ warnings? (and \d+ errors? )?generated\.$/.test(l))
      .join('\n')
      .trim();
    if (r.code !== 0) tidyOk = false;
    if (text) console.log(text);
  }
});
await Promise.all(workers);

const failed = [formatOk ? null : 'clang-format', tidyOk ? null : 'clang-tidy'].filter(Boolean);
if (failed.length) fail(`${failed.join(' and ')} found problems`);
console.log(`lint:native: clang-format and clang-tidy clean (${files.length} files, ${jobs.length} translation units)`);
