import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';

const PASSWORD = 'account choice password';
const CLIENT_SECRET = 'tt-client-secret-0000000000000000000000';
const REFRESH_TOKEN = `eyJ${'r'.repeat(1800)}.${'s'.repeat(600)}.sig`;

async function tastytrader(services: TestServices) {
  const anonymous = { services, credential: null, requestId: 'r', batchKey: null };
  await execute('register', { email: 'tt@example.com', password: PASSWORD }, anonymous);
  const login = await execute('login', { email: 'tt@example.com', password: PASSWORD }, anonymous);
  const { access_token: credential, user } = login._unsafeUnwrap().value as { access_token: string; user: { user_id: string } };
  const call = async (tool: string, input: unknown = {}) =>
    (await execute(tool, input, { ...anonymous, credential })).match(
      ({ value }) => value as Record<string, unknown>,
      ({ body }) => body as unknown as Record<string, unknown>,
    );
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  return { call, userId: user.user_id };
}

const ACCOUNTS = [
  { accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true },
  { accountNumber: '5WT00002', description: 'Roth IRA cash account', canTrade: true },
  { accountNumber: '5WT00003', description: 'Joint margin account (read-only)', canTrade: false },
];

describe('connect_broker for a login with several accounts (tastytrade)', () => {
  it('takes a refresh token far longer than 256 characters, and asks for account_number naming the tradeable accounts', async () => {
    const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'tastytrade'] });
    const services = createTestServices({ brokers });
    const { call, userId } = await tastytrader(services);
    brokers.setLoginAccounts(userId, ACCOUNTS);
    expect(await call('set_broker_keys', { broker: 'tastytrade', api_key: CLIENT_SECRET, api_secret: REFRESH_TOKEN })).toMatchObject({ link: { broker: 'tastytrade', account_number: null } });
    const asked = await call('connect_broker', { authorization_confirmed: true });
    expect(asked).toMatchObject({ error: 'VALIDATION_ERROR', expected: 'one of: 5WT00001, 5WT00002', received: { account_number: null } });
    expect(asked['message']).toContain('5WT00001 (Individual margin account (Main))');
    expect(asked['message']).not.toContain('5WT00003');
    expect((await call('connect_broker', { authorization_confirmed: true, account_number: '5WT00003' }))['error']).toBe('VALIDATION_ERROR');
    expect((await services.brokerLinks.get(userId))?.connectedAt).toBeNull();
    expect(JSON.stringify([asked])).not.toContain(REFRESH_TOKEN.slice(0, 40));
  });

  it('connects the named account, keeps it on the link, opens the broker with it, and keeps it on the next connect', async () => {
    const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'tastytrade'] });
    const services = createTestServices({ brokers });
    const { call, userId } = await tastytrader(services);
    brokers.setLoginAccounts(userId, ACCOUNTS);
    await call('set_broker_keys', { broker: 'tastytrade', api_key: CLIENT_SECRET, api_secret: REFRESH_TOKEN });
    const connected = await call('connect_broker', { authorization_confirmed: true, account_number: '5WT00002' });
    expect(connected['link']).toMatchObject({ broker: 'tastytrade', connected: true, account_number: '5WT00002' });
    expect(brokers.opened.at(-1)).toEqual({
      ownerId: userId,
      broker: 'tastytrade',
      environment: 'paper',
      credentials: { kind: 'tastytrade', clientSecret: CLIENT_SECRET, refreshToken: REFRESH_TOKEN, accountNumber: '5WT00002' },
    });
    expect((await call('connect_broker', { authorization_confirmed: true }))['link']).toMatchObject({ account_number: '5WT00002' });
    const stored = JSON.stringify(await services.brokerLinks.get(userId));
    expect(stored).not.toContain(CLIENT_SECRET);
    expect(stored).not.toContain(REFRESH_TOKEN.slice(0, 40));
  });

  it('chooses the only tradeable account by itself', async () => {
    const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'tastytrade'] });
    const services = createTestServices({ brokers });
    const { call, userId } = await tastytrader(services);
    brokers.setLoginAccounts(userId, [ACCOUNTS[0]!, ACCOUNTS[2]!]);
    await call('set_broker_keys', { broker: 'tastytrade', api_key: CLIENT_SECRET, api_secret: REFRESH_TOKEN, environment: 'paper' });
    expect((await call('connect_broker', { authorization_confirmed: true }))['link']).toMatchObject({ connected: true, account_number: '5WT00001' });
  });
});
