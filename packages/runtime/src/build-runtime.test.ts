import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '@condor/core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRuntime, type Runtime } from './build-runtime.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../store-sql/test/fresh-postgres-database.js';

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
    expect(await runtime.ready()).toEqual({ ok: true, checks: { database: 'ok', signing_key: 'ok', secret_key: 'ok' } });
  });

  it('finds iron condors on the simulated market, labelled as simulated, and counts the free quota', async () => {
    const runtime = await build({ CONDOR_QUOTA_FIND_IRON_CONDORS: '2' });
    const ctx = { services: runtime.services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email: 'fic@example.com', password: 'runtime password' }, ctx);
    const login = await execute('login', { email: 'fic@example.com', password: 'runtime password' }, ctx);
    const user = { ...ctx, credential: (login._unsafeUnwrap().value as { access_token: string }).access_token };
    const found = await execute('find_iron_condors', { ticker: 'spy', top_k: 5, wing_widths: [5, 10] }, user);
    const value = found._unsafeUnwrap().value as {
      ticker: string;
      market_notice: string | null;
      candidates: { legs: Record<string, { strike: number; occ_symbol: string }>; pop: number; net_credit: number; max_loss: number }[];
    };
    expect(value.ticker).toBe('SPY');
    expect(value.market_notice).toMatch(/simulated/i);
    expect(value.candidates).toHaveLength(5);
    for (const c of value.candidates) {
      expect(c.legs.long_put!.strike).toBeLessThan(c.legs.short_put!.strike);
      expect(c.legs.short_call!.strike).toBeLessThan(c.legs.long_call!.strike);
      expect(c.legs.short_put!.occ_symbol).toMatch(/^SPY\d{6}P\d{8}$/);
      expect(c.pop).toBeGreaterThan(0);
      expect(c.net_credit + c.max_loss).toBeGreaterThan(0);
    }
    const pops = value.candidates.map((c) => c.pop);
    expect([...pops].sort((a, b) => b - a)).toEqual(pops);
    expect((await execute('find_iron_condors', { ticker: 'SPY' }, user)).isOk()).toBe(true);
    expect((await execute('find_iron_condors', { ticker: 'SPY' }, user))._unsafeUnwrapErr().body.error).toBe('QUOTA_EXCEEDED');
  });

  it('offers the simulated broker and labels prices simulated by default; with Alpaca market data, neither', async () => {
    const simulated = await build();
    expect([simulated.services.brokers.available, simulated.services.marketNotice]).toEqual([['sim', 'alpaca', 'tastytrade'], expect.stringMatching(/simulated/i)]);
    const real = await build({ CONDOR_MARKET_DATA: 'alpaca', CONDOR_ALPACA_DATA_KEY_ID: 'AKSERVER', CONDOR_ALPACA_DATA_SECRET_KEY: 'server-secret' });
    expect([real.services.brokers.available, real.services.marketNotice]).toEqual([['alpaca', 'tastytrade'], null]);
  });

  it('runs the clock from CONDOR_SIM_START at CONDOR_SIM_CLOCK_RATE times real time', async () => {
    const { services } = await build({ CONDOR_SIM_START: '2026-02-10T15:00:00Z', CONDOR_SIM_CLOCK_RATE: '10' });
    const first = services.clock.now();
    expect(first - Date.UTC(2026, 1, 10, 15)).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(services.clock.now() - first).toBeGreaterThanOrEqual(500);
  });

  it('in production without a signing key: not ready, and login answers SERVER_MISCONFIGURED', async () => {
    const runtime = await build({ CONDOR_ENV: 'production' });
    const { services } = runtime;
    expect(await runtime.ready()).toEqual({ ok: false, checks: { database: 'ok', signing_key: 'missing', secret_key: 'missing', vapid_key: 'missing' } });
    expect(services.push).toBeNull();
    expect(services.secrets).toBeNull();
    const ctx = { services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email: 'p@example.com', password: 'runtime password' }, ctx);
    const login = await execute('login', { email: 'p@example.com', password: 'runtime password' }, ctx);
    expect(login._unsafeUnwrapErr().body.error).toBe('SERVER_MISCONFIGURED');
  });

  it('refuses PostgreSQL without both shared keys, naming the missing ones, before connecting', async () => {
    const unreachable = 'postgres://u:p@127.0.0.1:1/condor';
    await expect(build({ DATABASE_URL: unreachable })).rejects.toThrow(/set CONDOR_SIGNING_KEY and CONDOR_SECRET_KEY/);
    await expect(build({ DATABASE_URL: unreachable, CONDOR_SIGNING_KEY: SIGNING_KEY })).rejects.toThrow(ConfigError);
    await expect(build({ DATABASE_URL: unreachable, CONDOR_SECRET_KEY: SECRET_KEY })).rejects.toThrow(/set CONDOR_SIGNING_KEY \(/);
  });
});

const SIGNING_KEY = 'a'.repeat(64);
const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

const serverUrl = TEST_DATABASE_URL;
if (serverUrl !== null) describe('buildRuntime on PostgreSQL', () => {
  it('migrates a fresh database and serves register and login from it, as a second instance does', async () => {
    const database = await freshPostgresDatabase(serverUrl);
    const env = { DATABASE_URL: database.url, CONDOR_SIGNING_KEY: SIGNING_KEY, CONDOR_SECRET_KEY: SECRET_KEY, LOG_LEVEL: 'silent' };
    const [first, second] = await Promise.all([buildRuntime(loadConfig(env)), buildRuntime(loadConfig(env))]);
    try {
      const on = (runtime: Runtime) => ({ services: runtime.services, credential: null, requestId: 'r', batchKey: null });
      await execute('register', { email: 'pg@example.com', password: 'runtime password' }, on(first));
      const login = await execute('login', { email: 'pg@example.com', password: 'runtime password' }, on(second));
      const { access_token } = login._unsafeUnwrap().value as { access_token: string };
      const me = await execute('logout', {}, { ...on(first), credential: access_token });
      expect(me._unsafeUnwrap().value).toEqual({ logged_out: true });
      expect(await first.ready()).toEqual({ ok: true, checks: { database: 'ok', signing_key: 'ok', secret_key: 'ok' } });
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });
});
