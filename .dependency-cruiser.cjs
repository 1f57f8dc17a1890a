// The import rules of src/, one place for every folder (the picture in docs/architecture.md).
// Run by `npm run deps` (part of `npm test`); a folder of src/ that is in none of the lists below
// fails it, so a new folder has to be placed.
//
// - Entry points are imported by nothing but entry points.
// - The stack, top to bottom: a folder imports only folders lower in the stack, the document side
//   and the ground.
// - The document side, top to bottom: a folder imports only folders lower in the column and the
//   ground, never the stack.
// - The ground imports nothing of cyclebench's.
// Folders on one line of a list do not import each other.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const ENTRY = ['cli', 'worker', 'audit-bench', 'index.ts', 'require.cts'];
const STACK = [['compat'], ['api'], ['paired', 'audit'], ['orchestrator'], ['simulation', 'ipc'], ['engine']];
const DOCUMENT = [
  ['report'],
  ['export'],
  ['compare', 'stat'],
  ['analysis'],
  ['statistics'],
  ['env'],
  ['results'],
  ['profile'],
];
const GROUND = ['platform', 'text', 'defaults.ts'];

// The one import against the columns: reading an older result file derives what it lacks
// (findings, node-bench documents) as the analysis does.
const EXCEPTIONS = [{ from: '^src/results/read\\.ts$', to: 'analysis' }];

/** A path pattern matching the given folders (`name/`) and root files (`name.ts`). */
const paths = (names) =>
  `^src/(${names.map((n) => (/\.c?ts$/.test(n) ? `${n.replace(/\./g, '\\.')}$` : `${n}/`)).join('|')})`;

const placed = [...ENTRY, ...STACK.flat(), ...DOCUMENT.flat(), ...GROUND];
const unplaced = readdirSync(join(__dirname, 'src')).filter((n) => !placed.includes(n));
if (unplaced.length > 0) throw new Error(`.dependency-cruiser.cjs: place ${unplaced.join(', ')} in the layers`);

const forbidden = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  {
    name: 'entry-points-are-on-top',
    severity: 'error',
    from: { pathNot: paths(ENTRY) },
    to: { path: paths(ENTRY) },
  },
  {
    name: 'cli-over-the-api',
    comment: 'the CLI reaches the stack only through api/ (src/api/command-*.ts)',
    severity: 'error',
    from: { path: paths(['cli']) },
    to: { path: paths([...STACK.flat().filter((n) => n !== 'api'), 'stat', 'platform']) },
  },
  {
    name: 'measurement-never-formats',
    severity: 'error',
    from: { path: paths(['engine', 'simulation', 'ipc']) },
    to: { path: paths(['report', 'export', 'compare', 'stat']) },
  },
];

function levelRules(column, alsoForbidden) {
  column.forEach((line, i) => {
    const above = column.slice(0, i + 1).flat();
    for (const folder of line) {
      const own = EXCEPTIONS.filter((e) => e.from.startsWith(`^src/${folder}/`));
      const targets = [...above.filter((n) => n !== folder), ...alsoForbidden];
      const always = targets.filter((t) => !own.some((e) => e.to === t));
      if (always.length > 0)
        forbidden.push({
          name: `${folder}-imports-only-below`,
          severity: 'error',
          from: { path: paths([folder]) },
          to: { path: paths(always) },
        });
      for (const e of own.filter((x) => targets.includes(x.to)))
        forbidden.push({
          name: `${folder}-imports-only-below`,
          comment: `one file may: ${e.from}`,
          severity: 'error',
          from: { path: paths([folder]), pathNot: e.from },
          to: { path: paths([e.to]) },
        });
    }
  });
}
levelRules(STACK, []);
levelRules(DOCUMENT, STACK.flat());
for (const name of GROUND)
  forbidden.push({
    name: `${name}-is-the-ground`,
    severity: 'error',
    from: { path: paths([name]) },
    to: { path: '^src/', pathNot: paths([name]) },
  });

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
  },
};
