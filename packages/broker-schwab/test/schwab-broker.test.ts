import { describe, expect, it } from 'vitest';
import { MemoryTokenCache, pkcePair, REFRESH_TOKEN_MS, SchwabBrokers } from '../src/index.js';
import { entryLegs, failure, value, world } from './schwab-setup.js';

const entry = (clientOrderId: string, limitPrice: number, qty = 1) => ({ clientOrderId, qty, limitPrice, legs: entryLegs() });

describe('Schwab login', () => {
  it('sends the person to the authorize page and exchanges the code with HTTP Basic, keeping no secret in errors', async () => {
    const { fake, brokers } = await world();
    const pkce = pkcePair();
    const url = brokers.authorizeUrl({ state: 'st-1', challenge: pkce.challenge });
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(fake.callbackUrl);
    const back = new URL(fake.oauth.approve(url));
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code') ?? '';
    const wrongVerifier = failure(await brokers.exchangeCode({ code, verifier: pkcePair().verifier }));
    expect(wrongVerifier.kind).toBe('auth_failed');
    const fresh = new URL(fake.oauth.approve(url)).searchParams.get('code') ?? '';
    const login = value(await brokers.exchangeCode({ code: fresh, verifier: pkce.verifier }));
    expect(login.refreshExpiresAt - login.refreshIssuedAt).toBe(REFRESH_TOKEN_MS);
    const accounts = value(await brokers.listAccounts({ ownerId: 'u2', credentials: { kind: 'schwab', refreshToken: login.refreshToken, refreshIssuedAt: login.refreshIssuedAt, accountHash: null } }));
    expect(accounts.map((a) => a.accountNumber)).toEqual(['74120355', '74120388']);
    expect(accounts[0]?.accountHash).toBe(fake.hashOf('74120355'));
    expect(JSON.stringify(wrongVerifier)).not.toContain(fake.appSecret);
    expect(JSON.stringify(wrongVerifier)).not.toContain(code);
  });

  it('refreshes the access token once for concurrent calls on two instances sharing a cache', async () => {
    const { fake, url, clock, access } = await world();
    const cache = new MemoryTokenCache(() => clock.now());
    const make = (): SchwabBrokers => new SchwabBrokers({ app: { appKey: fake.appKey, appSecret: fake.appSecret, callbackUrl: fake.callbackUrl }, apiUrl: url, now: () => clock.now(), tokenCache: cache, sleep: () => new Promise((r) => setTimeout(r, 5)) });
    const [a, b] = [make().open(access), make().open(access)];
    const results = await Promise.all([a.verify(), b.verify(), a.positions(), b.positions()]);
    for (const result of results) expect(result.isOk()).toBe(true);
    expect(fake.oauth.refreshes).toBe(1);
    clock.advance(29 * 60_000);
    value(await a.verify());
    expect(fake.oauth.refreshes).toBe(2);
  });

  it('ends the link 7 days after the login: told to log in at Schwab again, without a request, never a bare 401', async () => {
    const { fake, clock, broker, brokers, access } = await world();
    value(await broker.verify());
    clock.advance(REFRESH_TOKEN_MS - 30 * 60_000);
    value(await broker.verify());
    clock.advance(30 * 60_000);
    const sent = fake.requests.length;
    const ended = failure(await broker.verify());
    expect(ended.kind).toBe('auth_failed');
    expect(ended.kind === 'auth_failed' && ended.message).toMatch(/Log in at Schwab again/);
    expect(fake.requests.length).toBe(sent);
    fake.oauth.revokeRefreshTokens();
    const revoked = failure(await brokers.open({ ...access, credentials: { ...access.credentials, refreshIssuedAt: clock.now() } }).verify());
    expect(revoked.kind === 'auth_failed' && revoked.message).toMatch(/Log in at Schwab again/);
    expect(JSON.stringify(revoked)).not.toContain(access.credentials.refreshToken);
  });
});

describe('SchwabBroker orders', () => {
  it('finds an unanswered submit by legs, quantity, price and time instead of sending it twice', async () => {
    const { fake, broker } = await world();
    fake.silenceNext({ method: 'POST', path: '/orders' });
    // The connection drops after Schwab took the order: the adapter looks it up before answering.
    const recovered = value(await broker.submit(entry('p-lost', -5)));
    expect(recovered).toMatchObject({ clientOrderId: 'p-lost', status: 'accepted', limitPrice: -5 });
    const found = value(await broker.orderByClientId('p-lost'));
    expect(found?.id).toBe(recovered.id);
    const again = value(await broker.submit(entry('p-lost', -5)));
    expect(again.id).toBe(found?.id);
    expect(fake.book.orders).toHaveLength(1);
  });

  it('does not take another order with the same legs for an unanswered one', async () => {
    const { fake, broker } = await world();
    const other = value(await broker.submit(entry('p-other', -5)));
    fake.silenceNext({ method: 'POST', path: '/orders' });
    await broker.submit(entry('p-twin', -5));
    const twin = value(await broker.orderByClientId('p-twin'));
    expect(twin?.id).not.toBe(other.id);
    expect(fake.book.orders).toHaveLength(2);
  });

  it('walks a working order by replace, a new id each step, each step naming the one before', async () => {
    const { broker, fake } = await world();
    const s0 = value(await broker.submit(entry('p-walk', -5)));
    const s1 = value(await broker.replace({ orderId: s0.id, clientOrderId: 'p-walk-s1', limitPrice: -4 }));
    const s2 = value(await broker.replace({ orderId: s1.id, clientOrderId: 'p-walk-s2', limitPrice: -0.5 }));
    expect(new Set([s0.id, s1.id, s2.id]).size).toBe(3);
    expect(s2.replaces).toBe(s1.id);
    expect(value(await broker.orderByClientId('p-walk-s1'))).toMatchObject({ status: 'replaced', replacedBy: s2.id, replaces: s0.id });
    expect(value(await broker.orderByClientId('p-walk-s2'))).toMatchObject({ status: 'filled', filledQty: 1 });
    const put = fake.requests.filter((r) => r.method === 'PUT').map((r) => r.body as { price: string; complexOrderStrategyType: string });
    expect(put.map((b) => b.price)).toEqual(['4.00', '0.50']);
    expect(put[0]?.complexOrderStrategyType).toBe('IRON_CONDOR');
  });

  it('maps a partial fill (WORKING with filledQuantity) and its net price from the executions', async () => {
    const { broker, fake } = await world();
    fake.partialFillNext(1);
    const placed = value(await broker.submit(entry('p-part', -0.5, 3)));
    expect(placed).toMatchObject({ status: 'partially_filled', qty: 3, filledQty: 1 });
    expect(placed.filledAvgPrice).toBeCloseTo(-1.28, 2);
    expect(failure(await broker.replace({ orderId: placed.id, clientOrderId: 'p-part-s1', limitPrice: -0.4 })).kind).toBe('rejected');
    fake.fill(placed.id);
    expect(value(await broker.orderByClientId('p-part'))).toMatchObject({ status: 'filled', filledQty: 3 });
    fake.closeSession();
  });

  it('answers a rejection after routing (REJECTED) as rejected with Schwab’s reason, and an expiry as expired', async () => {
    const { broker, fake } = await world();
    fake.rejectNext('Order rejected: outside the price band');
    expect(failure(await broker.submit(entry('p-rej', -5)))).toEqual({ kind: 'rejected', message: 'Order rejected: outside the price band' });
    const working = value(await broker.submit(entry('p-exp', -5)));
    fake.closeSession();
    expect(value(await broker.orderByClientId('p-exp'))).toMatchObject({ id: working.id, status: 'expired' });
  });

  it('gives the preview as the dry run: fees, buying power, and refusals in Schwab’s words', async () => {
    const { broker } = await world();
    const dry = value(await broker.dryRun(entry('p-dry', -1.2)));
    expect(dry.fees).toBeCloseTo(2.68, 2);
    expect(dry.buyingPowerChange).toBeCloseTo(880, 2);
    expect(dry.buyingPowerAfter).toBeCloseTo(100_000 - 880, 2);
    expect(dry.refusals).toEqual([]);
    const close = value(await broker.dryRun({ clientOrderId: 'p-dry-close', qty: 1, limitPrice: 2, legs: entryLegs().map((l) => ({ symbol: l.symbol, side: l.side === 'buy' ? 'sell' : 'buy', intent: l.side === 'buy' ? 'sell_to_close' : 'buy_to_close' })) }));
    expect(close.refusals[0]).toMatch(/no position to close/);
  });

  it('answers 429 as rate_limited and sends nothing twice', async () => {
    const { broker, fake } = await world();
    fake.rateLimitNext({ method: 'POST', path: '/orders' });
    expect(failure(await broker.submit(entry('p-429', -5)))).toEqual({ kind: 'rate_limited', retryAfterSeconds: 30 });
    expect(fake.book.orders).toHaveLength(0);
    expect(value(await broker.orderByClientId('p-429'))).toBeNull();
  });

  it('waits for the app budget instead of exceeding it', async () => {
    const { broker, sleeps } = await world({ brokers: { appRequestsPerMinute: 2 } });
    value(await broker.verify());
    value(await broker.positions());
    expect(sleeps.some((ms) => ms > 0)).toBe(true);
  });

  it('reads a day’s market hours once per link, not on every session check, and again after 15 minutes', async () => {
    const { brokers, access, fake, clock } = await world();
    const market = brokers.marketData(access);
    const hoursAsked = (): number => fake.requests.filter((r) => r.path === '/marketdata/v1/markets').length;
    for (let i = 0; i < 5; i++) expect(value(await market.session()).kind).toBe('regular');
    expect(hoursAsked()).toBe(1);
    clock.advance(15 * 60_000 + 1);
    value(await market.session());
    expect(hoursAsked()).toBe(2);
  });
});
