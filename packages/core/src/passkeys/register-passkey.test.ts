import { createTestServices, fakeRegistration, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS } from './challenge.js';
import { keepChallenge } from './challenge.js';
import { finishPasskeyRegistration, startPasskeyRegistration } from './register-passkey.js';

const ALICE = { userId: '00000000-0000-4000-8000-0000000000a1', email: 'alice@example.com' };
let services: TestServices;
beforeEach(() => {
  services = createTestServices();
});

const finish = (challenge: string, response: unknown, name: unknown = 'Laptop') =>
  finishPasskeyRegistration(services, { userId: ALICE.userId, challenge, response, name });

describe('passkey registration', () => {
  it('asks the browser for user verification and keeps the passkey a verified answer registers', async () => {
    const { options, challenge } = await startPasskeyRegistration(services, ALICE);
    expect(options).toMatchObject({ authenticatorSelection: { userVerification: 'required' }, user: { name: ALICE.email } });
    services.clock.advance(1000);
    const added = await finish(challenge, fakeRegistration(challenge, 'cred-1', { counter: 3 }), '  Laptop — Touch ID ');
    expect(added._unsafeUnwrap()).toMatchObject({ id: 'cred-1', name: 'Laptop — Touch ID', counter: 3, createdAt: services.clock.now(), lastUsedAt: null });
    expect((await services.passkeys.list(ALICE.userId)).map((p) => p.id)).toEqual(['cred-1']);
  });

  it('excludes the person’s registered passkeys from new options', async () => {
    const first = await startPasskeyRegistration(services, ALICE);
    await finish(first.challenge, fakeRegistration(first.challenge, 'cred-1'));
    const { options } = await startPasskeyRegistration(services, ALICE);
    expect(options['excludeCredentials']).toEqual([{ id: 'cred-1', type: 'public-key', transports: ['internal'] }]);
  });

  it('refuses an answer whose authenticator did not verify the person', async () => {
    const { challenge } = await startPasskeyRegistration(services, ALICE);
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1', { userVerified: false })))._unsafeUnwrapErr()).toBe('user_not_verified');
    expect(await services.passkeys.list(ALICE.userId)).toEqual([]);
  });

  it('refuses an answer the verifier cannot verify', async () => {
    const { challenge } = await startPasskeyRegistration(services, ALICE);
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1', { forged: true })))._unsafeUnwrapErr()).toBe('not_verified');
  });

  it('takes a challenge once: a second answer to it is refused, even after a refusal', async () => {
    const { challenge } = await startPasskeyRegistration(services, ALICE);
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1', { forged: true })))._unsafeUnwrapErr()).toBe('not_verified');
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1')))._unsafeUnwrapErr()).toBe('challenge_unknown');
  });

  it('refuses a challenge past its time, and one made for another purpose or person', async () => {
    const late = await startPasskeyRegistration(services, ALICE);
    services.clock.advance(CHALLENGE_TTL_MS);
    expect((await finish(late.challenge, fakeRegistration(late.challenge, 'cred-1')))._unsafeUnwrapErr()).toBe('challenge_expired');

    await keepChallenge(services, ALICE.userId, 'approve:p1:1.25:1.2', 'approval-challenge');
    expect((await finish('approval-challenge', fakeRegistration('approval-challenge', 'cred-1')))._unsafeUnwrapErr()).toBe('challenge_purpose');

    const bobs = await startPasskeyRegistration(services, { userId: '00000000-0000-4000-8000-0000000000b2', email: 'bob@example.com' });
    expect((await finish(bobs.challenge, fakeRegistration(bobs.challenge, 'cred-1')))._unsafeUnwrapErr()).toBe('challenge_unknown');
    expect(await services.passkeys.list(ALICE.userId)).toEqual([]);
  });

  it('refuses a bad name before spending the challenge, and a credential already registered', async () => {
    const { challenge } = await startPasskeyRegistration(services, ALICE);
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1'), ' '))._unsafeUnwrapErr()).toBe('invalid_name');
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1'), 'x'.repeat(61)))._unsafeUnwrapErr()).toBe('invalid_name');
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1'), 'a\u0007b'))._unsafeUnwrapErr()).toBe('invalid_name');
    expect((await finish(challenge, fakeRegistration(challenge, 'cred-1'))).isOk()).toBe(true);
    const again = await startPasskeyRegistration(services, ALICE);
    expect((await finish(again.challenge, fakeRegistration(again.challenge, 'cred-1')))._unsafeUnwrapErr()).toBe('already_registered');
  });
});
