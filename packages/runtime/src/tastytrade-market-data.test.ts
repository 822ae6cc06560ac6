import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '@condor/core';
import { openDatabase } from '@condor/store-sql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeTastytrade } from '@condor/testkit';
import { buildRuntime, type Runtime } from './build-runtime.js';
import { loadConfig } from './config/load-config.js';

/** A Tuesday, 10:00 in New York: the exchange is open whenever the test runs. */
const SIM_START = '2026-02-10T15:00:00Z';

describe('CONDOR_MARKET_DATA=tastytrade', () => {
  const anchor = Date.now();
  // The fake and the runtime run on one shifted clock, so the fake's chains list the runtime's expirations.
  const fake = new FakeTastytrade({ now: () => Date.parse(SIM_START) + (Date.now() - anchor) });
  const dir = mkdtempSync(join(tmpdir(), 'condor-tastytrade-data-'));
  let runtime: Runtime;
  const logged: string[] = [];

  beforeAll(async () => {
    const url = await fake.start();
    vi.spyOn(process.stderr, 'write').mockImplementation((line) => {
      logged.push(String(line));
      return true;
    });
    runtime = await buildRuntime(
      loadConfig({
        CONDOR_DATA_DIR: dir,
        LOG_LEVEL: 'info',
        CONDOR_SIM_START: SIM_START,
        CONDOR_SIM_ANCHOR: new Date(anchor).toISOString(),
        CONDOR_MARKET_DATA: 'tastytrade',
        CONDOR_TASTYTRADE_CLIENT_SECRET: fake.clientSecret,
        CONDOR_TASTYTRADE_REFRESH_TOKEN: fake.refreshToken,
        CONDOR_TASTYTRADE_API_URL: url,
      }),
    );
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await runtime.close();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prices chains at tastytrade with the server’s own grant, labels nothing simulated, and offers no simulated broker', async () => {
    const { services } = runtime;
    expect([services.brokers.available, services.marketNotice]).toEqual([['alpaca', 'tastytrade'], null]);
    const [expiry] = (await services.market.expirations('SPY'))._unsafeUnwrap();
    const chain = (await services.market.optionChain('SPY', expiry!))._unsafeUnwrap();
    expect(chain.length).toBeGreaterThan(20);
    expect((await services.market.quote('SPY'))._unsafeUnwrap()).toMatchObject({ symbol: 'SPY', bid: 604.99, ask: 605.01 });
    const asked = fake.requests.filter((r) => r.path !== '/oauth/token');
    expect(asked.map((r) => r.path)).toEqual(expect.arrayContaining(['/option-chains/SPY/nested', '/market-data/by-type']));
    expect(asked.every((r) => r.auth === 'valid' && r.userAgent === 'condor/0.1.0')).toBe(true);
  });

  it('finds iron condors on tastytrade chains, minting one access token for the server’s login and keeping it out of the database', async () => {
    const { services } = runtime;
    const ctx = { services, credential: null, requestId: 'r', batchKey: null };
    await execute('register', { email: 'data@example.com', password: 'runtime password' }, ctx);
    const login = await execute('login', { email: 'data@example.com', password: 'runtime password' }, ctx);
    const user = { ...ctx, credential: (login._unsafeUnwrap().value as { access_token: string }).access_token };
    const found = await execute('find_iron_condors', { ticker: 'SPY', top_k: 3, dte_min: 20, dte_max: 50 }, user);
    const value = found._unsafeUnwrap().value as { market_notice: string | null; candidates: { legs: Record<string, { occ_symbol: string }> }[] };
    expect(value.market_notice).toBeNull();
    expect(value.candidates.length).toBeGreaterThan(0);
    for (const candidate of value.candidates) expect(candidate.legs['short_put']?.occ_symbol).toMatch(/^SPY\d{6}P\d{8}$/);
    expect(fake.tokenRefreshes).toBe(1);
    // The server's login is no user: its token lives in this process, never in broker_tokens (whose rows are users').
    const { db } = openDatabase(runtime.config.databaseUrl);
    try {
      expect(await db.selectFrom('broker_tokens').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
    expect(logged.filter((line) => line.includes('broker_token_cache_failed'))).toEqual([]);
    for (const secret of [fake.clientSecret, fake.refreshToken, ...fake.issuedAccessTokens]) expect(logged.join('')).not.toContain(secret);
  });
});
