// `node --import <this file>`: a worker started from the sources runs under tsx from its first
// module, registered as bin/typescript-loader.js explains (no cache another user could write).
import { registerTypeScript } from './typescript-loader.js';

await registerTypeScript();
