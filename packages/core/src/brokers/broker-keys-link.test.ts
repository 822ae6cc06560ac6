import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { setBrokerKeysByLink } from '../browser/broker-keys-page.js';
import { browserCaller, startBrowserSession } from '../browser/browser-session.js';
import { execute } from '../operations/execute.js';
import { DEFAULT_CORE_CONFIG, type CoreConfig } from '../services.js';

const EMAIL = 'keys-link@example.com';
const PASSWORD = 'keys link password 1';
const KEY = 'PKLINKFLOWKEY0005678';
const SECRET = 'link-flow-secret-abcdef';

/** A registered user with an API session, onboarded unless told not to. */
async function trader(config: Partial<CoreConfig> = {}, onboarded = true) {
  const brokers = new FakeBrokers();
  const services: TestServices = createTestServices({ brokers, config: { ...DEFAULT_CORE_CONFIG, ...config } });
  const anonymous = { services, credential: null, requestId: 'keys-link-test', batchKey: null };
  await execute('register', { email: EMAIL, password: PASSWORD }, anonymous);
  const login = (await execute('login', { email: EMAIL, password: PASSWORD }, anonymous))._unsafeUnwrap().value as { access_token: string; user: { user_id: string } };
  const call = async (tool: string, input: unknown = {}) =>
    (await execute(tool, input, { ...anonymous, credential: login.access_token })).match(
      ({ value }) => value as Record<string, unknown>,
      ({ body }) => body as unknown as Record<string, unknown>,
    );
  if (onboarded) {
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
    await call('accept_eua');
    await call('acknowledge_risk');
  }
  return { services, brokers, call, userId: login.user.user_id };
}

const tokenOf = (url: unknown): string => /\/broker-keys\/([A-Za-z0-9_-]+)$/.exec(String(url))?.[1] ?? '';

describe('get_broker_keys_link', () => {
  it('answers an absolute single-use URL on the deployment, expiring in 15 minutes, then connect_broker', async () => {
    const { services, call, userId } = await trader({ publicUrl: 'https://condor.example' });
    const answer = await call('get_broker_keys_link');
    expect(answer['url']).toMatch(/^https:\/\/condor\.example\/broker-keys\/[A-Za-z0-9_-]{16,128}$/);
    expect(answer['expires_at']).toBe(new Date(services.clock.now() + 15 * 60_000).toISOString());
    expect(answer['next_tool']).toBe('connect_broker');
    const stored = await services.singleUseLinks.find(services.digest.sha256(tokenOf(answer['url'])));
    expect(stored).toMatchObject({ purpose: 'broker_keys', ownerId: userId, proposalId: null, usedAt: null, expiresAt: services.clock.now() + 15 * 60_000 });
  });

  it('answers a path on this server when the deployment has no public URL, and a new token each time', async () => {
    const { call } = await trader();
    const first = await call('get_broker_keys_link');
    const second = await call('get_broker_keys_link');
    expect(first['url']).toMatch(/^\/broker-keys\/[A-Za-z0-9_-]+$/);
    expect(tokenOf(first['url'])).not.toBe(tokenOf(second['url']));
  });

  it('needs onboarding first', async () => {
    const { call } = await trader({}, false);
    expect((await call('get_broker_keys_link'))['error']).toBe('ONBOARDING_REQUIRED');
  });

  it('needs a session', async () => {
    const services = createTestServices();
    const answer = await execute('get_broker_keys_link', {}, { services, credential: null, requestId: 'anonymous', batchKey: null });
    expect(answer._unsafeUnwrapErr().body.error).toBe('UNAUTHORIZED');
  });
});

describe('broker keys through the link', () => {
  it('are typed on the page, never pass through the agent, and connect the Alpaca account', async () => {
    const { services, brokers, call, userId } = await trader();
    const link = tokenOf((await call('get_broker_keys_link'))['url']);
    const session = (await startBrowserSession(services, { email: EMAIL, password: PASSWORD, userAgent: 'Firefox/140', address: null }))._unsafeUnwrap();
    const browser = (await browserCaller(services, session.token))._unsafeUnwrap();
    expect((await setBrokerKeysByLink(services, browser, link, { api_key: KEY, api_secret: SECRET, environment: 'paper' }))._unsafeUnwrap().keyHint).toBe('…5678');
    expect(JSON.stringify(await services.brokerLinks.get(userId))).not.toContain(SECRET);
    expect(await call('connect_broker', { authorization_confirmed: true })).toMatchObject({ link: { broker: 'alpaca', environment: 'paper', key_hint: '…5678', connected: true } });
    expect(brokers.opened.at(-1)).toEqual({ ownerId: userId, broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey: KEY, apiSecret: SECRET } });
  });
});
