import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';

const PASSWORD = 'correct horse battery';
let services: TestServices;
const call = (tool: string, input: unknown, credential: string | null = null) =>
  execute(tool, input, { services, credential, requestId: 'r', batchKey: null });
const errorOf = async (p: ReturnType<typeof call>) => (await p)._unsafeUnwrapErr().body;
const valueOf = async <T>(p: ReturnType<typeof call>) => (await p)._unsafeUnwrap().value as T;

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}
const loginAs = async (email = 'ann@example.com') => valueOf<Tokens>(call('login', { email, password: PASSWORD }));

beforeEach(async () => {
  services = createTestServices();
  await call('register', { email: 'Ann@Example.com ', password: PASSWORD });
});

describe('register', () => {
  it('normalises the email, starts on the free tier, and never returns the password or its hash', async () => {
    const user = await valueOf<Record<string, unknown>>(call('register', { email: ' Bob@Example.COM', password: PASSWORD }));
    expect(user).toMatchObject({ email: 'bob@example.com', tier: 'free' });
    expect(Object.keys(user).sort()).toEqual(['created_at', 'email', 'tier', 'user_id']);
    expect((await services.users.findByEmail('bob@example.com'))?.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses a taken email with CONFLICT (409) pointing to login', async () => {
    const result = (await call('register', { email: 'ann@example.com', password: PASSWORD }))._unsafeUnwrapErr();
    expect([result.status, result.body.error, result.body.see_tool]).toEqual([409, 'CONFLICT', 'login']);
  });

  it('refuses a short password without echoing it', async () => {
    const body = await errorOf(call('register', { email: 'c@example.com', password: 'short pw' }));
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toContain('at least 12');
    expect(body.received).toEqual({ password: '***' });
  });
});

describe('login', () => {
  it('issues a bearer access token and a refresh token, with the session effect for the shells', async () => {
    const result = (await call('login', { email: 'ANN@example.com', password: PASSWORD }))._unsafeUnwrap();
    const value = result.value as Tokens & { token_type: string };
    expect(value.token_type).toBe('Bearer');
    expect(value.expires_in).toBe(900);
    expect(result.session).toEqual({ kind: 'issued', accessToken: value.access_token, expiresInSeconds: 900 });
  });

  it('answers the same INVALID_CREDENTIALS for an unknown email and a wrong password', async () => {
    const unknown = await errorOf(call('login', { email: 'nobody@example.com', password: PASSWORD }));
    const wrong = await errorOf(call('login', { email: 'ann@example.com', password: 'wrong password!!' }));
    expect(unknown).toEqual(wrong);
    expect(unknown.error).toBe('INVALID_CREDENTIALS');
  });

  it('answers SERVER_MISCONFIGURED when no signing key is configured', async () => {
    services = createTestServices({ tokens: null });
    await call('register', { email: 'ann@example.com', password: PASSWORD });
    const result = (await call('login', { email: 'ann@example.com', password: PASSWORD }))._unsafeUnwrapErr();
    expect([result.status, result.body.error]).toEqual([500, 'SERVER_MISCONFIGURED']);
    expect((await call('logout', {}, 'any-token'))._unsafeUnwrapErr().body.error).toBe('SERVER_MISCONFIGURED');
  });
});

describe('authentication (UNAUTHORIZED vs SESSION_INVALID)', () => {
  it('no credential -> UNAUTHORIZED; empty -> UNAUTHORIZED', async () => {
    expect((await errorOf(call('logout', {}))).error).toBe('UNAUTHORIZED');
    expect((await errorOf(call('logout', {}, '  '))).error).toBe('UNAUTHORIZED');
  });

  it('malformed, tampered and expired tokens -> SESSION_INVALID', async () => {
    const { access_token } = await loginAs();
    expect((await errorOf(call('logout', {}, 'Basic dXNlcjpwYXNz'))).error).toBe('SESSION_INVALID');
    expect((await errorOf(call('logout', {}, `${access_token}x`))).error).toBe('SESSION_INVALID');
    services.clock.advance(900_000);
    expect((await errorOf(call('logout', {}, access_token))).error).toBe('SESSION_INVALID');
  });

  it('a token is valid one millisecond before it expires', async () => {
    const { access_token } = await loginAs();
    services.clock.advance(899_999);
    expect((await call('logout', {}, access_token)).isOk()).toBe(true);
  });
});

describe('refresh_session and logout', () => {
  it('rotates: the new pair works, the old refresh token is single use', async () => {
    const first = await loginAs();
    const second = await valueOf<Tokens>(call('refresh_session', { refresh_token: first.refresh_token }));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await call('logout', {}, second.access_token)).isOk()).toBe(true);
  });

  it('reuse of a used refresh token revokes the whole family, the thief and the owner alike', async () => {
    const first = await loginAs();
    const second = await valueOf<Tokens>(call('refresh_session', { refresh_token: first.refresh_token }));
    const reuse = await errorOf(call('refresh_session', { refresh_token: first.refresh_token }));
    expect(reuse.error).toBe('SESSION_INVALID');
    expect(reuse.message).toContain('already used');
    expect((await errorOf(call('refresh_session', { refresh_token: second.refresh_token }))).error).toBe('SESSION_INVALID');
    expect((await errorOf(call('logout', {}, second.access_token))).error).toBe('SESSION_INVALID');
    expect(services.logger.lines.map((l) => l.event)).toContain('refresh_token_reused');
    expect(JSON.stringify(services.logger.lines)).not.toContain(first.refresh_token);
  });

  it('an expired refresh token -> SESSION_INVALID; an unknown one too', async () => {
    const { refresh_token } = await loginAs();
    services.clock.advance(services.config.refreshTokenTtlSeconds * 1000);
    expect((await errorOf(call('refresh_session', { refresh_token }))).message).toContain('expired');
    expect((await errorOf(call('refresh_session', { refresh_token: 'rt_made_up' }))).error).toBe('SESSION_INVALID');
  });

  it('stores only digests of refresh tokens', async () => {
    const { refresh_token } = await loginAs();
    expect(await services.sessions.findToken(refresh_token)).toBeUndefined();
    expect(await services.sessions.findToken(services.digest.sha256(refresh_token))).toBeDefined();
  });

  it('logout ends the access token and the refresh token at once, and says so to the shells', async () => {
    const { access_token, refresh_token } = await loginAs();
    const result = (await call('logout', {}, access_token))._unsafeUnwrap();
    expect(result.session).toEqual({ kind: 'ended' });
    expect((await errorOf(call('logout', {}, access_token))).error).toBe('SESSION_INVALID');
    expect((await errorOf(call('refresh_session', { refresh_token }))).error).toBe('SESSION_INVALID');
  });

  it('logout of one session leaves the other sessions of the user alone', async () => {
    const laptop = await loginAs();
    const phone = await loginAs();
    await call('logout', {}, laptop.access_token);
    expect((await call('refresh_session', { refresh_token: phone.refresh_token })).isOk()).toBe(true);
  });
});
