import { createTestServices, type TestServices } from '@condor/testkit';
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { keyContext } from '../brokers/sealed-keys.js';
import type { AppError } from '../errors/app-error.js';
import { execute } from '../operations/execute.js';
import { DEFAULT_CORE_CONFIG, type CoreConfig, type Services } from '../services.js';
import { browserLogin } from '../approval/approval-fixture.js';
import { brokerKeysForm, setBrokerKeysByLink } from './broker-keys-page.js';
import type { BrowserCaller } from './browser-session.js';
import { BROKER_KEYS_LINK_TTL_MS, mintLink } from './links.js';

const PASSWORD = 'broker keys page password 1';
const KEY = 'PKPAGEKEY000000WXYZ';
const SECRET = 'page-secret-0123456789abcdef';
const KEYS = { api_key: KEY, api_secret: SECRET, environment: 'paper' };

/** A registered user logged in on the HTML login page (no onboarding: the page needs none). */
async function person(services: TestServices, email: string): Promise<BrowserCaller> {
  await execute('register', { email, password: PASSWORD }, { services, credential: null, requestId: 'keys-page-test', batchKey: null });
  return browserLogin(services, email, PASSWORD);
}

async function world(config: Partial<CoreConfig> = {}, overrides: Partial<Services> = {}) {
  const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, ...config }, ...overrides });
  const owner = await person(services, 'keys-owner@example.com');
  const stranger = await person(services, 'keys-stranger@example.com');
  const link = await mintLink(services, 'broker_keys', owner.userId, null, services.clock.now() + BROKER_KEYS_LINK_TTL_MS);
  return { services, owner, stranger, link };
}

const codeOf = (result: ResultAsync<unknown, AppError>): Promise<string> => result.match(() => 'ok', (error) => error.code);

/** Everything a service holds, Maps and Sets included, as text; cycles cut. */
function contents(value: object): string {
  const seen = new WeakSet();
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return undefined;
      seen.add(item);
    }
    return item instanceof Map ? [...item.entries()] : item instanceof Set ? [...item] : item;
  });
}

describe('brokerKeysForm', () => {
  it('tells until when the link works and that live keys are not accepted by default', async () => {
    const { services, owner, link } = await world();
    expect((await brokerKeysForm(services, owner, link))._unsafeUnwrap()).toEqual({ expiresAt: services.clock.now() + BROKER_KEYS_LINK_TTL_MS, liveAllowed: false });
  });

  it('says live keys are accepted where live trading is enabled', async () => {
    const { services, owner, link } = await world({ liveTradingEnabled: true });
    expect((await brokerKeysForm(services, owner, link))._unsafeUnwrap().liveAllowed).toBe(true);
  });

  it('answers NOT_FOUND from the link’s 15 minutes on', async () => {
    const { services, owner, link } = await world();
    services.clock.advance(BROKER_KEYS_LINK_TTL_MS - 1);
    expect(await codeOf(brokerKeysForm(services, owner, link))).toBe('ok');
    services.clock.advance(1);
    expect(await codeOf(brokerKeysForm(services, owner, link))).toBe('NOT_FOUND');
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, KEYS))).toBe('NOT_FOUND');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });

  it('does not open an approval link', async () => {
    const { services, owner } = await world();
    const approval = await mintLink(services, 'approve_proposal', owner.userId, services.ids.uuid(), services.clock.now() + 60_000);
    expect(await codeOf(brokerKeysForm(services, owner, approval))).toBe('NOT_FOUND');
  });
});

describe('setBrokerKeysByLink', () => {
  it('stores the key pair sealed, with only a hint in the clear, to be connected again', async () => {
    const { services, owner, link } = await world();
    expect((await setBrokerKeysByLink(services, owner, link, KEYS))._unsafeUnwrap()).toEqual({ keyHint: '…WXYZ', environment: 'paper' });
    const stored = (await services.brokerLinks.get(owner.userId))!;
    expect(stored).toMatchObject({ broker: 'alpaca', environment: 'paper', connectedAt: null });
    expect(stored.apiKey).toEqual({ keyId: expect.any(String), nonce: expect.any(String), ciphertext: expect.any(String) });
    expect(stored.apiSecret).toEqual({ keyId: expect.any(String), nonce: expect.any(String), ciphertext: expect.any(String) });
    expect(await services.secrets?.open(stored.apiKey!, keyContext(owner.userId, 'api_key'))).toBe(KEY);
    expect(await services.secrets?.open(stored.apiSecret!, keyContext(owner.userId, 'api_secret'))).toBe(SECRET);
  });

  it('leaves neither the key nor the secret in the clear in any store, nor the link’s token', async () => {
    const { services, owner, link } = await world();
    (await setBrokerKeysByLink(services, owner, link, KEYS))._unsafeUnwrap();
    expect(contents(services.brokerLinks)).toContain('WXYZ');
    for (const [name, service] of Object.entries(services as unknown as Record<string, unknown>)) {
      if (typeof service !== 'object' || service === null) continue;
      const text = contents(service);
      expect(text, name).not.toContain(KEY);
      expect(text, name).not.toContain(SECRET);
      expect(text, name).not.toContain(link);
    }
  });

  it('is single use', async () => {
    const { services, owner, link } = await world();
    (await setBrokerKeysByLink(services, owner, link, KEYS))._unsafeUnwrap();
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, { ...KEYS, api_key: 'PKSECONDKEY00000AAAA' }))).toBe('NOT_FOUND');
    expect(await codeOf(brokerKeysForm(services, owner, link))).toBe('NOT_FOUND');
    expect((await services.brokerLinks.get(owner.userId))?.keyHint).toBe('WXYZ');
  });

  it('answers another user’s session with NOT_FOUND, stores nothing, and leaves the link to its owner', async () => {
    const { services, owner, stranger, link } = await world();
    expect(await codeOf(brokerKeysForm(services, stranger, link))).toBe('NOT_FOUND');
    expect(await codeOf(setBrokerKeysByLink(services, stranger, link, KEYS))).toBe('NOT_FOUND');
    expect(await services.brokerLinks.get(stranger.userId)).toBeUndefined();
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, KEYS))).toBe('ok');
  });

  it.each([
    ['an empty key', { ...KEYS, api_key: '' }],
    ['a blank secret', { ...KEYS, api_secret: '   ' }],
    ['no secret', { ...KEYS, api_secret: undefined }],
    ['a key of 4,097 characters', { ...KEYS, api_key: 'K'.repeat(4097) }],
    ['an unknown environment', { ...KEYS, environment: 'demo' }],
    ['a number for a key', { ...KEYS, api_key: 12345 }],
  ])('answers VALIDATION_ERROR for %s, stores nothing, and the link still works', async (_what, input) => {
    const { services, owner, link } = await world();
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, input))).toBe('VALIDATION_ERROR');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, KEYS))).toBe('ok');
  });

  it('takes paper keys when no environment is given', async () => {
    const { services, owner, link } = await world();
    expect((await setBrokerKeysByLink(services, owner, link, { ...KEYS, environment: undefined }))._unsafeUnwrap().environment).toBe('paper');
  });

  it('refuses live keys unless live trading is enabled, and the link is left for paper keys', async () => {
    const { services, owner, link } = await world();
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, { ...KEYS, environment: 'live' }))).toBe('SERVICE_NOT_CONFIGURED');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
    expect((await setBrokerKeysByLink(services, owner, link, KEYS))._unsafeUnwrap().environment).toBe('paper');
  });

  it('stores live keys where live trading is enabled', async () => {
    const { services, owner, link } = await world({ liveTradingEnabled: true });
    expect((await setBrokerKeysByLink(services, owner, link, { ...KEYS, environment: 'live' }))._unsafeUnwrap().environment).toBe('live');
    expect((await services.brokerLinks.get(owner.userId))?.environment).toBe('live');
  });

  it('answers SERVER_MISCONFIGURED without an encryption key, and the link is left for later', async () => {
    const { services, owner, link } = await world({}, { secrets: null });
    expect(await codeOf(setBrokerKeysByLink(services, owner, link, KEYS))).toBe('SERVER_MISCONFIGURED');
    expect(await codeOf(brokerKeysForm(services, owner, link))).toBe('ok');
  });
});

describe('setBrokerKeysByLink under concurrency', () => {
  it('lets exactly one of two forms submitted at once store its pair; the other is told the link is used', async () => {
    const { services, owner, link } = await world();
    const codes = await Promise.all([
      codeOf(setBrokerKeysByLink(services, owner, link, { ...KEYS, api_key: 'PKFIRST00000001111' })),
      codeOf(setBrokerKeysByLink(services, owner, link, { ...KEYS, api_key: 'PKSECOND0000002222' })),
    ]);
    expect([...codes].sort()).toEqual(['NOT_FOUND', 'ok']);
    const stored = await services.brokerLinks.get(owner.userId);
    expect(stored?.keyHint).toBe(codes[0] === 'ok' ? '1111' : '2222');
  });
});
