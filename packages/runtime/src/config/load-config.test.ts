import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('defaults to development on 127.0.0.1:8787 with SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', host: '127.0.0.1', port: 8787, dataDir: resolve('data') });
    expect(config.databaseUrl).toBe(resolve('data', 'condor.db'));
    expect(config.signingKey).toBeNull();
  });

  it('takes production from CONDOR_ENV or NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production', CONDOR_ENV: 'development' }).env).toBe('development');
  });

  it('stops on invalid numbers and names the variable, not the value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ CONDOR_ENV: 'staging' })).toThrow(/CONDOR_ENV must be one of: development, production/);
  });

  it('splits allowed origins', () => {
    expect(loadConfig({ CONDOR_ALLOWED_ORIGINS: 'https://a.example, https://b.example,' }).allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
