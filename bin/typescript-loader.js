// Registers tsx (the TypeScript loader) so that it never reads or writes a cache another user
// could have written. Plain JavaScript: the checkout CLI (bin/cyclebench.js) and a worker started
// from the sources load it before anything TypeScript can run; the compiled worker imports it too
// (src/worker/typescript.ts).
//
// tsx keeps transformed code on disk in `os.tmpdir()/tsx-<euid>`, a name fixed when its modules
// load, creates it with mkdirSync(…, {recursive: true}) and never checks who owns it or its files
// (tsx/dist/index-*.mjs, class FileCache); its IPC client connects to `<that dir>/<ppid>.pipe`
// on load (tsx/dist/client-*.cjs) and sends it the path of every file it loads. Pointed at the
// shared /tmp, another local user who creates /tmp/tsx-0 first gets code run as root.
//
// So tsx's modules load with TMPDIR set to a private directory, `<tmpdir>/cyclebench-tsx-<euid>`,
// created mode 0700 and checked with lstat, itself and every directory above it: a directory,
// not a symbolic link, owned by this user (root or this user for the ones above), and not
// writable by group or others unless sticky (as /tmp is, where nobody can rename another's
// entry). Both tsx's cache and its IPC path then live where no other user can create or replace
// anything. TMPDIR is put back as soon as tsx is registered; its ESM hooks thread keeps the copy
// of the environment it started with.
//
// When the check fails (a TMPDIR another user controls, or a cyclebench-tsx-<euid> that is not
// ours) the cache is off (TSX_DISABLE_CACHE, which tsx reads when its modules load, set here and
// so inherited by every worker) and tsx loads with TMPDIR pointing into /proc/self, where nobody
// can create a file, so its IPC client finds nothing to connect to. A cache is kept rather than
// always off because transforming without it costs each process about 1.5–2.0 s more for a
// checkout worker and 2.4–3.6 s for a .ts benchmark file, under load (docs/guide.md,
// "TypeScript benchmark files").
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A path under /proc/self: nobody, root included, can create a file or directory in it. */
const NOWHERE = '/proc/self/cyclebench-no-tsx-tmpdir';

function uid() {
  return typeof process.geteuid === 'function' ? process.geteuid() : null;
}

/** The reason DIR (a directory this user made or will make) is not safe for user ME, or null. */
export function unsafeDirectory(dir, me) {
  let st;
  try {
    st = lstatSync(dir);
  } catch (e) {
    return `${dir}: ${e.code ?? e.message}`;
  }
  if (st.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!st.isDirectory()) return `${dir} is not a directory`;
  if (st.uid !== me) return `${dir} is owned by uid ${st.uid}`;
  if ((st.mode & 0o077) !== 0) return `${dir} is open to group or others (mode ${(st.mode & 0o777).toString(8)})`;
  return null;
}

/** The reason PARENT and the directories above it let another user replace an entry, or null. */
export function unsafeAncestors(parent, me) {
  let real;
  try {
    real = realpathSync(parent);
  } catch (e) {
    return `${parent}: ${e.code ?? e.message}`;
  }
  for (let d = real; ; d = dirname(d)) {
    const s = lstatSync(d);
    if (s.uid !== 0 && s.uid !== me) return `${d} is owned by uid ${s.uid}`;
    if ((s.mode & 0o022) !== 0 && (s.mode & 0o1000) === 0) return `${d} is writable by group or others`;
    if (dirname(d) === d) return null;
  }
}

/** The checked private directory tsx's temporary files go under, or null when there is none. */
export function privateTsxTmpdir() {
  const me = uid();
  if (me === null) return null;
  const parent = tmpdir();
  // The directories above first: nothing is created in a directory another user controls.
  if (unsafeAncestors(parent, me) !== null) return null;
  const dir = join(parent, `cyclebench-tsx-${me}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch {
    // exists already (checked below) or cannot be made (then the check fails)
  }
  return unsafeDirectory(dir, me) === null ? dir : null;
}

let registered = false;

/** Registers tsx's ESM and CommonJS hooks once (the pair `node --import tsx` installs). */
export async function registerTypeScript() {
  if (registered) return;
  registered = true;
  const dir = privateTsxTmpdir();
  if (dir === null) process.env.TSX_DISABLE_CACHE = '1';
  const had = Object.hasOwn(process.env, 'TMPDIR');
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir ?? NOWHERE;
  try {
    const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
    esm.register();
    cjs.register();
  } finally {
    if (had) process.env.TMPDIR = before;
    else delete process.env.TMPDIR;
  }
}
