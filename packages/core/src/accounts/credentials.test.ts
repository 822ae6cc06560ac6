import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';
import { authenticate } from './authenticate.js';
import { authentication } from './authentication.js';
import { principalOf } from './principal.js';

const PASSWORD = 'credentials password 1';
let services: TestServices;
let token: string;
let userId: string;

const ok = async (tool: string, input: unknown, credential: string | null) =>
  (await execute(tool, input, { services, credential, requestId: 'r', batchKey: null }))._unsafeUnwrap().value as Record<string, unknown>;

beforeEach(async () => {
  services = createTestServices();
  userId = String((await ok('register', { email: 'cred@example.com', password: PASSWORD }, null))['user_id']);
  token = String((await ok('login', { email: 'cred@example.com', password: PASSWORD }, null))['access_token']);
});

const oauthToken = (scope: string): string => {
  const claims = services.tokens?.verify(token);
  if (!claims) throw new Error('no token');
  return services.tokens?.sign({ ...claims, scope, clientId: 'https://client.example/meta.json' }) ?? '';
};

describe('what each credential is, and may do', () => {
  it('a password session: every scope', async () => {
    const caller = (await authenticate(token, services))._unsafeUnwrap();
    expect([caller.userId, caller.credential, [...caller.scopes]]).toEqual([userId, 'session', ['read', 'propose', 'trade']]);
  });

  it("an OAuth token: the scopes of its claim, nothing more", async () => {
    const caller = (await authenticate(oauthToken('read propose'), services))._unsafeUnwrap();
    expect([caller.credential, [...caller.scopes]]).toEqual(['oauth', ['read', 'propose']]);
    const refused = await execute('confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }, { services, credential: oauthToken('read propose'), requestId: 'r', batchKey: null });
    expect(refused._unsafeUnwrapErr().body.suggestion).toContain('Authorize this client again');
  });

  it('an API key: its own scopes, its id as the session', async () => {
    const created = await ok('create_api_key', { name: 'agent', scopes: ['propose'] }, token);
    const caller = (await authenticate(String(created['api_key']), services))._unsafeUnwrap();
    expect([caller.credential, [...caller.scopes], caller.sessionId]).toEqual(['api_key', ['propose'], (created['key'] as { api_key_id: string }).api_key_id]);
  });

  it('is authenticated once per shared authentication, however often it is asked for', async () => {
    let lookups = 0;
    const findFamily = services.sessions.findFamily.bind(services.sessions);
    services.sessions.findFamily = (id) => {
      lookups += 1;
      return findFamily(id);
    };
    const shared = authentication(token, services);
    const [a, b] = await Promise.all([shared(), shared()]);
    await execute('get_onboarding_status', {}, { services, credential: token, authenticated: shared, requestId: 'r', batchKey: null });
    expect([a._unsafeUnwrap().userId, b._unsafeUnwrap().userId, lookups]).toEqual([userId, userId, 1]);
    await execute('get_onboarding_status', {}, { services, credential: token, requestId: 'r', batchKey: null });
    expect(lookups).toBe(2);
  });
});

describe('principalOf an API key', () => {
  it('is the key (by digest), read without a store; nothing for text that only starts like one', async () => {
    const key = String((await ok('create_api_key', { name: 'agent', scopes: ['read'] }, token))['api_key']);
    expect(principalOf(key, services)).toBe(`api_key:${services.digest.sha256(key)}`);
    expect(principalOf('condor_sk_', services)).toBeNull();
    expect(principalOf('condor_sk_not a key!', services)).toBeNull();
  });
});
