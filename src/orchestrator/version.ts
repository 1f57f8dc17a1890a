import { readFileSync } from 'node:fs';

/** The package version, read from package.json (two levels above src/ and dist/ files). */
export function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
