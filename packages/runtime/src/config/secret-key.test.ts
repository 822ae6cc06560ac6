import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@condor/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { AesGcmSecretBox } from '../adapters/aes-gcm-secret-box.js';
import { ConfigError, loadConfig } from './load-config.js';
import { buildSecretBox, resolveSecretKey, SECRET_KEY_FILE } from './secret-key.js';

const AAD = 'user-1|api_secret|v1';
const key = (fill: number): string => Buffer.alloc(32, fill).toString('base64');

describe('resolveSecretKey', () => {
  const dirs: string[] = [];
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'condor-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a key once in development, private to the owner, and reuses it on restart', () => {
    const config = loadConfig({ CONDOR_DATA_DIR: join(dataDir(), 'nested') });
    const logger = new RecordingLogger();
    const first = resolveSecretKey(config, logger);
    const second = resolveSecretKey(config, logger);
    expect(first?.current).toHaveLength(32);
    expect(second?.current.equals(first!.current)).toBe(true);
    expect(logger.lines.map((l) => l.event)).toEqual(['secret_key_generated']);
    const file = join(config.dataDir, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first!.current.toString('base64'));
    expect(readdirSync(config.dataDir)).toEqual([SECRET_KEY_FILE]);
  });

  it('has no key in production without CONDOR_SECRET_KEY, says so, and generates none', () => {
    const logger = new RecordingLogger();
    const config = loadConfig({ CONDOR_ENV: 'production', CONDOR_DATA_DIR: dataDir() });
    expect(resolveSecretKey(config, logger)).toBeNull();
    expect(buildSecretBox(config, logger)).toBeNull();
    expect(logger.lines.map((l) => l.event)).toEqual(['secret_key_missing', 'secret_key_missing']);
    expect(readdirSync(config.dataDir)).toEqual([]);
  });

  it('takes CONDOR_SECRET_KEY and the comma-separated previous keys as base64 (standard or url-safe)', () => {
    const urlSafe = Buffer.alloc(32, 0xfb).toString('base64url');
    const config = loadConfig({
      CONDOR_ENV: 'production',
      CONDOR_SECRET_KEY: key(1),
      CONDOR_SECRET_KEY_PREVIOUS: `${key(2)}, ${urlSafe}`,
    });
    const keys = resolveSecretKey(config, new RecordingLogger());
    expect(keys?.current.equals(Buffer.alloc(32, 1))).toBe(true);
    expect(keys?.previous.map((k) => k.toString('hex'))).toEqual([Buffer.alloc(32, 2).toString('hex'), Buffer.alloc(32, 0xfb).toString('hex')]);
  });

  it('refuses a key that is not exactly 32 bytes of base64, naming the variable and never the value', () => {
    const bad = ['short-secret-value', Buffer.alloc(31, 7).toString('base64'), Buffer.alloc(33, 7).toString('base64'), 'ab'.repeat(32), `${key(3)}!`];
    for (const value of bad) {
      const attempt = (): unknown => resolveSecretKey(loadConfig({ CONDOR_SECRET_KEY: value }), new RecordingLogger());
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/^CONDOR_SECRET_KEY must be the base64 of exactly 32 random bytes/);
      expect(attempt).not.toThrow(value);
    }
    const previous = (): unknown =>
      resolveSecretKey(loadConfig({ CONDOR_SECRET_KEY: key(1), CONDOR_SECRET_KEY_PREVIOUS: `${key(2)},secret-old-value` }), new RecordingLogger());
    expect(previous).toThrow(/CONDOR_SECRET_KEY_PREVIOUS \(entry 2 of 2\) must be the base64/);
    expect(previous).not.toThrow('secret-old-value');
  });

  it('refuses a damaged generated key file rather than replacing it (that would orphan every stored secret)', () => {
    const config = loadConfig({ CONDOR_DATA_DIR: dataDir() });
    writeFileSync(join(config.dataDir, SECRET_KEY_FILE), 'garbage\n');
    expect(() => resolveSecretKey(config, new RecordingLogger())).toThrow(/secret\.key must be the base64/);
  });
});

describe('buildSecretBox', () => {
  it('seals with the current key and still opens what a previous key sealed', async () => {
    const before = buildSecretBox(loadConfig({ CONDOR_SECRET_KEY: key(1) }), new RecordingLogger());
    const after = buildSecretBox(loadConfig({ CONDOR_SECRET_KEY: key(2), CONDOR_SECRET_KEY_PREVIOUS: key(1) }), new RecordingLogger());
    expect(before).toBeInstanceOf(AesGcmSecretBox);
    const sealed = await before!.seal('api-secret', AAD);
    expect(await after!.open(sealed, AAD)).toBe('api-secret');
    expect(await before!.open(await after!.seal('api-secret', AAD), AAD)).toBeNull();
  });
});
