import { SchwabBrokers } from '@condor/broker-schwab';
import { DEFAULT_CORE_CONFIG } from '@condor/core';
import { MonitorLoop } from '@condor/runtime';
import { createTestServices, FakeClock, FakeSchwab, fakeAssertion, fakeRegistration, MemoryRetentionStore } from '@condor/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/index.js';
import { SchwabPerson } from './schwab-person.js';

/**
 * Issue 41's seven-day expiry on a short test clock, in process: the real SchwabBrokers against the fake (one
 * FakeClock for both), condor's pages and API over in-memory services. A person links by logging in at the fake,
 * opens a live condor with a passkey; a day before the login ends the position monitor tells them once; after the
 * end every answer says to log in at Schwab again with the broker-keys link (never a bare 401) and nothing is sent
 * to Schwab with the dead login; a fresh login restores trading on the same account with the position kept.
 */

const ORIGIN = 'http://condor.test';
const PASSWORD = 'schwab login expiry password';
const ACCOUNT = '74120355';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('a Schwab login’s seven days, on a test clock', () => {
  // A Monday, 10:00 in New York: the market is open, and again 7 days on.
  const clock = new FakeClock(Date.parse('2026-03-02T15:00:00Z'));
  const fake = new FakeSchwab({ now: () => clock.now(), callbackUrl: `${ORIGIN}/broker-keys/schwab/callback` });
  let apiUrl = '';
  let person: SchwabPerson;
  let services: ReturnType<typeof createTestServices>;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    apiUrl = await fake.start();
    const brokers = new SchwabBrokers({ app: { appKey: fake.appKey, appSecret: fake.appSecret, callbackUrl: fake.callbackUrl }, apiUrl, timeoutMs: 5_000, now: () => clock.now() });
    services = createTestServices({ clock, brokers, config: { ...DEFAULT_CORE_CONFIG, publicUrl: ORIGIN, liveTradingEnabled: true } });
    app = createApp(services);
    const send = async (method: string, path: string, body?: unknown, token?: string) => {
      const response = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const passkey = { register: (challenge: string) => fakeRegistration(challenge, 'cred-1'), assert: (challenge: string) => fakeAssertion(challenge, 'cred-1') };
    person = new SchwabPerson({ site: () => ORIGIN, fetchPage: (path, init) => Promise.resolve(app.request(path, init)), send }, passkey, 'schwab-week@example.com', PASSWORD);
  });

  afterAll(async () => {
    await fake.stop();
  });

  const send = (method: string, path: string, body?: unknown) =>
    app.request(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const json = async (method: string, path: string, body?: unknown) => {
    const response = await send(method, path, body);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const positions = async () => (await json('GET', '/v1/positions')).body['positions'] as { position_id: string; status: string }[];
  /** A new day on the clock: the agent's token and the browser session are renewed, as a person would log in again. */
  const later = async (ms: number) => {
    clock.advance(ms);
    await person.renewToken();
    await person.logIn();
  };

  let positionId = '';
  let loggedInAt = 0;
  let candidate: unknown;
  /** A refusal that says to log in at Schwab again and names the tool that gives the broker-keys link, never a bare 401. */
  const expectLogInAgain = (answer: { status: number; body: Record<string, unknown> }, what: string) => {
    expect(answer.status, what).toBe(409);
    expect(answer.body, `${what}: ${JSON.stringify(answer.body)}`).toMatchObject({ error: 'BROKER_NOT_CONNECTED', see_tool: 'get_broker_keys_link' });
    expect(`${String(answer.body['message'])} ${String(answer.body['suggestion'])}`, what).toMatch(/log in at Schwab again/i);
  };

  it('links by logging in at the fake and opens a live condor approved with a passkey', async () => {
    await person.signUp();
    await person.addPasskey();
    loggedInAt = clock.now();
    const afterLogin = await person.logInAtSchwab(apiUrl);
    await person.chooseAccount(afterLogin, ACCOUNT);
    const connected = await json('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'schwab' });
    expect(connected.body['link'], JSON.stringify(connected.body)).toMatchObject({ broker: 'schwab', connected: true, account_number: ACCOUNT });

    const found = await json('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 60 });
    [candidate] = found.body['candidates'] as unknown[];
    const proposed = await json('POST', '/v1/proposals/entries', { candidate, qty: 1 });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    positionId = String(proposed.body['position_id']);
    clock.advance(5_100);
    const placed = await person.approve(String(proposed.body['approval_url']));
    expect([placed.status, placed.text]).toEqual([200, expect.stringContaining('Order placed')]);
    expect((await positions()).map((p) => [p.position_id, p.status])).toEqual([[positionId, 'open']]);
  });

  it('tells the person once, from the position monitor’s rounds, a day before the login ends', async () => {
    await later(loggedInAt + 6 * DAY + 23 * HOUR - clock.now());
    const monitor = new MonitorLoop({ services, store: MemoryRetentionStore.create(), holder: 'test' });
    expect(await monitor.runOnce()).toMatchObject({ loginsEnding: 1 });
    clock.advance(2 * 60_000);
    expect(await monitor.runOnce()).toMatchObject({ loginsEnding: 0 });
    const user = await services.users.findByEmail(person.email);
    const told = (await services.news.recent(user?.id ?? '', 20)).filter((n) => n.news.key.startsWith('login-ends:'));
    expect(told.map((n) => n.news.title)).toEqual(['Your Schwab login ends within a day']);
    expect(told[0]?.news.body).toContain('log in at Schwab');
    // Still trading until the end.
    expect((await positions()).map((p) => p.status)).toEqual(['open']);
  });

  let [refreshes, asked] = [0, 0];
  it('passes the seventh day', async () => {
    await later(loggedInAt + 7 * DAY + 60_000 - clock.now());
    [refreshes, asked] = [fake.oauth.refreshes, fake.requests.length];
  });

  // A call that first reads the person's market (propose_exit) meets the ended login there: the market's `not_served`
  // carries the login's broker, and core answers as for the account itself.
  it('answers propose_exit, the first call after the end, BROKER_NOT_CONNECTED with the broker-keys link', async () => {
    expectLogInAgain(await json('POST', '/v1/proposals/exits', { position_id: positionId }), 'propose_exit');
  });

  it('after the seventh day, refuses in words with the broker-keys link, and sends Schwab nothing with the dead login', async () => {
    expectLogInAgain(await json('GET', '/v1/positions'), 'get_positions');
    expectLogInAgain(await json('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'schwab' }), 'connect_broker');
    expect(fake.oauth.refreshes).toBe(refreshes);
    expect(fake.requests.slice(asked)).toEqual([]);
  });

  // The first refusal disconnects the link; the connected-broker gate then speaks of the ended login, not of keys.
  it('keeps saying "log in at Schwab again" on trading calls once the link is disconnected', async () => {
    expectLogInAgain(await json('POST', '/v1/proposals/entries', { candidate, qty: 1 }), 'propose_entry');
    expectLogInAgain(await json('GET', '/v1/positions'), 'get_positions again');
  });

  it('restores trading on the same account after a fresh login, with the position kept and exitable', async () => {
    const again = await person.logInAtSchwab(apiUrl);
    expect(again).toContain('trades on as before');
    expect(again).toContain(ACCOUNT);
    expect(fake.oauth.exchanges).toBe(2);
    expect((await positions()).map((p) => [p.position_id, p.status])).toEqual([[positionId, 'open']]);
    const exit = await json('POST', '/v1/proposals/exits', { position_id: positionId });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(fake.book.orders).toHaveLength(1);
  });
});
