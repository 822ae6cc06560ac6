import { createTestServices, fakeRegistration, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { FRESH_LOGIN_MS } from './fresh-password.js';
import { listPasskeys, removePasskey, renamePasskey } from './manage-passkeys.js';
import { finishPasskeyRegistration, startPasskeyRegistration } from './register-passkey.js';

const ALICE = { userId: '00000000-0000-4000-8000-0000000000a1', email: 'alice@example.com' };
const PASSWORD = 'alice password 123';
let services: TestServices;

beforeEach(async () => {
  services = createTestServices();
  await services.users.insert({ id: ALICE.userId, email: ALICE.email, passwordHash: await services.passwords.hash(PASSWORD), createdAt: 0 });
  await services.browserSessions.insert({ digest: 'bob-session', userId: '00000000-0000-4000-8000-0000000000b2', createdAt: services.clock.now(), expiresAt: services.clock.now() + 1e9, revokedAt: null, userAgent: null });
  const { challenge } = await startPasskeyRegistration(services, ALICE);
  await finishPasskeyRegistration(services, { userId: ALICE.userId, challenge, response: fakeRegistration(challenge, 'cred-1'), name: 'Laptop' });
});

describe('managing passkeys', () => {
  it('renames a passkey of the person’s, and refuses a bad name or someone else’s passkey', async () => {
    expect((await renamePasskey(services, { userId: ALICE.userId, id: 'cred-1', name: ' Phone ' })).isOk()).toBe(true);
    expect((await renamePasskey(services, { userId: ALICE.userId, id: 'cred-1', name: '' }))._unsafeUnwrapErr()).toBe('invalid_name');
    expect((await renamePasskey(services, { userId: 'someone-else', id: 'cred-1', name: 'Mine' }))._unsafeUnwrapErr()).toBe('passkey_not_found');
    expect(await listPasskeys(services, ALICE.userId)).toEqual([{ id: 'cred-1', name: 'Phone', createdAt: services.clock.now(), lastUsedAt: null }]);
  });

  it('counts a login as fresh only from a session of the person’s own, within the limit', async () => {
    await services.browserSessions.insert({ digest: 'alice-session', userId: ALICE.userId, createdAt: services.clock.now(), expiresAt: services.clock.now() + 1e9, revokedAt: null, userAgent: null });
    const remove = (sessionDigest: string) => removePasskey(services, { userId: ALICE.userId, sessionDigest, id: 'cred-1', password: PASSWORD });
    expect((await remove('bob-session'))._unsafeUnwrapErr()).toBe('login_not_fresh');
    services.clock.advance(FRESH_LOGIN_MS + 1);
    expect((await remove('alice-session'))._unsafeUnwrapErr()).toBe('login_not_fresh');
    services.clock.advance(-1);
    expect((await remove('alice-session')).isOk()).toBe(true);
    expect(await listPasskeys(services, ALICE.userId)).toEqual([]);
    // Each change of the person's passkeys is security news, mailed whatever they chose (design §18).
    expect((await services.news.recent(ALICE.userId, 5)).map((n) => [n.news.kind, n.news.title])).toEqual([
      ['security', 'A passkey was removed: “Laptop”'],
      ['security', 'A passkey was added: “Laptop”'],
    ]);
  });
});
