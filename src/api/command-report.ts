// What `cyclebench report` needs from the layers below the API to read and render a paired
// run's file, re-exported so that the CLI imports only the API and the document side
// (docs/architecture.md).

export { isPairedJson, parsePairedDocument } from '../paired/document-schema.js';
export { renderPairedReport } from '../paired/report.js';
