import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';
import { SECRET_SETTINGS, withSecretFiles } from './secret-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file holding `text` in a fresh folder; its path. */
function secretFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'condor-secret-'));
  dirs.push(dir);
  const path = join(dir, 'secret');
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}

describe('secrets from files (<NAME>_FILE)', () => {
  it('reads each secret setting from the file its _FILE names, one trailing line break dropped', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      CONDOR_SECRET_KEY_FILE: secretFile(`${key}\n`),
      CONDOR_SIGNING_KEY_FILE: secretFile('ab'.repeat(32)),
      DATABASE_URL_FILE: secretFile('postgres://condor:pa ss@db.internal:5432/condor\r\n'),
      CONDOR_SECRET_KEY_PREVIOUS_FILE: secretFile('old-1,old-2\n'),
    });
    expect(config.secretKey).toBe(key);
    expect(config.signingKey).toBe('ab'.repeat(32));
    expect(config.databaseUrl).toBe('postgres://condor:pa ss@db.internal:5432/condor');
    expect(config.previousSecretKeys).toEqual(['old-1', 'old-2']);
  });

  it('covers every secret setting, and no other variable', () => {
    const env = Object.fromEntries(SECRET_SETTINGS.map((name) => [`${name}_FILE`, secretFile(`${name} value\n`)]));
    const resolved = withSecretFiles({ ...env, PORT_FILE: '/nonexistent', HOST: '0.0.0.0' });
    for (const name of SECRET_SETTINGS) {
      expect(resolved[name]).toBe(`${name} value`);
      expect(resolved).not.toHaveProperty(`${name}_FILE`);
    }
    expect(resolved).toMatchObject({ PORT_FILE: '/nonexistent', HOST: '0.0.0.0' });
    expect(resolved).not.toHaveProperty('PORT');
  });

  it('stops on both forms, an empty path or an unreadable file, naming the variable and path, never the contents', () => {
    const path = secretFile('the-secret-value');
    expect(() => loadConfig({ CONDOR_SECRET_KEY: 'x', CONDOR_SECRET_KEY_FILE: path })).toThrow('Set CONDOR_SECRET_KEY or CONDOR_SECRET_KEY_FILE, not both.');
    expect(() => loadConfig({ CONDOR_SIGNING_KEY_FILE: ' ' })).toThrow(/CONDOR_SIGNING_KEY_FILE is empty/);
    const missing = join(tmpdir(), 'condor-no-such-secret');
    expect(() => loadConfig({ DATABASE_URL_FILE: missing })).toThrow(`DATABASE_URL_FILE names ${missing}, which cannot be read (ENOENT).`);
    expect(() => loadConfig({ DATABASE_URL_FILE: missing })).toThrow(ConfigError);
    if (process.getuid?.() !== 0) {
      chmodSync(path, 0o000);
      expect(() => loadConfig({ CONDOR_SECRET_KEY_FILE: path })).toThrow(/cannot be read \(EACCES\)/);
    }
  });

  it('leaves a value read from a file to the same checks as one set directly', () => {
    expect(() => loadConfig({ CONDOR_API_KEY_FILE: secretFile('not-a-key\n') })).toThrow(/CONDOR_API_KEY must be an API key/);
    expect(() => loadConfig({ CONDOR_API_KEY_FILE: secretFile('not-a-key\n') })).not.toThrow(/not-a-key/);
  });
});
