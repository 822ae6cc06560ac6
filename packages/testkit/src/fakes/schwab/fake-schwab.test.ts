import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../fake-clock.js';
import { FakeSchwab } from './fake-schwab.js';
import { SCHWAB_REFRESH_TOKEN_MS } from './fake-schwab-oauth.js';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const fakes: FakeSchwab[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

async function started(): Promise<{ fake: FakeSchwab; url: string; clock: FakeClock }> {
  const clock = new FakeClock(NOW);
  const fake = new FakeSchwab({ now: () => clock.now() });
  fakes.push(fake);
  return { fake, url: await fake.start(), clock };
}

const basic = (fake: FakeSchwab): string => `Basic ${Buffer.from(`${fake.appKey}:${fake.appSecret}`).toString('base64')}`;

async function token(url: string, fake: FakeSchwab, form: Record<string, string>, authorization = basic(fake)): Promise<Response> {
  return fetch(`${url}/v1/oauth/token`, { method: 'POST', headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
}

const condor = (price: string, quantity = 1): Record<string, unknown> => ({
  orderType: 'NET_CREDIT',
  session: 'NORMAL',
  duration: 'DAY',
  price,
  quantity,
  orderStrategyType: 'SINGLE',
  complexOrderStrategyType: 'IRON_CONDOR',
  orderLegCollection: [
    ['BUY_TO_OPEN', 'SPY   260320P00560000'],
    ['SELL_TO_OPEN', 'SPY   260320P00570000'],
    ['SELL_TO_OPEN', 'SPY   260320C00640000'],
    ['BUY_TO_OPEN', 'SPY   260320C00650000'],
  ].map(([instruction, symbol]) => ({ instruction, quantity, instrument: { symbol, assetType: 'OPTION' } })),
});

async function login(fake: FakeSchwab, url: string): Promise<{ access: string; refresh: string }> {
  const authorize = `${url}/v1/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: fake.appKey, redirect_uri: fake.callbackUrl, state: 's1' }).toString()}`;
  const back = new URL(fake.oauth.approve(authorize));
  const answer = (await (await token(url, fake, { grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '', redirect_uri: fake.callbackUrl })).json()) as Record<string, string>;
  return { access: answer.access_token ?? '', refresh: answer.refresh_token ?? '' };
}

describe('FakeSchwab OAuth', () => {
  it('shows a login page and redirects to the registered callback exactly, with code, session and state', async () => {
    const { fake, url } = await started();
    const query = new URLSearchParams({ response_type: 'code', client_id: fake.appKey, redirect_uri: fake.callbackUrl, state: 'xyz' });
    const page = await fetch(`${url}/v1/oauth/authorize?${query.toString()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post" action="/v1/oauth/authorize">');
    const posted = await fetch(`${url}/v1/oauth/authorize`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `${query.toString()}&username=p&password=q` });
    expect(posted.status).toBe(302);
    const back = new URL(posted.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(fake.callbackUrl);
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toMatch(/^C0\..+@$/);
    expect(back.searchParams.get('session')).toMatch(/^[0-9a-f-]{36}$/);
    const slash = new URLSearchParams({ response_type: 'code', client_id: fake.appKey, redirect_uri: `${fake.callbackUrl}/` });
    const denied = await fetch(`${url}/v1/oauth/authorize?${slash.toString()}`);
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('Access Denied');
  });

  it('exchanges a code once, with HTTP Basic, for a 30-minute access token and a refresh token', async () => {
    const { fake, url, clock } = await started();
    const back = new URL(fake.oauth.approve(`${url}/v1/oauth/authorize?response_type=code&client_id=${fake.appKey}&redirect_uri=${encodeURIComponent(fake.callbackUrl)}`));
    const code = back.searchParams.get('code') ?? '';
    expect((await token(url, fake, { grant_type: 'authorization_code', code, redirect_uri: fake.callbackUrl }, 'Basic d3Jvbmc6a2V5')).status).toBe(401);
    const answer = await token(url, fake, { grant_type: 'authorization_code', code, redirect_uri: fake.callbackUrl });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ expires_in: 1800, token_type: 'Bearer', scope: 'api' });
    expect((await token(url, fake, { grant_type: 'authorization_code', code, redirect_uri: fake.callbackUrl })).status).toBe(400);
    const accounts = (access: unknown): Promise<Response> => fetch(`${url}/trader/v1/accounts/accountNumbers`, { headers: { Authorization: `Bearer ${String(access)}` } });
    expect((await accounts(body.access_token)).status).toBe(200);
    clock.advance(30 * 60_000);
    expect((await accounts(body.access_token)).status).toBe(401);
  });

  it('refreshes with the same refresh token for 7 days from the login, never extending it', async () => {
    const { fake, url, clock } = await started();
    const { refresh } = await login(fake, url);
    clock.advance(SCHWAB_REFRESH_TOKEN_MS - 60_000);
    const again = await token(url, fake, { grant_type: 'refresh_token', refresh_token: refresh });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Record<string, unknown>).refresh_token).toBe(refresh);
    clock.advance(60_000);
    const expired = await token(url, fake, { grant_type: 'refresh_token', refresh_token: refresh });
    expect(expired.status).toBe(400);
    expect(JSON.stringify(await expired.json())).toContain('refresh_token_authentication_error');
  });

  it('refuses a revoked refresh token', async () => {
    const { fake, url } = await started();
    const { refresh } = await login(fake, url);
    fake.oauth.revokeRefreshTokens();
    expect((await token(url, fake, { grant_type: 'refresh_token', refresh_token: refresh })).status).toBe(400);
  });
});

describe('FakeSchwab Trader API', () => {
  it('places with 201 and a Location, replaces under a new id, and lists both newest first', async () => {
    const { fake, url } = await started();
    const { access } = await login(fake, url);
    const hash = fake.hashOf('74120355');
    const send = (method: string, path: string, body?: unknown): Promise<Response> =>
      fetch(`${url}/trader/v1/accounts/${hash}${path}`, { method, headers: { Authorization: `Bearer ${access}`, 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const placed = await send('POST', '/orders', condor('5.00'));
    expect(placed.status).toBe(201);
    expect(await placed.text()).toBe('');
    const id = /\/orders\/(\d+)$/.exec(placed.headers.get('location') ?? '')?.[1];
    expect(id).toBeDefined();
    const replaced = await send('PUT', `/orders/${id ?? ''}`, condor('4.90'));
    expect(replaced.status).toBe(201);
    const newId = /\/orders\/(\d+)$/.exec(replaced.headers.get('location') ?? '')?.[1];
    expect(newId).not.toBe(id);
    expect(((await (await send('GET', `/orders/${id ?? ''}`)).json()) as Record<string, unknown>).status).toBe('PENDING_REPLACE');
    const old = (await (await send('GET', `/orders/${id ?? ''}`)).json()) as Record<string, unknown>;
    expect(old.status).toBe('REPLACED');
    const list = (await (await send('GET', `/orders?fromEnteredTime=2026-03-01T00:00:00.000Z&toEnteredTime=2026-03-03T00:00:00.000Z`)).json()) as { orderId: number; status: string }[];
    expect(list.map((o) => String(o.orderId))).toEqual([newId, id]);
    expect(list[0]?.status).toBe('WORKING');
  });

  it('fills in parts through orderActivityCollection, keeping WORKING until the last part', async () => {
    const { fake, url } = await started();
    const { access } = await login(fake, url);
    const hash = fake.hashOf('74120355');
    fake.partialFillNext(1);
    const placed = await fetch(`${url}/trader/v1/accounts/${hash}/orders`, { method: 'POST', headers: { Authorization: `Bearer ${access}` }, body: JSON.stringify(condor('0.50', 3)) });
    const id = /\/orders\/(\d+)$/.exec(placed.headers.get('location') ?? '')?.[1] ?? '';
    const read = async (): Promise<Record<string, unknown>> => (await (await fetch(`${url}/trader/v1/accounts/${hash}/orders/${id}`, { headers: { Authorization: `Bearer ${access}` } })).json()) as Record<string, unknown>;
    expect(await read()).toMatchObject({ status: 'WORKING', filledQuantity: 1, remainingQuantity: 2 });
    fake.fill(id);
    const done = await read();
    expect(done).toMatchObject({ status: 'FILLED', filledQuantity: 3, remainingQuantity: 0 });
    expect((done.orderActivityCollection as { executionLegs: unknown[] }[]).map((a) => a.executionLegs.length)).toEqual([4, 4]);
  });

  it('answers 429 when rate limited and 401 on a plain account number', async () => {
    const { fake, url } = await started();
    const { access } = await login(fake, url);
    fake.rateLimitNext({ path: '/marketdata/' });
    const auth = { headers: { Authorization: `Bearer ${access}` } };
    expect((await fetch(`${url}/marketdata/v1/quotes?symbols=SPY`, auth)).status).toBe(429);
    expect((await fetch(`${url}/marketdata/v1/quotes?symbols=SPY`, auth)).status).toBe(200);
    expect((await fetch(`${url}/trader/v1/accounts/74120355`, auth)).status).toBe(401);
  });
});
