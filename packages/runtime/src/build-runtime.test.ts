import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '@condor/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRuntime, type Runtime } from './build-runtime.js';
import { ConfigError, loadConfig } from './config/load-config.js';

describe('buildRuntime', () => {
  const opened: Runtime[] = [];
  const dirs: string[] = [];
  const build = async (env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'condor-runtime-'));
    dirs.push(dir);
    const runtime = await buildRuntime(loadConfig({ CONDOR_DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }));
    opened.push(runtime);
    return runtime;
  };
  afterEach(async () => {
    for (const runtime of opened.splice(0)) await runtime.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('composes real adapters: register and login work end to end on the SQLite file', async () => {
    const runtime = await build();
    const { services } = runtime;
    const ctx = { services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email: 'rt@example.com', password: 'runtime password' }, ctx);
    const login = await execute('login', { email: 'rt@example.com', password: 'runtime password' }, ctx);
    const { access_token } = login._unsafeUnwrap().value as { access_token: string };
    expect(access_token.split('.')).toHaveLength(3);
    expect((await execute('logout', {}, { ...ctx, credential: access_token })).isOk()).toBe(true);
    expect(await runtime.ready()).toEqual({ ok: true, checks: { database: 'ok', signing_key: 'ok' } });
  });

  it('in production without a signing key: not ready, and login answers SERVER_MISCONFIGURED', async () => {
    const runtime = await build({ CONDOR_ENV: 'production' });
    const { services } = runtime;
    expect(await runtime.ready()).toEqual({ ok: false, checks: { database: 'ok', signing_key: 'missing' } });
    const ctx = { services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email: 'p@example.com', password: 'runtime password' }, ctx);
    const login = await execute('login', { email: 'p@example.com', password: 'runtime password' }, ctx);
    expect(login._unsafeUnwrapErr().body.error).toBe('SERVER_MISCONFIGURED');
  });

  it('refuses a PostgreSQL URL clearly until that adapter exists', async () => {
    await expect(build({ DATABASE_URL: 'postgres://u:p@localhost/condor' })).rejects.toThrow(ConfigError);
  });
});
