import { describe, expect, it } from 'vitest';
import { MemoryTokenCache, TastytradeBrokers, type TokenCache } from '../src/index.js';
import { ACCESS_TOKEN_SECONDS } from '@condor/testkit';
import { entryLegs, failure, inAccount, NOW, value, VERSION, world } from './tastytrade-setup.js';

const MINUTE = 60_000;

describe('tastytrade access tokens', () => {
  it('mints one token for 20 concurrent calls on a link', async () => {
    const { fake, broker } = await world();
    const results = await Promise.all(Array.from({ length: 20 }, () => broker.positions()));
    for (const result of results) expect(value(result)).toEqual([]);
    expect(fake.tokenRefreshes).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
  });

  it('shares the token between the accounts of one login and across opens of a link', async () => {
    const { fake, brokers, access } = await world();
    value(await brokers.open(access).verify());
    value(await brokers.open(inAccount(access, '5WT00002')).verify());
    value(await brokers.listAccounts(access));
    expect(fake.tokenRefreshes).toBe(1);
  });

  it('uses the token until a minute before its 15 minutes end, then refreshes once', async () => {
    const { fake, clock, broker } = await world();
    value(await broker.positions());
    clock.advance(ACCESS_TOKEN_SECONDS * 1000 - MINUTE - 1_000);
    value(await broker.positions());
    expect(fake.tokenRefreshes).toBe(1);
    clock.advance(2_000);
    value(await broker.positions());
    expect(fake.tokenRefreshes).toBe(2);
    expect(fake.requests.filter((r) => r.path !== '/oauth/token').every((r) => r.auth === 'valid')).toBe(true);
  });

  it('retries a read once with a new token when tastytrade refuses the cached one', async () => {
    const { fake, broker } = await world();
    value(await broker.positions());
    fake.invalidateAccessTokens();
    expect(value(await broker.positions())).toEqual([]);
    expect(fake.tokenRefreshes).toBe(2);
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.auth}`).slice(-3)).toEqual([
      'GET /accounts/5WT00001/positions unknown',
      'POST /oauth/token none',
      'GET /accounts/5WT00001/positions valid',
    ]);
  });

  it('answers auth_failed when the retry cannot mint either (grant and tokens revoked)', async () => {
    const { fake, broker } = await world();
    value(await broker.positions());
    fake.revokeGrant({ accessTokens: true });
    expect(failure(await broker.positions()).kind).toBe('auth_failed');
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.auth}`).slice(-2)).toEqual(['GET /accounts/5WT00001/positions unknown', 'POST /oauth/token none']);
  });

  it('does not retry a write after a 401', async () => {
    const { fake, broker } = await world();
    value(await broker.positions());
    fake.invalidateAccessTokens();
    const error = failure(await broker.cancel('771043'));
    expect(error.kind).toBe('auth_failed');
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(fake.tokenRefreshes).toBe(1);
  });

  it('answers auth_failed naming the keys page when the grant was revoked', async () => {
    const { fake, broker } = await world();
    fake.revokeGrant();
    const error = failure(await broker.verify());
    expect(error).toMatchObject({ kind: 'auth_failed' });
    const message = error.kind === 'auth_failed' ? error.message : '';
    expect(message).toMatch(/sandbox/);
    expect(message).toMatch(/Re-enter the client secret and refresh token on the broker keys page/);
    // The two reads verify makes wait for one refresh, refused once.
    expect(fake.requests.map((r) => r.path)).toEqual(['/oauth/token']);
  });

  it('does not send a refused grant again for five minutes (tastytrade blocks addresses after many failed logins)', async () => {
    const { fake, clock, broker } = await world();
    fake.revokeGrant();
    for (let i = 0; i < 3; i++) expect(failure(await broker.positions()).kind).toBe('auth_failed');
    expect(fake.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
    clock.advance(5 * MINUTE + 1);
    expect(failure(await broker.positions()).kind).toBe('auth_failed');
    expect(fake.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(2);
  });

  it('answers auth_failed for a client secret tastytrade does not know', async () => {
    const { fake, brokers, access } = await world();
    const wrong = brokers.open({ ...access, credentials: { ...access.credentials, clientSecret: 'not-the-secret' } });
    expect(failure(await wrong.verify()).kind).toBe('auth_failed');
    expect(fake.tokenRefreshes).toBe(0);
  });

  it('keys tokens by grant: keys entered again mint a new token', async () => {
    const { fake, brokers, access } = await world();
    value(await brokers.open(access).positions());
    // Same owner, same environment, another grant (here a refused one): the first grant's token is not reused.
    const again = brokers.open({ ...access, credentials: { ...access.credentials, refreshToken: `${fake.refreshToken}-other` } });
    expect(failure(await again.positions()).kind).toBe('auth_failed');
  });

  it('reads and fills a shared token cache, so a second instance does not refresh', async () => {
    const shared = new RecordingCache();
    const first = await world({ brokers: { tokenCache: shared } });
    value(await first.broker.positions());
    expect(shared.puts).toHaveLength(1);
    const [put] = shared.puts;
    expect(put?.expiresAt).toBe(first.clock.now() + ACCESS_TOKEN_SECONDS * 1000);
    expect(put?.linkKey).not.toContain(first.fake.refreshToken);
    expect(put?.linkKey).not.toContain(first.fake.clientSecret);
    expect(put?.ownerId).toBe('u1');
    // Another process on the same database: a new TastytradeBrokers with the same cache.
    const second = new TastytradeBrokers({ version: VERSION, apiUrl: first.url, now: () => first.clock.now(), tokenCache: shared });
    value(await second.open(first.access).positions());
    expect(first.fake.tokenRefreshes).toBe(1);
  });

  it('mints one token for a link called on two instances at once: the lease winner mints, the other waits for its token', async () => {
    const shared = new RecordingCache();
    const wait = (ms: number): Promise<void> => shared.untilKept(ms);
    const first = await world({ brokers: { tokenCache: shared, sleep: wait } });
    const second = new TastytradeBrokers({ version: VERSION, apiUrl: first.url, now: () => first.clock.now(), tokenCache: shared, sleep: wait });
    const other = second.open(first.access);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first.broker : other).positions()));
    for (const result of results) expect(value(result)).toEqual([]);
    expect(first.fake.tokenRefreshes).toBe(1);
    expect(shared.claims).toEqual([true, false]);
    expect(shared.puts).toHaveLength(1);
    expect(first.fake.requests.filter((r) => r.path !== '/oauth/token').every((r) => r.auth === 'valid')).toBe(true);
  });

  it('mints its own token after five looks, 200 ms apart, when the lease holder never keeps one', async () => {
    const held = new HeldLeaseCache();
    const { fake, broker, sleeps } = await world({ brokers: { tokenCache: held } });
    value(await broker.positions());
    expect(sleeps).toEqual([200, 200, 200, 200, 200]);
    expect(fake.tokenRefreshes).toBe(1);
    // Its own token, kept: the next call needs neither the lease nor a refresh.
    value(await broker.positions());
    expect([fake.tokenRefreshes, held.claims.length]).toEqual([1, 1]);
  });

  it('uses the token another instance kept between its look and winning the lease', async () => {
    const minted = await world();
    value(await minted.broker.positions());
    const token = minted.fake.issuedAccessTokens[0] ?? '';
    const late = new (class extends RecordingCache {
      override async claim(ownerId: string, linkKey: string, until: number): Promise<boolean> {
        // The other instance keeps its token and ends its lease just before this claim.
        await this.put(ownerId, linkKey, token, NOW + ACCESS_TOKEN_SECONDS * 1000);
        return super.claim(ownerId, linkKey, until);
      }
    })();
    const second = new TastytradeBrokers({ version: VERSION, apiUrl: minted.url, now: () => minted.clock.now(), tokenCache: late });
    value(await second.open(minted.access).positions());
    expect(minted.fake.tokenRefreshes).toBe(1);
    expect(minted.fake.requests.at(-1)).toMatchObject({ path: '/accounts/5WT00001/positions', auth: 'valid' });
  });

  it('does not wait on its own lease when it retries after a failed refresh', async () => {
    const { fake, broker, sleeps } = await world();
    fake.failNext(500, { path: '/oauth/token' });
    expect(failure(await broker.positions()).kind).toBe('unavailable');
    value(await broker.positions());
    expect(sleeps).toEqual([]);
    expect(fake.tokenRefreshes).toBe(1);
  });

  it('mints when the shared cache fails, rather than refusing to trade', async () => {
    const down = (): Promise<never> => Promise.reject(new Error('db down'));
    const broken: TokenCache = { get: down, put: down, claim: down };
    const { fake, broker } = await world({ brokers: { tokenCache: broken } });
    value(await broker.positions());
    value(await broker.positions());
    expect(fake.tokenRefreshes).toBe(1);
  });

  it('sends User-Agent condor/<version> on every request, the token call included', async () => {
    const { fake, broker, brokers, access } = await world();
    value(await brokers.listAccounts(access));
    value(await broker.verify());
    value(await broker.positions());
    value(await broker.orders('all'));
    await broker.submit({ clientOrderId: 'ua', qty: 1, limitPrice: -0.5, legs: entryLegs() });
    expect(fake.requests.length).toBeGreaterThan(5);
    expect(new Set(fake.requests.map((r) => r.userAgent))).toEqual(new Set([`condor/${VERSION}`]));
  });

  it('is refused by tastytrade without a product/version User-Agent, which the adapter never sends', async () => {
    const { url } = await world();
    const answer = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'User-Agent': 'condor' }, body: '{}' });
    expect(answer.status).toBe(401);
  });
});

/** A memory cache shared like the database: it records what it was given, and says when a token is kept. */
class RecordingCache extends MemoryTokenCache {
  readonly puts: { ownerId: string; linkKey: string; token: string; expiresAt: number }[] = [];
  readonly claims: boolean[] = [];
  private kept: (() => void)[] = [];

  constructor(now: () => number = () => NOW) {
    super(now);
  }

  override async put(ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void> {
    this.puts.push({ ownerId, linkKey, token, expiresAt });
    await super.put(ownerId, linkKey, token, expiresAt);
    for (const resolve of this.kept.splice(0)) resolve();
  }

  override async claim(ownerId: string, linkKey: string, until: number): Promise<boolean> {
    const won = await super.claim(ownerId, linkKey, until);
    this.claims.push(won);
    return won;
  }

  /** Resolves when the next token is kept, or after `ms` (real time) should none be: a wait for another instance's token. */
  untilKept(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.kept.push(resolve);
      setTimeout(resolve, ms);
    });
  }
}

/** A lease someone else holds and never ends (its instance died mid-refresh). */
class HeldLeaseCache extends RecordingCache {
  override claim(): Promise<boolean> {
    this.claims.push(false);
    return Promise.resolve(false);
  }
}
