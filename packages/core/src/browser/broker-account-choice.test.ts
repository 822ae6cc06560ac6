import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import { errAsync, ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { browserLogin, onboardedUser } from '../approval/approval-fixture.js';
import { keyContext } from '../brokers/sealed-keys.js';
import { execute } from '../operations/execute.js';
import type { BrokerAccess, BrokerAccountChoice, BrokerError } from '../ports/broker.js';
import type { BrokerName } from '../ports/broker-link-store.js';
import { DEFAULT_CORE_CONFIG, type CoreConfig } from '../services.js';
import { accountsToChoose, chooseBrokerAccount } from './broker-account-choice.js';
import { saveBrokerKeysForm } from './broker-keys-save.js';
import type { BrowserCaller } from './browser-session.js';
import { BROKER_KEYS_LINK_TTL_MS, mintLink } from './links.js';

const PASSWORD = 'broker keys fixture password';
const CLIENT_SECRET = 'tt-client-secret-7c1f00000000000000000000';
/** As long as the JWT-like refresh tokens tastytrade issues can be: far past Alpaca's 256 characters. */
const REFRESH_TOKEN = `eyJhbGciOiJFZERTQSJ9.${'r'.repeat(1400)}.${'s'.repeat(578)}`;

const TASTY_ACCOUNTS: readonly BrokerAccountChoice[] = [
  { accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true },
  { accountNumber: '5WT00002', description: 'Roth IRA cash account', canTrade: true },
  { accountNumber: '5WT00003', description: 'Joint margin account (read-only)', canTrade: false },
];

/** FakeBrokers that records every `listAccounts` access (credentials included), for the tests that check which keys listed. */
class ListingBrokers extends FakeBrokers {
  readonly listed: BrokerAccess[] = [];

  override listAccounts(access: BrokerAccess): ResultAsync<readonly BrokerAccountChoice[], BrokerError> {
    this.listed.push(access);
    return super.listAccounts(access);
  }
}

/**
 * A person onboarded over the API (the simulated broker connected) and logged in in a browser, with a fresh
 * broker-keys link; `call` runs a tool as their agent.
 */
async function keysPageWorld(options: { available?: readonly BrokerName[]; config?: Partial<CoreConfig>; brokers?: ListingBrokers } = {}) {
  const brokers = options.brokers ?? new ListingBrokers({ available: options.available ?? ['sim', 'alpaca', 'tastytrade'] });
  const services: TestServices = createTestServices({ brokers, config: { ...DEFAULT_CORE_CONFIG, ...options.config } });
  const user = await onboardedUser(services, 'keys-page@example.com', PASSWORD);
  const person: BrowserCaller = await browserLogin(services, 'keys-page@example.com', PASSWORD);
  const link = await mintLink(services, 'broker_keys', user.userId, null, services.clock.now() + BROKER_KEYS_LINK_TTL_MS);
  const call = async (tool: string, input: unknown = {}): Promise<Record<string, unknown>> =>
    (await execute(tool, input, { services, credential: user.accessToken, requestId: 'keys-page', batchKey: null })).match(
      ({ value }) => value as Record<string, unknown>,
      ({ body }) => body as unknown as Record<string, unknown>,
    );
  return { services, brokers, person, link, call, userId: user.userId };
}

/** The posted tastytrade form, under tastytrade's own field names. */
const TASTY_FORM = { broker: 'tastytrade', client_secret: CLIENT_SECRET, refresh_token: REFRESH_TOKEN, environment: 'paper' } as const;

const codeOf = (result: ResultAsync<unknown, { code: string }>): Promise<string> => result.match(() => 'ok', (error) => error.code);

describe('saveBrokerKeysForm', () => {
  it('stores a tastytrade form’s client_secret and refresh_token (a 2,000-character token) as api_key and api_secret, sealed', async () => {
    const { services, person, link, userId } = await keysPageWorld();
    expect(REFRESH_TOKEN.length).toBe(2_000);
    const saved = (await saveBrokerKeysForm(services, person, link, TASTY_FORM))._unsafeUnwrap();
    expect(saved).toMatchObject({ broker: 'tastytrade', title: 'tastytrade', environment: 'paper', keyHint: `…${CLIENT_SECRET.slice(-4)}` });
    const stored = (await services.brokerLinks.get(userId))!;
    expect(stored).toMatchObject({ broker: 'tastytrade', environment: 'paper', connectedAt: null });
    expect(stored.accountNumber ?? null).toBeNull();
    expect(await services.secrets?.open(stored.apiKey!, keyContext(userId, 'api_key'))).toBe(CLIENT_SECRET);
    expect(await services.secrets?.open(stored.apiSecret!, keyContext(userId, 'api_secret'))).toBe(REFRESH_TOKEN);
  });

  it('then lists the login’s tradeable accounts, asking the broker with the keys just stored', async () => {
    const { services, brokers, person, link, userId } = await keysPageWorld();
    brokers.setLoginAccounts(userId, TASTY_ACCOUNTS);
    const saved = (await saveBrokerKeysForm(services, person, link, TASTY_FORM))._unsafeUnwrap();
    expect(saved.accounts).toEqual({
      kind: 'choose',
      title: 'tastytrade',
      accounts: [
        { accountNumber: '5WT00001', description: 'Individual margin account (Main)' },
        { accountNumber: '5WT00002', description: 'Roth IRA cash account' },
      ],
      chosen: null,
    });
    expect(brokers.listed).toEqual([
      { ownerId: userId, broker: 'tastytrade', environment: 'paper', credentials: { kind: 'tastytrade', clientSecret: CLIENT_SECRET, refreshToken: REFRESH_TOKEN, accountNumber: null } },
    ]);
    expect(JSON.stringify(saved)).not.toContain(CLIENT_SECRET);
    expect(JSON.stringify(saved)).not.toContain(REFRESH_TOKEN.slice(0, 40));
  });

  it('keeps Alpaca’s api_key and api_secret, with no account to choose', async () => {
    const { services, brokers, person, link, userId } = await keysPageWorld();
    const saved = (await saveBrokerKeysForm(services, person, link, { broker: 'alpaca', api_key: 'PKALPACA0000KEY1234', api_secret: 'alpaca-secret-1', environment: 'paper' }))._unsafeUnwrap();
    expect(saved).toEqual({ broker: 'alpaca', title: 'Alpaca', keyHint: '…1234', environment: 'paper', accounts: { kind: 'one' } });
    expect(await services.secrets?.open((await services.brokerLinks.get(userId))!.apiSecret!, keyContext(userId, 'api_secret'))).toBe('alpaca-secret-1');
    expect(brokers.listed).toEqual([]);
  });

  it('takes the first broker offered when the form names none (Alpaca’s form as it was)', async () => {
    const { services, person, link, userId } = await keysPageWorld();
    (await saveBrokerKeysForm(services, person, link, { api_key: 'PKALPACA0000KEY1234', api_secret: 'alpaca-secret-1' }))._unsafeUnwrap();
    expect((await services.brokerLinks.get(userId))?.broker).toBe('alpaca');
  });

  it.each([
    ['Alpaca’s field names on the tastytrade form', { broker: 'tastytrade', api_key: CLIENT_SECRET, api_secret: REFRESH_TOKEN }],
    ['no refresh token', { broker: 'tastytrade', client_secret: CLIENT_SECRET }],
    ['a refresh token of 4,097 characters', { ...TASTY_FORM, refresh_token: 'r'.repeat(4_097) }],
    ['the simulated broker, which takes no keys', { broker: 'sim', api_key: 'k', api_secret: 's' }],
    ['a broker condor does not know', { broker: 'schwab', api_key: 'k', api_secret: 's' }],
  ])('answers VALIDATION_ERROR for %s, stores no keys, and the link still works', async (_what, form) => {
    const { services, person, link, userId } = await keysPageWorld();
    expect(await codeOf(saveBrokerKeysForm(services, person, link, form))).toBe('VALIDATION_ERROR');
    expect((await services.brokerLinks.get(userId))?.broker).toBe('sim');
    expect(await codeOf(saveBrokerKeysForm(services, person, link, TASTY_FORM))).toBe('ok');
  });

  it('refuses tastytrade keys on a deployment without tastytrade', async () => {
    const { services, person, link, userId } = await keysPageWorld({ available: ['sim', 'alpaca'] });
    const refused = await saveBrokerKeysForm(services, person, link, TASTY_FORM);
    expect(refused._unsafeUnwrapErr()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('Alpaca') as unknown });
    expect((await services.brokerLinks.get(userId))?.broker).toBe('sim');
  });

  it('refuses live keys unless the deployment allows live trading', async () => {
    const paper = await keysPageWorld();
    expect(await codeOf(saveBrokerKeysForm(paper.services, paper.person, paper.link, { ...TASTY_FORM, environment: 'live' }))).toBe('SERVICE_NOT_CONFIGURED');
    const live = await keysPageWorld({ config: { liveTradingEnabled: true } });
    expect((await saveBrokerKeysForm(live.services, live.person, live.link, { ...TASTY_FORM, environment: 'live' }))._unsafeUnwrap().environment).toBe('live');
  });

  it('keeps the keys when the broker refuses the login, and says why in words instead of accounts', async () => {
    const brokers = new (class extends ListingBrokers {
      override listAccounts(): ResultAsync<readonly BrokerAccountChoice[], BrokerError> {
        return errAsync({ kind: 'auth_failed', message: 'invalid_grant: the refresh token was revoked' });
      }
    })({ available: ['sim', 'alpaca', 'tastytrade'] });
    const { services, person, link, userId } = await keysPageWorld({ brokers });
    const saved = (await saveBrokerKeysForm(services, person, link, TASTY_FORM))._unsafeUnwrap();
    expect(saved.accounts).toEqual({ kind: 'refused', message: expect.stringContaining('the refresh token was revoked') as unknown });
    expect((await services.brokerLinks.get(userId))?.broker).toBe('tastytrade');
  });

  it('says so when the login may trade none of its accounts', async () => {
    const { services, brokers, person, link, userId } = await keysPageWorld();
    brokers.setLoginAccounts(userId, [TASTY_ACCOUNTS[2]!]);
    const saved = (await saveBrokerKeysForm(services, person, link, TASTY_FORM))._unsafeUnwrap();
    expect(saved.accounts).toEqual({ kind: 'refused', message: expect.stringContaining('no account it may trade') as unknown });
  });
});

describe('chooseBrokerAccount', () => {
  async function saved(options: Parameters<typeof keysPageWorld>[0] = {}) {
    const world = await keysPageWorld(options);
    world.brokers.setLoginAccounts(world.userId, TASTY_ACCOUNTS);
    (await saveBrokerKeysForm(world.services, world.person, world.link, TASTY_FORM))._unsafeUnwrap();
    return world;
  }

  it('records the chosen account on the link, unconnected, and connect_broker then connects that account', async () => {
    const { services, brokers, person, userId, call } = await saved();
    const chosen = (await chooseBrokerAccount(services, person, ' 5WT00002 '))._unsafeUnwrap();
    expect(chosen).toMatchObject({ link: { broker: 'tastytrade', account_number: '5WT00002', connected: false }, next_tool: 'connect_broker' });
    expect(await services.brokerLinks.get(userId)).toMatchObject({ accountNumber: '5WT00002', connectedAt: null });
    expect((await accountsToChoose(services, person))._unsafeUnwrap()).toMatchObject({ kind: 'choose', chosen: '5WT00002' });

    const connected = await call('connect_broker', { authorization_confirmed: true });
    expect(connected['link']).toMatchObject({ broker: 'tastytrade', connected: true, account_number: '5WT00002' });
    expect(brokers.opened.at(-1)?.credentials).toEqual({ kind: 'tastytrade', clientSecret: CLIENT_SECRET, refreshToken: REFRESH_TOKEN, accountNumber: '5WT00002' });
  });

  it('keeps a connected link connected when the same account is chosen again, and unconnects it for another', async () => {
    const { services, person, userId, call } = await saved();
    (await chooseBrokerAccount(services, person, '5WT00001'))._unsafeUnwrap();
    await call('connect_broker', { authorization_confirmed: true });
    (await chooseBrokerAccount(services, person, '5WT00001'))._unsafeUnwrap();
    expect((await services.brokerLinks.get(userId))?.connectedAt).not.toBeNull();
    (await chooseBrokerAccount(services, person, '5WT00002'))._unsafeUnwrap();
    expect(await services.brokerLinks.get(userId)).toMatchObject({ accountNumber: '5WT00002', connectedAt: null });
  });

  it.each([
    ['an account the login may only read', '5WT00003'],
    ['an account the login does not hold', '5WT99999'],
    ['nothing chosen', null],
    ['an empty choice', '  '],
    ['a number', 5],
  ])('answers VALIDATION_ERROR for %s and records nothing', async (_what, accountNumber) => {
    const { services, person, userId } = await saved();
    expect(await codeOf(chooseBrokerAccount(services, person, accountNumber))).toBe('VALIDATION_ERROR');
    expect((await services.brokerLinks.get(userId))?.accountNumber ?? null).toBeNull();
  });

  it('answers BROKER_NOT_CONNECTED where no keys of a login with several accounts are stored', async () => {
    const { services, person, link } = await keysPageWorld();
    expect(await codeOf(chooseBrokerAccount(services, person, 'FAKE-1'))).toBe('BROKER_NOT_CONNECTED');
    (await saveBrokerKeysForm(services, person, link, { broker: 'alpaca', api_key: 'PKALPACA0000KEY1234', api_secret: 'alpaca-secret-1' }))._unsafeUnwrap();
    expect(await codeOf(chooseBrokerAccount(services, person, 'FAKE-1'))).toBe('BROKER_NOT_CONNECTED');
    expect((await accountsToChoose(services, person))._unsafeUnwrap()).toEqual({ kind: 'one' });
  });

  it('acts only on the caller’s own link', async () => {
    const { services, userId } = await saved();
    await execute('register', { email: 'other@example.com', password: PASSWORD }, { services, credential: null, requestId: 'r', batchKey: null });
    const other = await browserLogin(services, 'other@example.com', PASSWORD);
    expect(await codeOf(chooseBrokerAccount(services, other, '5WT00002'))).toBe('BROKER_NOT_CONNECTED');
    expect((await services.brokerLinks.get(userId))?.accountNumber ?? null).toBeNull();
  });

  it('answers CONFLICT and keeps the new keys when they are replaced while the broker lists the accounts', async () => {
    let replace: (() => Promise<void>) | null = null;
    const brokers = new (class extends ListingBrokers {
      override listAccounts(access: BrokerAccess): ResultAsync<readonly BrokerAccountChoice[], BrokerError> {
        const listing = super.listAccounts(access);
        const during = replace;
        replace = null;
        return during === null ? listing : listing.andThen((choices) => ResultAsync.fromSafePromise(during().then(() => choices)));
      }
    })({ available: ['sim', 'alpaca', 'tastytrade'] });
    const { services, person, userId, call } = await saved({ brokers });
    replace = async () => {
      services.clock.advance(1_000);
      await call('set_broker_keys', { broker: 'tastytrade', api_key: 'tt-client-secret-NEW0', api_secret: 'refresh-NEW' });
    };
    expect(await codeOf(chooseBrokerAccount(services, person, '5WT00002'))).toBe('CONFLICT');
    expect(await services.brokerLinks.get(userId)).toMatchObject({ keyHint: 'NEW0', connectedAt: null });
    expect((await services.brokerLinks.get(userId))?.accountNumber ?? null).toBeNull();
  });
});
