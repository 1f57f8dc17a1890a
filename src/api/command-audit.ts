// What `cyclebench audit` needs from src/audit/, re-exported so that the CLI imports only the
// API and the document side (docs/architecture.md).

export { AUDIT_CONFIGS, type AuditRow, DEFAULT_AUDIT_CONFIGS, runAudit, SLOW_PROCESS } from '../audit/audit.js';
export { DEFAULT_AUDIT_FORKS, DEFAULT_AUDIT_TIME_NS } from '../audit/audit.js';
export { loadPlatform } from '../platform/load.js';
export { exitCodeFor, onStopSignals } from '../orchestrator/stop-signals.js';
