import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingLogger } from '@condor/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';
import { resolveSigningKey, SIGNING_KEY_FILE } from './signing-key.js';

describe('resolveSigningKey', () => {
  const dirs: string[] = [];
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'condor-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a key once in development, private to the owner, and reuses it', () => {
    const config = loadConfig({ CONDOR_DATA_DIR: dataDir() });
    const first = resolveSigningKey(config, new RecordingLogger());
    const second = resolveSigningKey(config, new RecordingLogger());
    expect(first?.length).toBe(32);
    expect(second?.equals(first!)).toBe(true);
    const file = join(config.dataDir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first!.toString('base64url'));
  });

  it('has no key in production without CONDOR_SIGNING_KEY, and says so in the log without generating one', () => {
    const logger = new RecordingLogger();
    const config = loadConfig({ CONDOR_ENV: 'production', CONDOR_DATA_DIR: dataDir() });
    expect(resolveSigningKey(config, logger)).toBeNull();
    expect(logger.lines.map((l) => l.event)).toEqual(['signing_key_missing']);
    expect(() => statSync(join(config.dataDir, SIGNING_KEY_FILE))).toThrow();
  });

  it('takes CONDOR_SIGNING_KEY as hex or base64, and refuses a short one without logging it', () => {
    const hex = 'ab'.repeat(32);
    expect(resolveSigningKey(loadConfig({ CONDOR_SIGNING_KEY: hex }), new RecordingLogger())?.toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(40, 9).toString('base64url');
    expect(resolveSigningKey(loadConfig({ CONDOR_SIGNING_KEY: b64 }), new RecordingLogger())?.length).toBe(40);
    const logger = new RecordingLogger();
    expect(resolveSigningKey(loadConfig({ CONDOR_SIGNING_KEY: 'short-secret' }), logger)).toBeNull();
    expect(JSON.stringify(logger.lines)).not.toContain('short-secret');
  });
});
