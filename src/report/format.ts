// The reporters' number formatting lives in src/text/format.ts (shared with compare/, stat/ and the CLI).
export * from '../text/format.js';
