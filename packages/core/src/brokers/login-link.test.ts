import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { onboardedUser } from '../approval/approval-fixture.js';
import type { AppError } from '../errors/app-error.js';
import { execute } from '../operations/execute.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { linkView } from './link-view.js';
import { keyContext, loginTokenContext, openCredentials } from './sealed-keys.js';
import { tradingAccountView } from './trading-account.js';

const DAY = 86_400_000;
const OWNER = '5c4ab000-0000-4000-8000-000000000001';
const REFRESH_TOKEN = 'schwab-refresh-token-c0ffee-0123456789abcdef';
const ACCOUNTS = [
  { accountNumber: '11112222', description: 'Individual brokerage', canTrade: true, accountKey: 'HASH-H' },
  { accountNumber: '33334444', description: 'Roth IRA', canTrade: true, accountKey: 'HASH-R' },
];

/** A Schwab link of `ownerId`, its refresh token sealed as a login keeps it, logged in a day before the clock's now. */
async function schwabLink(services: TestServices, ownerId: string, changes: Partial<BrokerLink> = {}): Promise<BrokerLink> {
  const loggedInAt = services.clock.now() - DAY;
  const apiSecret = await services.secrets!.seal(REFRESH_TOKEN, loginTokenContext(ownerId));
  return { ownerId, broker: 'schwab', environment: 'live', apiKey: null, apiSecret, keyHint: null, connectedAt: null, updatedAt: loggedInAt, loggedInAt, accountKey: 'HASH-H', ...changes };
}

const failure = (result: ResultAsync<unknown, AppError>): Promise<AppError | null> => result.match(() => null, (error) => error);

describe('openCredentials for a link made by logging in at Schwab', () => {
  it('opens the refresh token, with the login time and the chosen account’s hash', async () => {
    const services = createTestServices();
    const link = await schwabLink(services, OWNER);
    expect((await openCredentials(link, services))._unsafeUnwrap()).toEqual({ kind: 'schwab', refreshToken: REFRESH_TOKEN, refreshIssuedAt: link.loggedInAt, accountHash: 'HASH-H' });
    expect((await openCredentials({ ...link, accountKey: null }, services))._unsafeUnwrap()).toMatchObject({ accountHash: null });
  });

  it.each([
    ['no token is stored', { apiSecret: null }, 'No Schwab login is stored for you.'],
    ['no login time is stored', { loggedInAt: null }, 'No Schwab login is stored for you.'],
    ['the token was sealed for another person', { ownerId: '5c4ab000-0000-4000-8000-000000000009' }, 'can no longer be read'],
  ])('answers BROKER_NOT_CONNECTED, log in at Schwab again, when %s', async (_why, changes, why) => {
    const services = createTestServices();
    const error = await failure(openCredentials({ ...(await schwabLink(services, OWNER)), ...changes }, services));
    expect(error).toMatchObject({ code: 'BROKER_NOT_CONNECTED', seeTool: 'get_broker_keys_link' });
    expect(error?.message).toContain(why);
    expect(error?.message).toContain('Log in at Schwab again');
    expect(JSON.stringify(error)).not.toContain(REFRESH_TOKEN);
  });

  it('does not open a token sealed as a keyed broker’s api_key', async () => {
    const services = createTestServices();
    const apiSecret = await services.secrets!.seal(REFRESH_TOKEN, keyContext(OWNER, 'api_key'));
    expect((await failure(openCredentials(await schwabLink(services, OWNER, { apiSecret }), services)))?.code).toBe('BROKER_NOT_CONNECTED');
  });

  it('answers SERVER_MISCONFIGURED where the server has no secret key', async () => {
    const services = createTestServices();
    const link = await schwabLink(services, OWNER);
    expect((await failure(openCredentials(link, { ...services, secrets: null })))?.code).toBe('SERVER_MISCONFIGURED');
  });
});

describe('when a Schwab login ends, in trading answers and links', () => {
  // The fake clock starts Monday 5 January 2026, 14:30 UTC (09:30 in New York).
  it('says when the login ends, as data and in words', async () => {
    const services = createTestServices();
    const link = await schwabLink(services, OWNER);
    expect(tradingAccountView(link, services)).toEqual({
      broker: 'schwab',
      environment: 'live',
      simulated_market: false,
      words:
        'Charles Schwab, LIVE account — real money; real market quotes. Your Schwab login ends Sunday 11 January 2026, 09:30 New York time (in 6 d): log in at Schwab again before then.',
      login_expires_at: '2026-01-11T14:30:00.000Z',
    });
    expect(linkView(link).login_expires_at).toBe('2026-01-11T14:30:00.000Z');
  });

  it('says a login ended, and to log in again to trade', async () => {
    const services = createTestServices();
    const view = tradingAccountView(await schwabLink(services, OWNER, { loggedInAt: services.clock.now() - 8 * DAY }), services);
    expect(view.words).toContain('Your Schwab login ended Sunday 4 January 2026, 09:30 New York time: log in at Schwab again from the broker keys page to trade.');
    expect(view.login_expires_at).toBe('2026-01-04T14:30:00.000Z');
  });

  it('says nothing of a login for a link made with keys', () => {
    const services = createTestServices();
    const view = tradingAccountView({ broker: 'alpaca', environment: 'paper', loggedInAt: null }, services);
    expect(view).toEqual({ broker: 'alpaca', environment: 'paper', simulated_market: false, words: 'Alpaca, paper account — no real money; real market quotes.' });
    expect(linkView({ ownerId: OWNER, broker: 'alpaca', environment: 'paper', apiKey: null, apiSecret: null, keyHint: 'WXYZ', connectedAt: null, updatedAt: 0 }).login_expires_at).toBeNull();
  });
});

describe('connect_broker for Schwab', () => {
  async function schwabDeployment() {
    const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'schwab'] });
    const services = createTestServices({ brokers, config: { ...DEFAULT_CORE_CONFIG, liveTradingEnabled: true } });
    const user = await onboardedUser(services, 'schwab-connect@example.com', 'schwab connect password');
    const call = async (input: unknown): Promise<Record<string, unknown>> =>
      (await execute('connect_broker', input, { services, credential: user.accessToken, requestId: 'schwab-connect', batchKey: null })).match(
        ({ value }) => value as Record<string, unknown>,
        ({ body }) => body as unknown as Record<string, unknown>,
      );
    return { services, brokers, userId: user.userId, call };
  }

  it.each([
    ['no Schwab login was made', null],
    ['the stored Schwab link has no login time', { loggedInAt: null }],
  ])('refuses when %s: log in at Schwab, from the broker keys page', async (_why, changes) => {
    const { services, userId, call } = await schwabDeployment();
    if (changes !== null) await services.brokerLinks.put(await schwabLink(services, userId, changes));
    const before = await services.brokerLinks.get(userId);
    const refused = await call({ authorization_confirmed: true, broker: 'schwab', environment: 'live' });
    expect(refused).toMatchObject({ error: 'BROKER_NOT_CONNECTED', see_tool: 'get_broker_keys_link' });
    expect(refused['message']).toContain('Log in at Schwab');
    expect(await services.brokerLinks.get(userId)).toEqual(before);
  });

  it('takes Schwab’s only environment, live, when none is named: the answer is to log in, not that Schwab has no paper', async () => {
    const { call } = await schwabDeployment();
    const refused = await call({ authorization_confirmed: true, broker: 'schwab' });
    expect(refused).toMatchObject({ error: 'BROKER_NOT_CONNECTED', see_tool: 'get_broker_keys_link' });
    expect(refused['message']).toContain('Log in at Schwab');
  });

  it('connects the chosen account of a stored login, keeping its hash, and says when the login ends', async () => {
    const { services, brokers, userId, call } = await schwabDeployment();
    brokers.setLoginAccounts(userId, ACCOUNTS);
    const link = await schwabLink(services, userId, { accountKey: null });
    await services.brokerLinks.put(link);
    const connected = await call({ authorization_confirmed: true, account_number: '33334444' });
    expect(connected['link']).toMatchObject({ broker: 'schwab', environment: 'live', connected: true, account_number: '33334444', login_expires_at: '2026-01-11T14:30:00.000Z' });
    expect(await services.brokerLinks.get(userId)).toMatchObject({ accountNumber: '33334444', accountKey: 'HASH-R', loggedInAt: link.loggedInAt });
    expect(brokers.opened.at(-1)?.credentials).toEqual({ kind: 'schwab', refreshToken: REFRESH_TOKEN, refreshIssuedAt: link.loggedInAt, accountHash: 'HASH-R' });
    expect(JSON.stringify(connected)).not.toContain(REFRESH_TOKEN);
  });
});
