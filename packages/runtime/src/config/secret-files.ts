import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.js';

/**
 * The settings that hold secrets. Each may instead be given as `<NAME>_FILE`, the path of a file holding the value,
 * as systemd credentials (`LoadCredential=`), Docker and Kubernetes secrets are handed to a process.
 */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'CONDOR_SIGNING_KEY',
  'CONDOR_SECRET_KEY',
  'CONDOR_SECRET_KEY_PREVIOUS',
  'CONDOR_API_KEY',
  'CONDOR_MCP_TOKEN',
  'CONDOR_ALPACA_DATA_KEY_ID',
  'CONDOR_ALPACA_DATA_SECRET_KEY',
  'CONDOR_TASTYTRADE_CLIENT_SECRET',
  'CONDOR_TASTYTRADE_REFRESH_TOKEN',
  'CONDOR_VAPID_PRIVATE_KEY',
  'CONDOR_SMTP_URL',
  'CONDOR_SCHWAB_APP_SECRET',
] as const;

/**
 * `env` with every `<NAME>_FILE` of a secret setting replaced by `<NAME>` holding the file's text (one trailing line
 * break dropped, as `echo` and editors add one). Setting both, an empty path or a file that cannot be read stops the
 * start with a ConfigError naming the variable and the path, never the contents.
 *
 * @example withSecretFiles({ CONDOR_SECRET_KEY_FILE: '/run/credentials/condor@8787.service/secret-key' })
 */
export function withSecretFiles(env: NodeJS.ProcessEnv, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): NodeJS.ProcessEnv {
  const fileVariables = new Set<string>(SECRET_SETTINGS.map((name) => `${name}_FILE`));
  const resolved: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !fileVariables.has(name)));
  for (const name of SECRET_SETTINGS) {
    const path = env[`${name}_FILE`];
    if (path === undefined) continue;
    if (env[name] !== undefined) throw new ConfigError(`Set ${name} or ${name}_FILE, not both.`);
    if (path.trim() === '') throw new ConfigError(`${name}_FILE is empty; name the file that holds ${name}.`);
    try {
      resolved[name] = read(path.trim()).replace(/\r?\n$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`${name}_FILE names ${path.trim()}, which cannot be read (${reason}).`);
    }
  }
  return resolved;
}
