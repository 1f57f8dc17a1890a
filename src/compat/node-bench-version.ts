// Where node:bench files run: Node >= 26.9, the first release with node:bench (node-bench.ts).

/** The line a file importing node:bench fails with on `version` (process.version), or null when it runs. */
export function nodeBenchRefusal(version: string): string | null {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  if (major > 26 || (major === 26 && minor >= 9)) return null;
  return (
    `node:bench files need Node >= 26.9 (this is ${version}): run cyclebench with that Node, ` +
    '`/path/to/node26 node_modules/.bin/cyclebench run FILE`'
  );
}
