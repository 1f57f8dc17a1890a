// Imported first by the worker's entry (main.ts), so that it runs before the rest of the worker's
// modules are evaluated: the worker is tied to the orchestrator's life (ipc/parent-guard.ts) as early as
// it can be. A worker started ahead of its turn can be stopped (SIGSTOP) while another measures; a
// stopped worker cannot notice that its orchestrator has gone, but the kernel's parent-death signal,
// once set, ends it even when stopped.
import { dieWithParent } from '../ipc/parent-guard.js';

if (typeof process.send === 'function') dieWithParent();
