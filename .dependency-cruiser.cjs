// The import rules of src/ (the layer picture in docs/architecture.md): no file-level cycle, and no
// import from a lower layer to a higher one. Run by `npm run deps` (part of `npm test`).
//
// Layers, top to bottom: entry points (src/cli/, src/index.ts, src/require.cts, the worker process's
// src/worker/main.ts, the audit's own benchmark file) → api (and compat/, other tools' APIs;
// paired/, runs against another tree) →
// orchestrator, worker, stat, audit → engine → platform. Beside them, usable from every layer:
// report → compare → analysis → statistics, with results/, env/ and text/ below.
const ENTRY = '^src/(cli/|index\\.ts$|require\\.cts$|worker/main\\.ts$|audit-bench/)';
const API = '^src/(api|compat|paired)/';
const RUNNERS = '^src/(orchestrator|worker|stat|audit)/';
const BESIDE = '^src/(report|compare|analysis|statistics|results|env|text)/';

const forbidden = [
  { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  { name: 'entry-points-are-on-top', severity: 'error', from: { pathNot: ENTRY }, to: { path: ENTRY } },
  { name: 'api-below-entry-points', severity: 'error', from: { pathNot: `${ENTRY}|${API}` }, to: { path: API } },
  {
    name: 'runners-below-api',
    severity: 'error',
    from: { path: `^src/(engine|platform)/|${BESIDE}` },
    to: { path: RUNNERS },
  },
  {
    name: 'engine-below-runners',
    severity: 'error',
    from: { path: `^src/platform/|${BESIDE}` },
    to: { path: '^src/engine/' },
  },
  {
    name: 'worker-protocol-is-data',
    comment: 'the orchestrator and the worker share it; it names only types of the layers below',
    severity: 'error',
    from: { path: '^src/ipc/' },
    to: { path: `${API}|^src/orchestrator/` },
  },
  {
    name: 'platform-is-the-ground',
    severity: 'error',
    from: { path: '^src/platform/' },
    to: { path: '^src/(?!platform/)' },
  },
  {
    name: 'report-beside',
    severity: 'error',
    from: { path: '^src/(compare|analysis|statistics|results|env|text)/' },
    to: { path: '^src/report/' },
  },
  {
    name: 'compare-beside',
    severity: 'error',
    from: { path: '^src/(analysis|statistics|results|env|text)/' },
    to: { path: '^src/compare/' },
  },
  {
    name: 'analysis-beside',
    comment: 'results/read.ts upgrades an older document, deriving what it lacks as the analysis does',
    severity: 'error',
    from: { path: '^src/(statistics|results|env|text)/', pathNot: '^src/results/read\\.ts$' },
    to: { path: '^src/analysis/' },
  },
  {
    name: 'statistics-beside',
    severity: 'error',
    from: { path: '^src/(results|env|text)/' },
    to: { path: '^src/statistics/' },
  },
  { name: 'text-is-a-leaf', severity: 'error', from: { path: '^src/text/' }, to: { path: '^src/(?!text/)' } },
];

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
