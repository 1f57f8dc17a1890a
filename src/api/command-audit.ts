// What `cyclebench audit` needs from src/audit/, re-exported so that the CLI imports only the
// API and the document side (docs/architecture.md).

export { AUDIT_CONFIGS, type AuditRow, DEFAULT_AUDIT_CONFIGS, runAudit, SLOW_PROCESS } from '../audit/audit.js';
