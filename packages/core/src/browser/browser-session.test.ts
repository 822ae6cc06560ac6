import { createTestServices, type TestServices } from '@condor/testkit';
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors/app-error.js';
import { execute } from '../operations/execute.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { registeredUser } from '../approval/approval-fixture.js';
import { BROWSER_SESSION_TTL_MS, browserCaller, csrfTokenFor, endBrowserSession, startBrowserSession } from './browser-session.js';

const EMAIL = 'person@example.com';
const PASSWORD = 'browser session password 1';
const ADDRESS = '198.51.100.7';

async function registered(services: TestServices = createTestServices()) {
  return { services, ...(await registeredUser(services, EMAIL, PASSWORD)) };
}

const logIn = (services: TestServices, password: string, userAgent: string | null = 'Firefox/140') =>
  startBrowserSession(services, { email: EMAIL, password, userAgent, address: ADDRESS });

const codeOf = (result: ResultAsync<unknown, AppError>): Promise<string> => result.match(() => 'ok', (error) => error.code);

/** Everything a store holds, Maps and Sets included, as text. */
const contents = (store: object): string =>
  JSON.stringify(store, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value));

describe('startBrowserSession', () => {
  it('starts a session for the right password that lasts BROWSER_SESSION_TTL_MS and knows its person and browser', async () => {
    const { services, userId } = await registered();
    const started = (await logIn(services, PASSWORD))._unsafeUnwrap();
    expect(started.expiresAt).toBe(services.clock.now() + BROWSER_SESSION_TTL_MS);
    const caller = (await browserCaller(services, started.token))._unsafeUnwrap();
    expect(caller).toEqual({ userId, email: EMAIL, sessionDigest: services.digest.sha256(started.token), userAgent: 'Firefox/140' });
  });

  it('answers INVALID_CREDENTIALS for a wrong password, an unknown email or a malformed one, and starts nothing', async () => {
    const { services } = await registered();
    expect(await codeOf(logIn(services, 'not the password 1'))).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(startBrowserSession(services, { email: 'nobody@example.com', password: PASSWORD, userAgent: null, address: ADDRESS }))).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(startBrowserSession(services, { email: 'not an email', password: PASSWORD, userAgent: null, address: ADDRESS }))).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(startBrowserSession(services, { email: EMAIL, password: 42, userAgent: null, address: ADDRESS }))).toBe('INVALID_CREDENTIALS');
    expect(contents(services.browserSessions)).not.toContain('userId');
  });

  it('throttles like login: after the configured failures even the right password is RATE_LIMITED, until the wait is over', async () => {
    const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, loginThrottle: { maxFailures: 3, windowSeconds: 900 } } });
    await registered(services);
    for (let i = 0; i < 3; i++) expect(await codeOf(logIn(services, 'guess password 1'))).toBe('INVALID_CREDENTIALS');
    const refused = (await logIn(services, PASSWORD))._unsafeUnwrapErr();
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.retryAfterSeconds).toBe(1);
    services.clock.advance(1_000);
    expect(await codeOf(logIn(services, PASSWORD))).toBe('ok');
  });

  it('shares its throttle with the API’s login', async () => {
    const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, loginThrottle: { maxFailures: 2, windowSeconds: 900 } } });
    await registered(services);
    const anonymous = { services, credential: null, requestId: 'api', batchKey: null, clientIp: ADDRESS };
    for (let i = 0; i < 2; i++) expect((await execute('login', { email: EMAIL, password: 'guess password 1' }, anonymous))._unsafeUnwrapErr().body.error).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(logIn(services, PASSWORD))).toBe('RATE_LIMITED');
  });

  it('keeps at most 300 characters of the user agent', async () => {
    const { services } = await registered();
    const started = (await logIn(services, PASSWORD, 'A'.repeat(1_000)))._unsafeUnwrap();
    expect((await browserCaller(services, started.token))._unsafeUnwrap().userAgent).toBe('A'.repeat(300));
  });
});

describe('browserCaller', () => {
  it('answers UNAUTHORIZED without a token', async () => {
    const { services } = await registered();
    expect(await codeOf(browserCaller(services, null))).toBe('UNAUTHORIZED');
    expect(await codeOf(browserCaller(services, ''))).toBe('UNAUTHORIZED');
  });

  it('answers SESSION_INVALID for garbage and for a well-shaped token it never issued', async () => {
    const { services } = await registered();
    expect(await codeOf(browserCaller(services, 'not a token; drop table'))).toBe('SESSION_INVALID');
    expect(await codeOf(browserCaller(services, 'rt_00000000000000000000000000000000'))).toBe('SESSION_INVALID');
  });

  it('answers SESSION_INVALID from BROWSER_SESSION_TTL_MS after the login on', async () => {
    const { services } = await registered();
    const { token } = (await logIn(services, PASSWORD))._unsafeUnwrap();
    services.clock.advance(BROWSER_SESSION_TTL_MS - 1);
    expect(await codeOf(browserCaller(services, token))).toBe('ok');
    services.clock.advance(1);
    expect(await codeOf(browserCaller(services, token))).toBe('SESSION_INVALID');
  });

  it('answers SESSION_INVALID once the session is ended, and leaves the person’s other sessions alone', async () => {
    const { services } = await registered();
    const ended = (await logIn(services, PASSWORD))._unsafeUnwrap().token;
    const other = (await logIn(services, PASSWORD))._unsafeUnwrap().token;
    await endBrowserSession(services, ended);
    await endBrowserSession(services, ended);
    expect(await codeOf(browserCaller(services, ended))).toBe('SESSION_INVALID');
    expect(await codeOf(browserCaller(services, other))).toBe('ok');
  });

  it('does not take the API’s access or refresh token for a browser session', async () => {
    const { services, accessToken, refreshToken } = await registered();
    expect(await codeOf(browserCaller(services, accessToken))).toBe('SESSION_INVALID');
    expect(await codeOf(browserCaller(services, refreshToken))).toBe('SESSION_INVALID');
  });

  it('is not an API credential either', async () => {
    const { services } = await registered();
    const { token } = (await logIn(services, PASSWORD))._unsafeUnwrap();
    const answer = await execute('get_positions', {}, { services, credential: token, requestId: 'api', batchKey: null });
    expect(answer._unsafeUnwrapErr().body.error).toBe('SESSION_INVALID');
  });
});

describe('csrfTokenFor', () => {
  it('differs per session, is stable for one, and is neither the session token nor its stored digest', async () => {
    const { services } = await registered();
    const first = (await logIn(services, PASSWORD))._unsafeUnwrap().token;
    const second = (await logIn(services, PASSWORD))._unsafeUnwrap().token;
    expect(csrfTokenFor(services, first)).toBe(csrfTokenFor(services, first));
    expect(csrfTokenFor(services, first)).not.toBe(csrfTokenFor(services, second));
    for (const token of [first, second]) {
      expect(csrfTokenFor(services, token)).not.toBe(token);
      expect(csrfTokenFor(services, token)).not.toBe(services.digest.sha256(token));
    }
  });
});

describe('what is stored', () => {
  it('keeps only the digest of a browser session token', async () => {
    const { services } = await registered();
    const { token } = (await logIn(services, PASSWORD))._unsafeUnwrap();
    const stored = contents(services.browserSessions);
    expect(stored).toContain(services.digest.sha256(token));
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(csrfTokenFor(services, token));
    for (const [name, store] of Object.entries(services as unknown as Record<string, unknown>)) {
      if (typeof store === 'object' && store !== null) expect(contents(store), name).not.toContain(token);
    }
  });
});
