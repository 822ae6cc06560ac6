import { FakeClock } from '../fake-clock.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTastytrade, type FakeTastytradeOptions } from './fake-tastytrade.js';
import { ACCESS_TOKEN_SECONDS } from './fake-tastytrade-grant.js';
/** A Monday, 10:00 in New York: the fake's market is open. */
const NOW = Date.parse('2026-03-02T15:00:00Z');

// The fake on its own, against tastytrade's documented behaviour, with plain fetch.

const running: FakeTastytrade[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((fake) => fake.stop()));
});

interface Call {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

async function fakeWith(options: FakeTastytradeOptions = {}) {
  const clock = new FakeClock(NOW);
  const fake = new FakeTastytrade({ now: () => clock.now(), ...options });
  running.push(fake);
  const url = await fake.start();
  const call = async (method: string, path: string, init: { token?: string; body?: unknown; version?: string; userAgent?: string } = {}): Promise<Call> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'User-Agent': init.userAgent ?? 'fake-test/1.0',
        ...(init.token === undefined ? {} : { Authorization: `Bearer ${init.token}` }),
        ...(init.version === undefined ? {} : { 'Accept-Version': init.version }),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), headers: response.headers };
  };
  const token = async (): Promise<string> => {
    const minted = await call('POST', '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: fake.refreshToken, client_secret: fake.clientSecret } });
    return String(minted.body.access_token);
  };
  return { fake, clock, call, token };
}

describe('FakeTastytrade', () => {
  it('mints a 15-minute bearer token from the refresh grant, answered without an envelope', async () => {
    const { call, fake, clock, token } = await fakeWith();
    const minted = await call('POST', '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: fake.refreshToken, client_secret: fake.clientSecret } });
    expect(minted.status).toBe(200);
    expect(minted.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS });
    const access = await token();
    expect((await call('GET', '/customers/me/accounts', { token: access })).status).toBe(200);
    clock.advance(ACCESS_TOKEN_SECONDS * 1000);
    expect(await call('GET', '/customers/me/accounts', { token: access })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
    expect(fake.tokenRefreshes).toBe(2);
  });

  it('demands a <product>/<version> User-Agent, the token call included', async () => {
    const { call, fake, token } = await fakeWith();
    const grant = { grant_type: 'refresh_token', refresh_token: fake.refreshToken, client_secret: fake.clientSecret };
    expect((await call('POST', '/oauth/token', { body: grant, userAgent: 'condor' })).status).toBe(401);
    expect((await call('GET', '/customers/me/accounts', { token: await token(), userAgent: 'node' })).status).toBe(401);
  });

  it('refuses a revoked grant', async () => {
    const { call, fake } = await fakeWith();
    fake.revokeGrant();
    const refused = await call('POST', '/oauth/token', { body: { grant_type: 'refresh_token', refresh_token: fake.refreshToken, client_secret: fake.clientSecret } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('wraps answers in {data, context}; only "me" is a customer id; closed accounts are listed as closed', async () => {
    const { call, token } = await fakeWith();
    const access = await token();
    const accounts = await call('GET', '/customers/me/accounts', { token: access });
    expect(accounts.body.context).toBe('/customers/me/accounts');
    const items = (accounts.body.data as { items: { account: Record<string, unknown>; 'authority-level': string }[] }).items;
    expect(items.map((i) => [i.account['account-number'], i.account['is-closed'], i['authority-level']])).toEqual([
      ['5WT00001', false, 'owner'],
      ['5WT00002', false, 'owner'],
      ['5WT00009', true, 'owner'],
    ]);
    expect((await call('GET', '/customers/12345/accounts', { token: access })).status).toBe(403);
  });

  it('serves balances as one object at /balances/USD and /balances, money as decimal strings', async () => {
    const { call, token } = await fakeWith();
    const access = await token();
    const usd = await call('GET', '/accounts/5WT00001/balances/USD', { token: access });
    const plain = await call('GET', '/accounts/5WT00001/balances', { token: access });
    expect(usd.body.data).toMatchObject({ 'derivative-buying-power': '100000.0', currency: 'USD', 'pending-cash-effect': 'None' });
    expect(plain.body.data).toEqual(usd.body.data);
  });

  it('serves a nested chain with padded OCC and streamer symbols', async () => {
    const { call, token } = await fakeWith();
    const chain = await call('GET', '/option-chains/SPY/nested', { token: await token() });
    const root = (chain.body.data as { items: Record<string, unknown>[] }).items[0] as { expirations: { 'expiration-date': string; 'expiration-type': string; strikes: Record<string, string>[] }[] };
    const march = root.expirations.find((e) => e['expiration-date'] === '2026-03-20');
    expect(march?.['expiration-type']).toBe('Regular');
    expect(march?.strikes.find((s) => s['strike-price'] === '570.0')).toEqual({
      'strike-price': '570.0',
      call: 'SPY   260320C00570000',
      'call-streamer-symbol': '.SPY260320C570',
      put: 'SPY   260320P00570000',
      'put-streamer-symbol': '.SPY260320P570',
    });
  });

  it('answers 406 to a version it no longer has, and 400 to an order search without a start date from 20261012', async () => {
    const { call, token } = await fakeWith();
    const access = await token();
    expect(await call('GET', '/accounts/5WT00001/orders', { token: access, version: '20240829' })).toEqual(
      expect.objectContaining({ status: 406, body: { error: { code: 406, message: 'The requested version is not supported.' } } }),
    );
    expect((await call('GET', '/accounts/5WT00001/orders', { token: access, version: '20261012' })).status).toBe(400);
    // With no header the oldest version is served, which needs no start date.
    expect((await call('GET', '/accounts/5WT00001/orders', { token: access })).status).toBe(200);
  });

  it('routes a close of what is not held as an opening order unless strict position effect is asked for', async () => {
    const { call, token, fake } = await fakeWith();
    const access = await token();
    const close = (strict: boolean) => ({
      'order-type': 'Limit',
      'time-in-force': 'Day',
      price: '5.00',
      'price-effect': 'Debit',
      ...(strict ? { 'advanced-instructions': { 'strict-position-effect-validation': true } } : {}),
      legs: [{ 'instrument-type': 'Equity Option', symbol: 'SPY   260320P00570000', quantity: 1, action: 'Buy to Close' }],
    });
    const refused = await call('POST', '/accounts/5WT00001/orders', { token: access, body: close(true) });
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'preflight_check_failure', errors: [{ code: 'position_effect_validation_failed' }] } } });
    const routed = await call('POST', '/accounts/5WT00001/orders', { token: access, body: close(false) });
    expect(routed.status).toBe(201);
    expect((routed.body.data as { order: { legs: { action: string }[]; status: string } }).order).toMatchObject({ status: 'Routed', legs: [{ action: 'Buy to Open' }] });
    expect(fake.book.orders).toHaveLength(1);
  });

  it('replaces a Live order: the new order at top-level data, Contingent, then the original Cancelled (edited, replacing-order-id) and the new one Live', async () => {
    const { call, token } = await fakeWith();
    const access = await token();
    const leg = { 'instrument-type': 'Equity Option', symbol: 'SPY   260320P00570000', quantity: 1, action: 'Sell to Open' };
    const placed = await call('POST', '/accounts/5WT00001/orders', { token: access, body: { 'order-type': 'Limit', 'time-in-force': 'Day', price: '9.00', 'price-effect': 'Credit', legs: [leg] } });
    const id = (placed.body.data as { order: { id: number } }).order.id;
    const body = { 'order-type': 'Limit', 'time-in-force': 'Day', price: '8.50', 'price-effect': 'Credit', 'external-identifier': 'p-s1' };
    const replaced = await call('PUT', `/accounts/5WT00001/orders/${String(id)}`, { token: access, body });
    expect(replaced.status).toBe(200);
    const replacement = replaced.body.data as Record<string, unknown>;
    expect(replacement).toMatchObject({ id: id + 1, status: 'Contingent', price: '8.5', 'external-identifier': 'p-s1', 'replaces-order-id': id, legs: [{ symbol: leg.symbol, quantity: 1 }] });
    expect((await call('GET', `/accounts/5WT00001/orders/${String(id)}`, { token: access })).body.data).toMatchObject({ status: 'Replace Requested' });
    expect((await call('GET', `/accounts/5WT00001/orders/${String(id)}`, { token: access })).body.data).toMatchObject({ status: 'Cancelled', edited: true, 'replacing-order-id': id + 1 });
    expect((await call('GET', `/accounts/5WT00001/orders/${String(id + 1)}`, { token: access })).body.data).toMatchObject({ status: 'Live' });
    expect(await call('PUT', `/accounts/5WT00001/orders/${String(id)}`, { token: access, body })).toMatchObject({ status: 422, body: { error: { code: 'cannot_update_order' } } });
  });

  it('aborts a replacement when the original fills first: the original Filled, the replacement Rejected', async () => {
    const { call, token, fake } = await fakeWith();
    const access = await token();
    const leg = { 'instrument-type': 'Equity Option', symbol: 'SPY   260320P00570000', quantity: 1, action: 'Sell to Open' };
    const placed = await call('POST', '/accounts/5WT00001/orders', { token: access, body: { 'order-type': 'Limit', 'time-in-force': 'Day', price: '9.00', 'price-effect': 'Credit', legs: [leg] } });
    const id = (placed.body.data as { order: { id: number } }).order.id;
    fake.replaceRaceNext('fill-during');
    const body = { 'order-type': 'Limit', 'time-in-force': 'Day', price: '8.50', 'price-effect': 'Credit' };
    expect((await call('PUT', `/accounts/5WT00001/orders/${String(id)}`, { token: access, body })).body.data).toMatchObject({ status: 'Contingent' });
    await call('GET', '/accounts/5WT00001/orders/live', { token: access });
    const live = (await call('GET', '/accounts/5WT00001/orders/live', { token: access })).body.data as { items: Record<string, unknown>[] };
    expect(live.items.map((o) => [o.id, o.status])).toEqual([
      [id, 'Filled'],
      [id + 1, 'Rejected'],
    ]);
  });

  it('answers 429 with no rate-limit header, and 502 for market data in sandbox mode', async () => {
    const { call, token, fake } = await fakeWith({ sandbox: true });
    const access = await token();
    fake.rateLimitNext({ path: '/positions' });
    const limited = await call('GET', '/accounts/5WT00001/positions', { token: access });
    expect(limited.status).toBe(429);
    expect([...limited.headers.keys()].filter((name) => /rate|retry/i.test(name))).toEqual([]);
    expect((await call('GET', '/market-metrics?symbols=SPY', { token: access })).status).toBe(502);
  });
});
