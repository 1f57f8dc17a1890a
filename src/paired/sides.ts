// The two sides of a paired run: which tree, which Node binary and which extra Node/V8 flags
// each side's workers run with. A side that is not a tree is the same files run by another
// `node` (`--against-node`, `--node`) or with flags added to the worker's command line
// (`--against-flags`, `--flags`). Each binary is asked for its version before anything is
// measured, with the side's flags, so a path that is not Node or a flag Node refuses is one line
// (SideError) and no worker is started. The worker speaks to the orchestrator over IPC with the
// 'advanced' (V8 serializer) encoding, which a newer V8 writes in a form an older one reads.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NodeLaunch } from '../orchestrator/worker-process.js';
import { parse as parseShell } from 'shell-quote';

export class SideError extends Error {
  override name = 'SideError';
}

/** What a user names for the sides (CLI options or library fields). */
export interface SideSpec {
  /** This side's Node binary (default: the Node running cyclebench). */
  node?: string;
  /** This side's extra flags. */
  flags?: string[];
  /** The other side's tree: a directory or a git ref (default: this tree). */
  against?: string;
  againstNode?: string;
  againstFlags?: string[];
}

/** One side as recorded in the paired document. */
export interface SideRecord {
  /** The name the reports give it. */
  label: string;
  /** The tree its files come from: 'this tree', or the --against label. */
  tree: string;
  node: { path: string; version: string; v8: string };
  /** Flags given before the worker's own (--expose-gc, the entry), in order. */
  flags: string[];
}

export interface PairedSides {
  current: SideRecord;
  against: SideRecord;
}

/** Node's options that replace the script it runs, or print and exit: a worker could not start under them. */
const REPLACES_SCRIPT = new Set([
  '-e',
  '--eval',
  '-p',
  '--print',
  '-c',
  '--check',
  '-i',
  '--interactive',
  '--test',
  '--watch',
  '--watch-path',
  '--run',
  '-v',
  '--version',
  '-h',
  '--help',
  '--v8-options',
  '--completion-bash',
  '--prof-process',
  '--build-snapshot',
]);

/** Node 20.6 is the oldest the worker runs on (package.json engines). */
const OLDEST = [20, 6] as const;
const PROBE_TIMEOUT_MS = 30_000;

/**
 * "--max-semi-space-size=64 --jitless" → its flags; every word must be an option, a value written
 * with '='. Words split as a POSIX shell splits them (shell-quote), so a value with a space is
 * quoted: `--flags='--title="two words"'`. Nothing is expanded: `$X` stays `$X`, and a shell
 * operator or glob (`|`, `;`, `*`) is refused, since no shell ever sees these words.
 */
export function splitFlags(option: string, text: string): string[] {
  const words = parseShell(text, (name) => `$${name}`);
  const flags: string[] = [];
  for (const w of words) {
    if (typeof w !== 'string') {
      const shown = 'op' in w && w.op === 'glob' ? w.pattern : 'op' in w ? w.op : '#';
      throw new SideError(`${option}: '${shown}' is shell syntax; a side's flags are passed to Node as they are`);
    }
    if (w !== '') flags.push(w);
  }
  if (flags.length === 0) throw new SideError(`${option} is empty`);
  for (const f of flags) {
    if (!f.startsWith('-'))
      throw new SideError(`${option}: '${f}' is not a flag (write a flag's value with '=', e.g. --stack-size=2000)`);
    if (REPLACES_SCRIPT.has(f.split('=')[0]!))
      throw new SideError(`${option}: ${f} would replace the benchmark worker; it cannot be a side's flag`);
  }
  return flags;
}

export interface Probe {
  path: string;
  version: string;
  v8: string;
}

const SOURCE = 'JSON.stringify(["cyclebench-probe", process.version, process.versions.v8, process.execPath])';

type Answer = { ok: Probe } | { cannot: string } | { refused: string };

/** Runs `path FLAGS -p SOURCE`: its version, or why it cannot be run, or its first line of refusal. */
function ask(path: string, flags: string[]): Answer {
  let out: string;
  try {
    out = execFileSync(path, [...flags, '-p', SOURCE], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: PROBE_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string; signal?: string | null };
    if (err.code === 'ENOENT') return { cannot: 'no such file' };
    if (err.code === 'EACCES') return { cannot: 'not an executable file' };
    if (err.code === 'ETIMEDOUT' || err.signal === 'SIGKILL')
      return { cannot: `did not answer \`-p process.version\` within ${PROBE_TIMEOUT_MS / 1000} s` };
    return {
      refused:
        String(err.stderr ?? '')
          .trim()
          .split('\n')[0] ?? '',
    };
  }
  try {
    const [tag, version, v8, execPath] = JSON.parse(out) as unknown[];
    if (tag === 'cyclebench-probe' && typeof version === 'string' && typeof v8 === 'string')
      return { ok: { path: typeof execPath === 'string' ? execPath : path, version, v8 } };
  } catch {
    // not the probe's JSON: not Node
  }
  return { refused: '' };
}

/**
 * Asks the binary at `path` (resolved from `cwd` when it names a directory part, else looked up
 * on PATH) for its version, running it with `flags` as the worker will: one SideError line when
 * it cannot be run, is not a Node binary, is older than the worker needs, or refuses a flag.
 */
export function probeNode(option: string, path: string, flags: string[], cwd: string): Probe {
  const full = path.includes('/') ? resolve(cwd, path) : path;
  const named = (why: string) => new SideError(`${option} ${path}: ${why}`);
  if (full.includes('/') && existsSync(full) && statSync(full).isDirectory())
    throw named(`a directory; name the node binary (an unpacked Node build has it at bin/node)`);
  const answer = ask(full, flags);
  if ('cannot' in answer) throw named(answer.cannot);
  if ('refused' in answer) {
    const plain = flags.length ? ask(full, []) : answer;
    if ('ok' in plain)
      throw new SideError(
        `Node ${plain.ok.version} (${path}) refuses the flags ${flags.join(' ')}` +
          (answer.refused ? `: ${answer.refused}` : ''),
      );
    throw named(`not a Node.js binary (\`-p process.version\` did not print a Node version)`);
  }
  const probe = answer.ok;
  const [major, minor] = probe.version.slice(1).split('.').map(Number) as [number, number];
  if (major < OLDEST[0] || (major === OLDEST[0] && minor < OLDEST[1]))
    throw named(`Node ${probe.version} is older than ${OLDEST.join('.')}, the oldest the worker runs on`);
  return probe;
}

/** A Node binary and flags for worker processes, checked: the binary's version, or a SideError naming the option. */
export interface ResolvedLaunch {
  probe: Probe;
  flags: string[];
}

/**
 * The Node binary (default: the one running cyclebench) and extra flags (each text split into words
 * as a shell would, without expansion) the workers of a run or of one side are started with. The
 * binary is run once with the flags, so a missing binary or a flag it refuses is said before anything
 * is measured.
 */
export function resolveLaunch(
  node: string | undefined,
  given: string[] | undefined,
  cwd: string,
  option = '--node',
  flagOption = '--flags',
): ResolvedLaunch {
  const flags = (given ?? []).flatMap((f) => splitFlags(flagOption, f));
  // The Node running cyclebench needs asking only whether it takes the flags.
  const probe =
    node === undefined && flags.length === 0
      ? { path: process.execPath, version: process.version, v8: process.versions.v8 }
      : probeNode(node === undefined ? 'node' : option, node ?? process.execPath, flags, cwd);
  return { probe, flags };
}

/** Is this a paired run, and what must a side be told apart by? */
export function isPaired(spec: SideSpec): boolean {
  return spec.against !== undefined || spec.againstNode !== undefined || spec.againstFlags !== undefined;
}

/**
 * Both sides, their binaries asked for their versions (probeNode). `treeLabel` is the other
 * tree's label when --against names one. Labels name what differs: the tree when there are two,
 * each side's Node version when a binary was named, each side's flags when flags were given.
 */
export function resolveSides(
  spec: SideSpec,
  cwd: string,
  treeLabel?: string,
): { sides: PairedSides; launch: { current: NodeLaunch; against: NodeLaunch } } {
  const cur = resolveLaunch(spec.node, spec.flags, cwd);
  const oth = resolveLaunch(spec.againstNode, spec.againstFlags, cwd, '--against-node', '--against-flags');
  const byNode = spec.node !== undefined || spec.againstNode !== undefined;
  const byFlags = spec.flags !== undefined || spec.againstFlags !== undefined;
  const label = (tree: string | undefined, s: ResolvedLaunch) => {
    const parts = [
      ...(tree !== undefined ? [tree] : []),
      ...(byNode ? [`node ${s.probe.version}`] : []),
      ...(byFlags ? [s.flags.length ? s.flags.join(' ') : 'no extra flags'] : []),
    ];
    return parts.join(', ');
  };
  const record = (tree: string, treeShown: string | undefined, s: ResolvedLaunch): SideRecord => ({
    label: label(treeShown, s),
    tree,
    node: { path: s.probe.path, version: s.probe.version, v8: s.probe.v8 },
    flags: s.flags,
  });
  const twoTrees = treeLabel !== undefined;
  return {
    sides: {
      current: record('this tree', twoTrees ? 'this tree' : undefined, cur),
      against: record(treeLabel ?? 'this tree', treeLabel, oth),
    },
    launch: {
      current: { execPath: cur.probe.path, flags: cur.flags },
      against: { execPath: oth.probe.path, flags: oth.flags },
    },
  };
}
