import { createTestServices, fakeAssertion, fakeRegistration, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { startPasskeyAssertion } from '../passkeys/assert-passkey.js';
import { grantPurpose } from '../passkeys/purposes.js';
import { finishPasskeyRegistration, startAddingPasskey } from '../passkeys/register-passkey.js';
import { execute } from '../operations/execute.js';
import { createPersonKey, startPersonKeyPasskey } from './person-keys.js';

const EMAIL = 'trade.keys@example.com';
const PASSWORD = 'trade keys password 1';
let services: TestServices;
let session: string;
let userId: string;

const call = (tool: string, input: unknown, credential: string | null = session) => execute(tool, input, { services, credential, requestId: 'r', batchKey: null });

beforeEach(async () => {
  services = createTestServices();
  (await call('register', { email: EMAIL, password: PASSWORD }, null))._unsafeUnwrap();
  const login = (await call('login', { email: EMAIL, password: PASSWORD }, null))._unsafeUnwrap().value as { access_token: string; user: { user_id: string } };
  session = login.access_token;
  userId = login.user.user_id;
});

async function addPasskey(): Promise<void> {
  const { challenge } = (await startAddingPasskey(services, { userId, email: EMAIL, password: PASSWORD }))._unsafeUnwrap();
  (await finishPasskeyRegistration(services, { userId, challenge, response: fakeRegistration(challenge, 'laptop'), name: 'Laptop' }))._unsafeUnwrap();
}

describe('a key with the trade scope, once the person has a passkey', () => {
  it('is made by create_api_key only until the person has a passkey; then only without trade, or by a key with trade', async () => {
    expect((await call('create_api_key', { name: 'before', scopes: ['trade'] })).isOk()).toBe(true);
    const keyWithTrade = ((await call('create_api_key', { name: 'parent', scopes: ['read', 'trade'] }))._unsafeUnwrap().value as { api_key: string }).api_key;
    await addPasskey();
    const refused = (await call('create_api_key', { name: 'after', scopes: ['read', 'trade'] }))._unsafeUnwrapErr().body;
    expect([refused.error, refused.message]).toEqual(['FORBIDDEN', expect.stringContaining('/api-keys')]);
    expect((await call('create_api_key', { name: 'reader', scopes: ['read'] })).isOk()).toBe(true);
    expect((await call('create_api_key', { name: 'child', scopes: ['trade'] }, keyWithTrade)).isOk()).toBe(true);
    expect((await services.apiKeys.list(userId)).map((key) => key.name)).not.toContain('after');
  });

  it('is made on the page only with a fresh assertion made for its name and scopes', async () => {
    const form = { name: 'laptop agent', scopes: ['read', 'trade'] };
    expect((await createPersonKey(services, userId, form)).isOk()).toBe(true);
    await addPasskey();
    expect((await createPersonKey(services, userId, { ...form, name: 'no passkey' }))._unsafeUnwrapErr()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('needs your passkey') });
    expect((await createPersonKey(services, userId, { name: 'reader', scopes: ['read'] })).isOk()).toBe(true);

    const { challenge: forOther } = await startPasskeyAssertion(services, userId, grantPurpose('api-key', 'another key', form.scopes));
    const other = await createPersonKey(services, userId, { ...form, name: 'wanted' }, { challenge: forOther, response: fakeAssertion(forOther, 'laptop') });
    expect(other._unsafeUnwrapErr().code).toBe('FORBIDDEN');

    const { challenge } = (await startPersonKeyPasskey(services, userId, { ...form, name: 'wanted' }))._unsafeUnwrap();
    const answer = { challenge, response: fakeAssertion(challenge, 'laptop') };
    expect((await createPersonKey(services, userId, { ...form, name: 'wanted' }, answer))._unsafeUnwrap().key.scopes).toEqual(['read', 'trade']);
    expect((await createPersonKey(services, userId, { ...form, name: 'wanted again' }, answer)).isErr()).toBe(true);
    expect((await services.apiKeys.list(userId)).map((key) => key.name).sort()).toEqual(['laptop agent', 'reader', 'wanted']);
  });
});
