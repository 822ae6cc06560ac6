import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/** A file of the documented deployment (`deploy/…`), as committed. */
export const deployFile = (path: string): string => readFileSync(resolve(REPO_ROOT, 'deploy', path), 'utf8');

/**
 * `text` with each literal of `swaps` replaced everywhere, in order. A literal that is not there throws: the test
 * must not silently run something other than what the documentation shows once someone edits the file.
 */
export function swapLiterals(text: string, swaps: readonly (readonly [string, string])[]): string {
  return swaps.reduce((swapped, [from, to]) => {
    if (!swapped.includes(from)) throw new Error(`the deployment file no longer contains ${JSON.stringify(from)}`);
    return swapped.split(from).join(to);
  }, text);
}

/** `NAME=value` lines as systemd's EnvironmentFile= reads them (comments and blank lines skipped, no quoting used). */
export const parseEnvFile = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** What a systemd unit's [Service] section tells the process: the directives this test acts out, each in file order. */
export interface ServiceUnit {
  readonly workingDirectory: string;
  readonly environmentFile: string;
  /** Environment= assignments (space-separated, unquoted), specifiers left for the caller to fill in. */
  readonly environment: Record<string, string>;
  /** LoadCredential=name:path pairs. */
  readonly credentials: readonly { readonly name: string; readonly path: string }[];
  readonly execStart: readonly string[];
}

export function parseServiceUnit(text: string): ServiceUnit {
  const lines = text.split('\n').filter((line) => /^[A-Za-z]+=/.test(line));
  const values = (key: string): string[] => lines.filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1).trim());
  const one = (key: string): string => {
    const [value, ...more] = values(key);
    if (value === undefined || more.length > 0) throw new Error(`the unit must have exactly one ${key}=`);
    return value;
  };
  const environment = Object.fromEntries(
    values('Environment').flatMap((line) => line.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
  );
  const credentials = values('LoadCredential').map((value) => ({ name: value.slice(0, value.indexOf(':')), path: value.slice(value.indexOf(':') + 1) }));
  return { workingDirectory: one('WorkingDirectory'), environmentFile: one('EnvironmentFile'), environment, credentials, execStart: one('ExecStart').split(/\s+/) };
}
