import { createTestServices, fakeAssertion, fakeRegistration, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { startPasskeyAssertion, verifyPasskeyAssertion } from './assert-passkey.js';
import { CHALLENGE_TTL_MS } from './challenge.js';
import { counterAdvances } from './counter.js';
import { approvalPurpose } from './purposes.js';
import { finishPasskeyRegistration, startPasskeyRegistration } from './register-passkey.js';

const ALICE = { userId: '00000000-0000-4000-8000-0000000000a1', email: 'alice@example.com' };
const PURPOSE = approvalPurpose('p1', 1.25, 1.2);
let services: TestServices;

beforeEach(async () => {
  services = createTestServices();
  const { challenge } = await startPasskeyRegistration(services, ALICE);
  await finishPasskeyRegistration(services, { userId: ALICE.userId, challenge, response: fakeRegistration(challenge, 'cred-1', { counter: 5 }), name: 'Laptop' });
});

const verify = (challenge: string, response: unknown, purpose = PURPOSE) => verifyPasskeyAssertion(services, { userId: ALICE.userId, purpose, challenge, response });

describe('passkey assertion', () => {
  it('accepts a verified assertion for its purpose, records the use and answers the credential id', async () => {
    const { options, challenge } = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    expect(options).toMatchObject({ userVerification: 'required', allowCredentials: [{ id: 'cred-1' }] });
    services.clock.advance(2000);
    expect((await verify(challenge, fakeAssertion(challenge, 'cred-1', { counter: 6 })))._unsafeUnwrap()).toEqual({ credentialId: 'cred-1' });
    expect(await services.passkeys.find(ALICE.userId, 'cred-1')).toMatchObject({ counter: 6, lastUsedAt: services.clock.now() });
  });

  it('binds the challenge to the proposal and band: an assertion made for another band approves nothing', async () => {
    const { challenge } = await startPasskeyAssertion(services, ALICE.userId, approvalPurpose('p1', 1.25, 1.1));
    expect((await verify(challenge, fakeAssertion(challenge, 'cred-1', { counter: 6 })))._unsafeUnwrapErr()).toBe('challenge_purpose');
    expect((await verify(challenge, fakeAssertion(challenge, 'cred-1', { counter: 7 }), approvalPurpose('p1', 1.25, 1.1)))._unsafeUnwrapErr()).toBe('challenge_unknown');
  });

  it('refuses an expired challenge, a person not verified, a key that is not the passkey’s, and an unknown credential', async () => {
    const late = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    services.clock.advance(CHALLENGE_TTL_MS + 1);
    expect((await verify(late.challenge, fakeAssertion(late.challenge, 'cred-1', { counter: 6 })))._unsafeUnwrapErr()).toBe('challenge_expired');
    const unverified = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    expect((await verify(unverified.challenge, fakeAssertion(unverified.challenge, 'cred-1', { counter: 6, userVerified: false })))._unsafeUnwrapErr()).toBe('user_not_verified');
    const forged = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    expect((await verify(forged.challenge, fakeAssertion(forged.challenge, 'cred-1', { counter: 6, publicKey: 'another-key' })))._unsafeUnwrapErr()).toBe('not_verified');
    const stranger = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    expect((await verify(stranger.challenge, fakeAssertion(stranger.challenge, 'cred-9', { counter: 6 })))._unsafeUnwrapErr()).toBe('passkey_not_found');
    expect(await services.passkeys.find(ALICE.userId, 'cred-1')).toMatchObject({ counter: 5, lastUsedAt: null });
  });

  it('refuses a counter that does not increase', async () => {
    const same = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    expect((await verify(same.challenge, fakeAssertion(same.challenge, 'cred-1', { counter: 5 })))._unsafeUnwrapErr()).toBe('counter_replayed');
    const back = await startPasskeyAssertion(services, ALICE.userId, PURPOSE);
    expect((await verify(back.challenge, fakeAssertion(back.challenge, 'cred-1', { counter: 4 })))._unsafeUnwrapErr()).toBe('counter_replayed');
  });
});

describe('counterAdvances', () => {
  it('passes an increase and 0 after 0 (synced passkeys), nothing else', () => {
    expect(counterAdvances(5, 6)).toBe(true);
    expect(counterAdvances(0, 0)).toBe(true);
    expect(counterAdvances(0, 1)).toBe(true);
    expect(counterAdvances(5, 5)).toBe(false);
    expect(counterAdvances(5, 0)).toBe(false);
    expect(counterAdvances(1, 0)).toBe(false);
  });
});
