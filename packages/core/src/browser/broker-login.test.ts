import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import fc from 'fast-check';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { loginTokenContext } from '../brokers/sealed-keys.js';
import type { AppError } from '../errors/app-error.js';
import { execute } from '../operations/execute.js';
import type { BrokerError, BrokerLogin, BrokerLoginFlow } from '../ports/broker.js';
import type { BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { browserLogin } from '../approval/approval-fixture.js';
import { brokerKeysForm } from './broker-keys-page.js';
import { BROKER_LOGIN_TTL_MS, finishBrokerLogin, startBrokerLogin } from './broker-login.js';
import type { BrowserCaller } from './browser-session.js';
import { BROKER_KEYS_LINK_TTL_MS, mintLink } from './links.js';

const PASSWORD = 'broker login fixture password';
const CODE = 'schwab-code-0001';
const REFRESH_TOKEN = 'schwab-refresh-token-c0ffee-0123456789abcdef';
const AUTHORIZE = 'https://api.schwabapi.com/v1/oauth/authorize';

/** FakeBrokers with Schwab's login page: it hands out REFRESH_TOKEN for CODE, refuses other codes, and records each call. */
class LoginBrokers extends FakeBrokers {
  readonly authorized: { state: string; verifier: string }[] = [];
  readonly exchanged: { code: string; verifier: string; ownerId: string }[] = [];
  refusal: BrokerError = { kind: 'rejected', message: 'invalid_grant: the code was used' };
  loggedInAt = Date.UTC(2026, 0, 5, 14, 29);

  readonly loginFlows: Partial<Record<BrokerName, BrokerLoginFlow>> = {
    schwab: {
      origin: 'https://api.schwabapi.com',
      authorizeUrl: (request) => {
        this.authorized.push(request);
        return `${AUTHORIZE}?${new URLSearchParams({ state: request.state, client_id: 'app' }).toString()}`;
      },
      exchangeCode: (request): ResultAsync<BrokerLogin, BrokerError> => {
        this.exchanged.push(request);
        return request.code === CODE ? okAsync({ refreshToken: REFRESH_TOKEN, loggedInAt: this.loggedInAt }) : errAsync(this.refusal);
      },
    },
  };
}

async function person(services: TestServices, email: string): Promise<BrowserCaller> {
  await execute('register', { email, password: PASSWORD }, { services, credential: null, requestId: 'broker-login', batchKey: null });
  return browserLogin(services, email, PASSWORD);
}

/** A person logged in in a browser with a fresh broker-keys link, on a deployment with Schwab's login and live trading. */
async function world(options: { live?: boolean; brokers?: FakeBrokers } = {}) {
  const login = new LoginBrokers({ available: ['sim', 'alpaca', 'schwab'] });
  const services = createTestServices({ brokers: options.brokers ?? login, config: { ...DEFAULT_CORE_CONFIG, liveTradingEnabled: options.live ?? true } });
  const owner = await person(services, 'schwab-owner@example.com');
  const keysLink = () => mintLink(services, 'broker_keys', owner.userId, null, services.clock.now() + BROKER_KEYS_LINK_TTL_MS);
  const link = await keysLink();
  return { services, login, owner, link, keysLink };
}

/** Starts a login and gives the `state` the broker would send back. */
async function started(services: TestServices, caller: BrowserCaller, link: string): Promise<string> {
  const { url } = (await startBrokerLogin(services, caller, link, 'schwab'))._unsafeUnwrap();
  return new URL(url).searchParams.get('state') ?? '';
}

const codeOf = (result: ResultAsync<unknown, AppError>): Promise<string> => result.match(() => 'ok', (error) => error.code);

describe('startBrokerLogin', () => {
  it('answers Schwab’s authorize page carrying a state, and uses up the keys link', async () => {
    const { services, login, owner, link } = await world();
    const { url } = (await startBrokerLogin(services, owner, link, 'schwab'))._unsafeUnwrap();
    expect(url.startsWith(`${AUTHORIZE}?`)).toBe(true);
    const state = new URL(url).searchParams.get('state');
    expect(state).toMatch(/^[^~]+~[^~]+~[^~]+~[^~]+$/);
    expect(login.authorized).toEqual([{ state, verifier: expect.any(String) as unknown }]);
    expect(await codeOf(startBrokerLogin(services, owner, link, 'schwab'))).toBe('NOT_FOUND');
    expect(await codeOf(brokerKeysForm(services, owner, link))).toBe('NOT_FOUND');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });

  it.each([
    ['live trading is off', { live: false }],
    ['the deployment has no Schwab login page', { brokers: new FakeBrokers({ available: ['sim', 'alpaca', 'schwab'] }) }],
    ['Schwab is not among the brokers', { brokers: new LoginBrokers({ available: ['sim', 'alpaca'] }) }],
  ])('is not offered when %s: SERVICE_NOT_CONFIGURED, and the keys link still works', async (_why, options) => {
    const { services, owner, link } = await world(options);
    expect(await codeOf(startBrokerLogin(services, owner, link, 'schwab'))).toBe('SERVICE_NOT_CONFIGURED');
    expect(await codeOf(brokerKeysForm(services, owner, link))).toBe('ok');
  });

  it('offers no login for a broker linked with keys', async () => {
    const { services, owner, link } = await world();
    expect(await codeOf(startBrokerLogin(services, owner, link, 'alpaca'))).toBe('SERVICE_NOT_CONFIGURED');
  });
});

describe('finishBrokerLogin', () => {
  it('links Schwab live in the same browser session: the login time kept, the refresh token sealed', async () => {
    const { services, login, owner, link } = await world();
    const state = await started(services, owner, link);
    const linked = (await finishBrokerLogin(services, owner, { state, code: CODE, error: undefined }))._unsafeUnwrap();
    expect(linked).toMatchObject({ broker: 'schwab', title: 'Charles Schwab', endsAt: login.loggedInAt + 7 * 86_400_000, restored: null });
    const stored = (await services.brokerLinks.get(owner.userId))!;
    expect(stored).toMatchObject({ broker: 'schwab', environment: 'live', apiKey: null, connectedAt: null, loggedInAt: login.loggedInAt, accountKey: null });
    expect(JSON.stringify(stored)).not.toContain(REFRESH_TOKEN);
    expect(JSON.stringify(linked)).not.toContain(REFRESH_TOKEN);
    expect(await services.secrets?.open(stored.apiSecret!, loginTokenContext(owner.userId))).toBe(REFRESH_TOKEN);
    expect(login.exchanged).toEqual([{ code: CODE, verifier: login.authorized[0]?.verifier, ownerId: owner.userId }]);
  });

  it('does not open a state in another browser session of the same person, nor for another person', async () => {
    const { services, login, owner, link } = await world();
    const state = await started(services, owner, link);
    const otherSession = await browserLogin(services, 'schwab-owner@example.com', PASSWORD);
    expect(otherSession.sessionDigest).not.toBe(owner.sessionDigest);
    const stranger = await person(services, 'schwab-stranger@example.com');
    for (const caller of [otherSession, stranger, { ...stranger, sessionDigest: owner.sessionDigest }]) {
      expect(await codeOf(finishBrokerLogin(services, caller, { state, code: CODE, error: undefined }))).toBe('NOT_FOUND');
    }
    expect(login.exchanged).toEqual([]);
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
    expect(await services.brokerLinks.get(stranger.userId)).toBeUndefined();
  });

  it('answers NOT_FOUND from 10 minutes on', async () => {
    const { services, owner, link, keysLink } = await world();
    const late = await started(services, owner, link);
    services.clock.advance(BROKER_LOGIN_TTL_MS);
    expect(await codeOf(finishBrokerLogin(services, owner, { state: late, code: CODE, error: undefined }))).toBe('NOT_FOUND');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
    const inTime = await started(services, owner, await keysLink());
    services.clock.advance(BROKER_LOGIN_TTL_MS - 1);
    expect(await codeOf(finishBrokerLogin(services, owner, { state: inTime, code: CODE, error: undefined }))).toBe('ok');
  });

  it('answers NOT_FOUND to a tampered state', async () => {
    const { services, owner, link } = await world();
    const state = await started(services, owner, link);
    const [nonce = '', keyId = '', sealedNonce = '', ciphertext = ''] = state.split('~');
    const flip = (text: string): string => `${text.slice(0, 4)}${text[4] === 'A' ? 'B' : 'A'}${text.slice(5)}`;
    for (const tampered of [
      [flip(nonce), keyId, sealedNonce, ciphertext],
      [nonce, keyId, sealedNonce, flip(ciphertext)],
      [nonce, 'another-key', sealedNonce, ciphertext],
      [nonce, keyId, ciphertext, sealedNonce],
      [nonce, keyId, sealedNonce],
    ]) {
      expect(await codeOf(finishBrokerLogin(services, owner, { state: tampered.join('~'), code: CODE, error: undefined }))).toBe('NOT_FOUND');
    }
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });

  it('answers BROKER_NOT_CONNECTED when the person declined at Schwab, storing nothing and exchanging nothing', async () => {
    const { services, login, owner, link } = await world();
    const state = await started(services, owner, link);
    const declined = (await finishBrokerLogin(services, owner, { state, code: undefined, error: 'access_denied' }))._unsafeUnwrapErr();
    expect(declined).toMatchObject({ code: 'BROKER_NOT_CONNECTED', message: expect.stringContaining('access_denied') as unknown });
    expect(declined.suggestion).toContain('Log in at Schwab');
    expect(login.exchanged).toEqual([]);
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });

  it('answers VALIDATION_ERROR when Schwab sent no code', async () => {
    const { services, owner, link } = await world();
    const state = await started(services, owner, link);
    expect(await codeOf(finishBrokerLogin(services, owner, { state, code: '', error: '' }))).toBe('VALIDATION_ERROR');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });

  it('answers BROKER_NOT_CONNECTED when Schwab refuses the code, saying so, and stores nothing', async () => {
    const { services, login, owner, link } = await world();
    const state = await started(services, owner, link);
    const refused = (await finishBrokerLogin(services, owner, { state, code: 'stale-code', error: undefined }))._unsafeUnwrapErr();
    expect(refused).toMatchObject({ code: 'BROKER_NOT_CONNECTED', message: expect.stringContaining('invalid_grant: the code was used') as unknown });
    expect(refused.suggestion).toContain('Log in at Schwab');
    login.refusal = { kind: 'auth_failed', message: 'Schwab did not complete the login (HTTP 400: Bad Request).' };
    const authFailed = (await finishBrokerLogin(services, owner, { state, code: 'stale-code', error: undefined }))._unsafeUnwrapErr();
    expect(authFailed).toMatchObject({ code: 'BROKER_NOT_CONNECTED', seeTool: 'get_broker_keys_link' });
    expect(authFailed.suggestion).toContain('Log in at Schwab');
    expect(authFailed.suggestion).not.toContain('set_broker_keys');
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });
});

describe('finishBrokerLogin after an earlier Schwab login', () => {
  const ACCOUNTS = [
    { accountNumber: '11112222', description: 'Individual brokerage', canTrade: true, accountKey: 'HASH-H' },
    { accountNumber: '33334444', description: 'Roth IRA', canTrade: true, accountKey: 'HASH-R' },
  ];

  /** The person's link from last week's login: connected to 11112222 (hash HASH-H), unless `changes` say otherwise. */
  async function loggedInBefore(services: TestServices, ownerId: string, changes: Partial<BrokerLink> = {}): Promise<void> {
    const weekAgo = services.clock.now() - 7 * 86_400_000;
    const sealed = await services.secrets!.seal('last-weeks-refresh-token', loginTokenContext(ownerId));
    await services.brokerLinks.put({
      ownerId, broker: 'schwab', environment: 'live', apiKey: null, apiSecret: sealed, keyHint: null, connectedAt: weekAgo + 60_000,
      updatedAt: weekAgo + 60_000, accountNumber: '11112222', accountKey: 'HASH-H', loggedInAt: weekAgo, ...changes,
    });
  }

  it.each([
    ['connected', {}],
    ['disconnected when its login ended', { connectedAt: null }],
  ])('keeps the account traded before (its link %s), connected again with the new login', async (_state, changes) => {
    const { services, login, owner, link } = await world();
    login.setLoginAccounts(owner.userId, ACCOUNTS);
    await loggedInBefore(services, owner.userId, changes);
    const state = await started(services, owner, link);
    const linked = (await finishBrokerLogin(services, owner, { state, code: CODE, error: undefined }))._unsafeUnwrap();
    expect(linked).toMatchObject({ restored: { accountNumber: '11112222' }, accounts: { kind: 'one' } });
    const loggedInAt = login.loggedInAt;
    expect(await services.brokerLinks.get(owner.userId)).toMatchObject({ accountNumber: '11112222', accountKey: 'HASH-H', connectedAt: services.clock.now(), loggedInAt });
    expect(login.opened.at(-1)?.credentials).toEqual({ kind: 'schwab', refreshToken: REFRESH_TOKEN, refreshIssuedAt: loggedInAt, accountHash: 'HASH-H' });
  });

  it.each([
    ['the account is gone from the login', ACCOUNTS.slice(1), {}],
    ['the account may no longer trade', [{ ...ACCOUNTS[0]!, canTrade: false }, ACCOUNTS[1]!], {}],
    ['no account was chosen on the earlier link', ACCOUNTS, { accountNumber: null, accountKey: null }],
    ['the earlier link was made with keys', ACCOUNTS, { broker: 'tastytrade' as const }],
  ])('has the person choose when %s', async (_why, accounts, changes) => {
    const { services, login, owner, link } = await world();
    login.setLoginAccounts(owner.userId, accounts);
    await loggedInBefore(services, owner.userId, changes);
    const state = await started(services, owner, link);
    const linked = (await finishBrokerLogin(services, owner, { state, code: CODE, error: undefined }))._unsafeUnwrap();
    const tradeable = accounts.filter((a) => a.canTrade).map(({ accountNumber, description }) => ({ accountNumber, description }));
    expect(linked).toMatchObject({ restored: null, accounts: { kind: 'choose', title: 'Charles Schwab', accounts: tradeable, chosen: null } });
    expect(await services.brokerLinks.get(owner.userId)).toMatchObject({ broker: 'schwab', connectedAt: null, accountNumber: null, accountKey: null });
  });

  it('has the person choose when Schwab will not answer for the account with the new login', async () => {
    const { services, login, owner, link } = await world();
    login.setLoginAccounts(owner.userId, ACCOUNTS);
    login.verifyFails(owner.userId, { kind: 'auth_failed', message: 'account not allowed' });
    await loggedInBefore(services, owner.userId);
    const state = await started(services, owner, link);
    expect((await finishBrokerLogin(services, owner, { state, code: CODE, error: undefined }))._unsafeUnwrap().restored).toBeNull();
    expect(await services.brokerLinks.get(owner.userId)).toMatchObject({ connectedAt: null, accountKey: null });
  });
});

describe('finishBrokerLogin, whatever the callback receives', () => {
  const unknown = fc.oneof(fc.anything(), fc.string(), fc.constant(''), fc.constant(undefined));
  const answers = fc.record({ code: unknown.filter((code) => code !== CODE), error: unknown });

  it('answers NOT_FOUND to any state it did not seal, and never throws, exchanges or stores', async () => {
    const { services, login, owner } = await world();
    const states = fc.oneof(fc.anything(), fc.string(), fc.array(fc.string(), { minLength: 4, maxLength: 4 }).map((parts) => parts.join('~')));
    await fc.assert(
      fc.asyncProperty(states, answers, async (state, { code, error }) => {
        expect(await codeOf(finishBrokerLogin(services, owner, { state, code, error }))).toBe('NOT_FOUND');
      }),
      { numRuns: 200 },
    );
    expect(login.exchanged).toEqual([]);
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });

  it('answers a known error to its own state or any alteration of it with any code and error, and stores nothing', async () => {
    const { services, owner, link } = await world();
    const state = await started(services, owner, link);
    const altered = fc.oneof(
      fc.constant(state),
      fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([at, char]) => `${state.slice(0, at % state.length)}${char}${state.slice((at % state.length) + 1)}`),
    );
    await fc.assert(
      fc.asyncProperty(altered, answers, async (sent, { code, error }) => {
        expect(['NOT_FOUND', 'BROKER_NOT_CONNECTED', 'VALIDATION_ERROR']).toContain(await codeOf(finishBrokerLogin(services, owner, { state: sent, code, error })));
      }),
      { numRuns: 200 },
    );
    expect(await services.brokerLinks.get(owner.userId)).toBeUndefined();
  });
});
