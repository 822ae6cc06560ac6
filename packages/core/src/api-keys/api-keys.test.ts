import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { execute } from '../operations/execute.js';
import { MAX_ACTIVE_KEYS } from './issue-api-key.js';
import { LAST_USED_RESOLUTION_MS } from './usable-key.js';

const PASSWORD = 'api keys password 1';
let services: TestServices;
let session: string;

const call = (tool: string, input: unknown, credential: string | null = session) =>
  execute(tool, input, { services, credential, requestId: 'r', batchKey: null });
const ok = async (tool: string, input: unknown, credential: string | null = session) => {
  const result = await call(tool, input, credential);
  if (result.isErr()) throw new Error(`${tool}: ${JSON.stringify(result.error.body)}`);
  return result.value.value as Record<string, unknown>;
};
const failure = async (tool: string, input: unknown, credential: string | null = session) => (await call(tool, input, credential))._unsafeUnwrapErr();

interface Created {
  api_key: string;
  key: { api_key_id: string; key_hint: string; scopes: string[]; expires_at: string | null; created_by_key_id: string | null; current: boolean };
}
/** Creates a key; keys are made a second apart, so lists have one order. */
const create = async (input: Record<string, unknown>, credential: string | null = session) => {
  const created = (await ok('create_api_key', input, credential)) as unknown as Created;
  services.clock.advance(1_000);
  return created;
};
const list = async (credential: string | null = session) => (await ok('list_api_keys', {}, credential))['api_keys'] as Record<string, unknown>[];

beforeEach(async () => {
  services = createTestServices();
  await ok('register', { email: 'keys@example.com', password: PASSWORD }, null);
  session = String((await ok('login', { email: 'keys@example.com', password: PASSWORD }, null))['access_token']);
});

describe('create_api_key', () => {
  it('shows a condor_sk_ key once and stores only its digest; listing shows the hint, never the key', async () => {
    const created = await create({ name: 'laptop agent', scopes: ['trade', 'read'] });
    expect(created.api_key).toMatch(/^condor_sk_[A-Za-z0-9_-]{16,}$/);
    expect(created.key).toMatchObject({ scopes: ['read', 'trade'], key_hint: `condor_sk_…${created.api_key.slice(-4)}`, expires_at: null, created_by_key_id: null });
    const [stored] = await services.apiKeys.list((await services.users.findByEmail('keys@example.com'))?.id ?? '');
    expect(stored?.digest).toBe(services.digest.sha256(created.api_key));
    expect(JSON.stringify(stored)).not.toContain(created.api_key);
    const listed = await list();
    expect(listed).toEqual([{ ...created.key }]);
    expect(JSON.stringify(listed)).not.toContain(created.api_key);
  });

  it('refuses an expiry in the past, an unknown scope, none at all, and a blank name', async () => {
    expect((await failure('create_api_key', { name: 'x', scopes: ['read'], expires_at: '2020-01-01T00:00:00Z' })).body.error).toBe('OUT_OF_RANGE');
    expect((await failure('create_api_key', { name: 'x', scopes: ['admin'] })).body.error).toBe('INVALID_VALUE');
    expect((await failure('create_api_key', { name: 'x', scopes: [] })).body.error).toBe('VALIDATION_ERROR');
    expect((await failure('create_api_key', { name: '  ', scopes: ['read'] })).body.error).toBe('VALIDATION_ERROR');
    expect(await list()).toEqual([]);
  });

  it(`refuses a key beyond ${String(MAX_ACTIVE_KEYS)} working ones with CONFLICT; a revoked one makes room`, async () => {
    let first = '';
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) {
      const made = await create({ name: `k${String(i)}`, scopes: ['read'] });
      first ||= made.key.api_key_id;
    }
    expect((await failure('create_api_key', { name: 'one too many', scopes: ['read'] })).body).toMatchObject({ error: 'CONFLICT', see_tool: 'list_api_keys' });
    await ok('revoke_api_key', { api_key_id: first });
    await create({ name: 'room again', scopes: ['read'] });
  });
});

describe('what a key may create', () => {
  it('a trade key: only keys with some of its own scopes, recorded as its children', async () => {
    const parent = await create({ name: 'orchestrator', scopes: ['read', 'trade'] });
    const child = await create({ name: 'sub-agent', scopes: ['read'] }, parent.api_key);
    expect(child.key.created_by_key_id).toBe(parent.key.api_key_id);
    const beyond = await failure('create_api_key', { name: 'more', scopes: ['read', 'propose'] }, parent.api_key);
    expect([beyond.status, beyond.body.error, beyond.body.received]).toEqual([403, 'FORBIDDEN', { scopes: ['read', 'propose'] }]);
    expect(beyond.body.message).toContain("'propose'");
  });

  it('a key without trade cannot create keys at all (the scope gate)', async () => {
    const reader = await create({ name: 'reader', scopes: ['read', 'propose'] });
    expect((await failure('create_api_key', { name: 'x', scopes: ['read'] }, reader.api_key)).requiredScope).toBe('trade');
  });

  it('a key that expires: only keys expiring no later, by default at its own expiry', async () => {
    const until = new Date(services.clock.now() + 86_400_000).toISOString();
    const parent = await create({ name: 'day pass', scopes: ['read', 'trade'], expires_at: until });
    expect((await create({ name: 'child', scopes: ['read'] }, parent.api_key)).key.expires_at).toBe(until);
    const later = new Date(services.clock.now() + 2 * 86_400_000).toISOString();
    expect((await failure('create_api_key', { name: 'outlive', scopes: ['read'], expires_at: later }, parent.api_key)).body.error).toBe('OUT_OF_RANGE');
  });

  it('an OAuth client creates and revokes none', async () => {
    const oauth = services.tokens?.sign({ sub: (await services.users.findByEmail('keys@example.com'))?.id ?? '', sid: await familyOf(session), iat: 0, exp: 9_999_999_999, scope: 'read propose trade', clientId: 'https://client.example/meta.json' }) ?? '';
    expect((await failure('create_api_key', { name: 'x', scopes: ['read'] }, oauth)).body.error).toBe('FORBIDDEN');
    const mine = await create({ name: 'mine', scopes: ['read'] });
    expect((await failure('revoke_api_key', { api_key_id: mine.key.api_key_id }, oauth)).body.error).toBe('FORBIDDEN');
  });

  it('a child created while its parent is being revoked is revoked too: no live child outlives the race', async () => {
    const parent = await create({ name: 'parent', scopes: ['read', 'trade'] });
    const insert = services.apiKeys.insert.bind(services.apiKeys);
    // The person revokes the parent between the child's insert and the parent's re-check.
    services.apiKeys.insert = async (key) => {
      await insert(key);
      if (key.createdBy !== null) await ok('revoke_api_key', { api_key_id: key.createdBy });
    };
    const raced = await failure('create_api_key', { name: 'child', scopes: ['read'] }, parent.api_key);
    expect(raced.body.error).toBe('SESSION_INVALID');
    const keys = await list();
    expect(keys.map((k) => [k['name'], k['revoked_at'] !== null])).toEqual([
      ['child', true],
      ['parent', true],
    ]);
  });
});

describe('authenticating with an API key', () => {
  it('acts as its user with its scopes on every call, until revoked: then SESSION_INVALID on the next call', async () => {
    const key = await create({ name: 'agent', scopes: ['read'] });
    expect(await ok('get_onboarding_status', {}, key.api_key)).toMatchObject({ complete: false });
    await ok('revoke_api_key', { api_key_id: key.key.api_key_id });
    const refused = await failure('get_onboarding_status', {}, key.api_key);
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([401, 'SESSION_INVALID', 'The API key was revoked.']);
    expect(refused.body.suggestion).toContain('API keys page');
  });

  it('stops at its expiry, to the millisecond', async () => {
    const until = services.clock.now() + 60_000;
    const key = await create({ name: 'short', scopes: ['read'], expires_at: new Date(until).toISOString() });
    services.clock.set(until - 1);
    await ok('get_onboarding_status', {}, key.api_key);
    services.clock.advance(1);
    expect((await failure('get_onboarding_status', {}, key.api_key)).body.message).toBe('The API key has expired.');
  });

  it('refuses a malformed, unknown or altered key without naming any stored one', async () => {
    const key = await create({ name: 'agent', scopes: ['read'] });
    for (const bad of ['condor_sk_', 'condor_sk_short', `${key.api_key}x`, `${key.api_key.slice(0, -1)}A`, 'condor_sk_ has spaces in it!!']) {
      const refused = await failure('get_onboarding_status', {}, bad);
      expect([bad, refused.body.error]).toEqual([bad, 'SESSION_INVALID']);
      expect(JSON.stringify(refused.body)).not.toContain(key.api_key);
    }
  });

  it(`records the last use at most once per ${String(LAST_USED_RESOLUTION_MS / 1000)} s`, async () => {
    const key = await create({ name: 'agent', scopes: ['read'] });
    const lastUsed = async () => (await list()).find((k) => k['api_key_id'] === key.key.api_key_id)?.['last_used_at'];
    expect(await lastUsed()).toBeNull();
    const first = new Date(services.clock.now()).toISOString();
    await ok('get_onboarding_status', {}, key.api_key);
    expect(await lastUsed()).toBe(first);
    services.clock.advance(LAST_USED_RESOLUTION_MS - 1);
    await ok('get_onboarding_status', {}, key.api_key);
    expect(await lastUsed()).toBe(first);
    services.clock.advance(1);
    await ok('get_onboarding_status', {}, key.api_key);
    expect(await lastUsed()).toBe(new Date(services.clock.now()).toISOString());
  });

  it('marks the calling key as current in the list, and cannot log out (a key is no session)', async () => {
    const key = await create({ name: 'agent', scopes: ['read', 'trade'] });
    await create({ name: 'other', scopes: ['read'] });
    expect((await list(key.api_key)).map((k) => [k['name'], k['current']])).toEqual([
      ['other', false],
      ['agent', true],
    ]);
    const refused = await failure('logout', {}, key.api_key);
    expect([refused.body.error, refused.body.see_tool]).toEqual(['BAD_REQUEST', 'revoke_api_key']);
    await ok('get_onboarding_status', {}, key.api_key);
  });
});

describe('revoke_api_key', () => {
  it('revokes a key and every key it created, keeps the first time, and answers a repeat alike', async () => {
    const root = await create({ name: 'root', scopes: ['read', 'trade'] });
    const child = await create({ name: 'child', scopes: ['read', 'trade'] }, root.api_key);
    const grandchild = await create({ name: 'grandchild', scopes: ['read'] }, child.api_key);
    const unrelated = await create({ name: 'unrelated', scopes: ['read'] });
    const revoked = await ok('revoke_api_key', { api_key_id: root.key.api_key_id });
    expect(revoked['also_revoked']).toEqual([child.key.api_key_id, grandchild.key.api_key_id]);
    for (const key of [root, child, grandchild]) expect((await failure('get_onboarding_status', {}, key.api_key)).body.error).toBe('SESSION_INVALID');
    await ok('get_onboarding_status', {}, unrelated.api_key);
    services.clock.advance(5_000);
    const again = await ok('revoke_api_key', { api_key_id: root.key.api_key_id });
    expect([again['key'], again['also_revoked']]).toEqual([revoked['key'], []]);
  });

  it('lets a key revoke itself and its children only; another user’s key or an unknown id is NOT_FOUND', async () => {
    const a = await create({ name: 'a', scopes: ['trade'] });
    const b = await create({ name: 'b', scopes: ['read', 'trade'] });
    const child = await create({ name: 'a child', scopes: ['trade'] }, a.api_key);
    expect((await failure('revoke_api_key', { api_key_id: b.key.api_key_id }, a.api_key)).body.error).toBe('FORBIDDEN');
    await ok('revoke_api_key', { api_key_id: child.key.api_key_id }, a.api_key);
    await ok('revoke_api_key', { api_key_id: a.key.api_key_id }, a.api_key);
    await ok('register', { email: 'other@example.com', password: PASSWORD }, null);
    const other = String((await ok('login', { email: 'other@example.com', password: PASSWORD }, null))['access_token']);
    const foreign = await failure('revoke_api_key', { api_key_id: b.key.api_key_id }, other);
    expect([foreign.status, foreign.body.error, foreign.body.see_tool]).toEqual([404, 'NOT_FOUND', 'list_api_keys']);
    await ok('get_onboarding_status', {}, b.api_key);
    expect((await failure('revoke_api_key', { api_key_id: 'nope' })).body.error).toBe('INVALID_UUID');
  });
});

/** The session family of a password session's token. */
async function familyOf(token: string): Promise<string> {
  const claims = services.tokens?.verify(token);
  if (!claims) throw new Error('not a token');
  return Promise.resolve(claims.sid);
}
