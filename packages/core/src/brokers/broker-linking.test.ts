import { createTestServices, FakeBrokers, FakeSecretBox, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';

const PASSWORD = 'linking password 1';
const KEY = 'PKLINKINGKEY00001234';
const SECRET = 'linking-secret-abcdef';

async function trader(services: TestServices) {
  const anonymous = { services, credential: null, requestId: 'r', batchKey: null };
  await execute('register', { email: 'link@example.com', password: PASSWORD }, anonymous);
  const login = await execute('login', { email: 'link@example.com', password: PASSWORD }, anonymous);
  const { access_token: credential, user } = login._unsafeUnwrap().value as { access_token: string; user: { user_id: string } };
  const call = async (tool: string, input: unknown = {}) =>
    (await execute(tool, input, { ...anonymous, credential })).match(
      ({ value }) => value as Record<string, unknown>,
      ({ body }) => body as unknown as Record<string, unknown>,
    );
  for (const name of ['eua', 'risk-disclosure']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  return { call, userId: user.user_id };
}

describe('broker linking', () => {
  it('seals the keys bound to the owner, shows only a hint, and needs connect_broker before trading', async () => {
    const services = createTestServices();
    const { call, userId } = await trader(services);
    const stored = await call('set_broker_keys', { api_key: KEY, api_secret: SECRET });
    expect(stored).toEqual({ link: { broker: 'alpaca', environment: 'paper', key_hint: '…1234', connected: false, connected_at: null, account_number: null, login_expires_at: null }, next_tool: 'connect_broker' });
    const link = await services.brokerLinks.get(userId);
    expect(JSON.stringify(link)).not.toContain(SECRET);
    expect(JSON.stringify(link)).not.toContain(KEY);
    expect((await call('get_positions'))['error']).toBe('BROKER_NOT_CONNECTED');
  });

  it('refuses connect_broker until the broker-authorization document is read and confirmed', async () => {
    const services = createTestServices();
    const { call } = await trader(services);
    expect((await call('connect_broker', { authorization_confirmed: true }))['error']).toBe('AUTHORIZATION_NOT_CONFIRMED');
    await call('get_legal_document', { name: 'broker-authorization' });
    expect((await call('connect_broker', { authorization_confirmed: false }))['error']).toBe('AUTHORIZATION_NOT_CONFIRMED');
    expect((await call('connect_broker', { authorization_confirmed: true }))['link']).toMatchObject({ broker: 'sim', connected: true });
  });

  it('opens the linked Alpaca account with the stored keys, and answers a refused key pair with BROKER_NOT_CONNECTED', async () => {
    const brokers = new FakeBrokers();
    const services = createTestServices({ brokers });
    const { call, userId } = await trader(services);
    await call('get_legal_document', { name: 'broker-authorization' });
    await call('set_broker_keys', { api_key: KEY, api_secret: SECRET });
    brokers.verifyFails(userId, { kind: 'auth_failed', message: 'unauthorized' });
    const refused = await call('connect_broker', { authorization_confirmed: true });
    expect(refused).toMatchObject({ error: 'BROKER_NOT_CONNECTED', see_tool: 'set_broker_keys' });
    expect(refused['suggestion']).toMatch(/paper keys only work with paper/);
    brokers.verifyFails(userId, null);
    expect((await call('connect_broker', { authorization_confirmed: true }))['link']).toMatchObject({ broker: 'alpaca', connected: true });
    expect(brokers.opened.at(-1)).toEqual({ ownerId: userId, broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey: KEY, apiSecret: SECRET } });
    expect(await call('disconnect_broker')).toEqual({ disconnected: true, was_linked: true });
    expect(await services.brokerLinks.get(userId)).toBeUndefined();
  });

  it('keys sealed for one owner do not open for another (associated data), and the link then asks for new keys', async () => {
    const services = createTestServices();
    const { call, userId } = await trader(services);
    await call('set_broker_keys', { api_key: KEY, api_secret: SECRET });
    const link = await services.brokerLinks.get(userId);
    if (link === undefined) throw new Error('no link');
    await services.brokerLinks.put({ ...link, ownerId: userId, apiKey: await new FakeSecretBox().seal(KEY, 'broker_link|someone-else|api_key|v1'), connectedAt: 1 });
    await call('get_legal_document', { name: 'broker-authorization' });
    expect((await call('connect_broker', { authorization_confirmed: true }))).toMatchObject({ error: 'BROKER_NOT_CONNECTED', see_tool: 'set_broker_keys' });
  });

  it('refuses live accounts unless the deployment enables live trading', async () => {
    const paperOnly = await trader(createTestServices());
    expect((await paperOnly.call('set_broker_keys', { api_key: KEY, api_secret: SECRET, environment: 'live' }))['error']).toBe('SERVICE_NOT_CONFIGURED');
    const live = await trader(createTestServices({ config: { ...DEFAULT_CORE_CONFIG, liveTradingEnabled: true } }));
    expect((await live.call('set_broker_keys', { api_key: KEY, api_secret: SECRET, environment: 'live' }))['link']).toMatchObject({ environment: 'live' });
  });

  it('refuses an environment the broker does not have, and keys for a broker that takes none', async () => {
    const { call } = await trader(createTestServices({ config: { ...DEFAULT_CORE_CONFIG, liveTradingEnabled: true } }));
    await call('get_legal_document', { name: 'broker-authorization' });
    expect(await call('connect_broker', { authorization_confirmed: true, broker: 'sim', environment: 'live' })).toMatchObject({
      error: 'SERVICE_NOT_CONFIGURED',
      message: 'The simulated broker has no live environment.',
    });
    expect((await call('set_broker_keys', { api_key: KEY, api_secret: SECRET, broker: 'sim' }))['error']).toBe('INVALID_VALUE');
  });

  it('answers SERVER_MISCONFIGURED when the deployment cannot seal keys', async () => {
    const { call } = await trader(createTestServices({ secrets: null }));
    expect((await call('set_broker_keys', { api_key: KEY, api_secret: SECRET }))['error']).toBe('SERVER_MISCONFIGURED');
  });
});
