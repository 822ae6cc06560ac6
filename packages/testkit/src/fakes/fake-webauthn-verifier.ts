import type { PasskeyDescriptor, VerifiedAssertion, VerifiedRegistration, WebAuthnOptions, WebAuthnVerifier } from '@condor/core';

/** What the fake authenticator answers a registration with; `forged` stands for a signature that does not check. */
export interface FakeRegistrationResponse {
  readonly kind: 'fake-registration';
  readonly challenge: string;
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly userVerified: boolean;
  readonly forged: boolean;
}

/** What the fake authenticator answers an assertion with: signed by `publicKey`'s private half. */
export interface FakeAssertionResponse {
  readonly kind: 'fake-assertion';
  readonly challenge: string;
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly userVerified: boolean;
}

/** A registration answer to `challenge`, by default a good one from a user-verifying authenticator. */
export const fakeRegistration = (challenge: string, credentialId: string, overrides: Partial<Omit<FakeRegistrationResponse, 'kind'>> = {}): FakeRegistrationResponse => ({
  kind: 'fake-registration',
  challenge,
  credentialId,
  publicKey: `key-of-${credentialId}`,
  counter: 0,
  userVerified: true,
  forged: false,
  ...overrides,
});

/** An assertion answer to `challenge` by `credentialId` (its key, unless `publicKey` says another). */
export const fakeAssertion = (challenge: string, credentialId: string, overrides: Partial<Omit<FakeAssertionResponse, 'kind'>> = {}): FakeAssertionResponse => ({
  kind: 'fake-assertion',
  challenge,
  credentialId,
  publicKey: `key-of-${credentialId}`,
  counter: 0,
  userVerified: true,
  ...overrides,
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A WebAuthnVerifier without cryptography: challenges count up (`challenge-1` …), and a response verifies when it is
 * the fake authenticator's, answers the expected challenge and is not forged (an assertion: signed with the passkey's key).
 */
export class FakeWebAuthnVerifier implements WebAuthnVerifier {
  private issued = 0;

  registrationOptions(input: { userId: string; userName: string; exclude: readonly PasskeyDescriptor[] }): Promise<WebAuthnOptions> {
    const challenge = this.next();
    return Promise.resolve({
      challenge,
      options: {
        challenge,
        rp: { id: 'condor.test', name: 'condor' },
        user: { id: input.userId, name: input.userName, displayName: input.userName },
        excludeCredentials: input.exclude.map(({ id, transports }) => ({ id, type: 'public-key', transports: [...transports] })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      },
    });
  }

  verifyRegistration(input: { response: unknown; expectedChallenge: string }): Promise<VerifiedRegistration | null> {
    const r = input.response;
    if (!isRecord(r) || r['kind'] !== 'fake-registration' || r['forged'] !== false || r['challenge'] !== input.expectedChallenge) return Promise.resolve(null);
    const { credentialId, publicKey, counter, userVerified } = r as unknown as FakeRegistrationResponse;
    return Promise.resolve({ credentialId, publicKey, counter, transports: ['internal'], userVerified });
  }

  assertionCredentialId(response: unknown): string | null {
    return isRecord(response) && typeof response['credentialId'] === 'string' ? response['credentialId'] : null;
  }

  authenticationOptions(input: { allow: readonly PasskeyDescriptor[] }): Promise<WebAuthnOptions> {
    const challenge = this.next();
    return Promise.resolve({
      challenge,
      options: { challenge, rpId: 'condor.test', userVerification: 'required', allowCredentials: input.allow.map(({ id, transports }) => ({ id, type: 'public-key', transports: [...transports] })) },
    });
  }

  verifyAssertion(input: { response: unknown; expectedChallenge: string; passkey: PasskeyDescriptor & { publicKey: string; counter: number } }): Promise<VerifiedAssertion | null> {
    const r = input.response;
    if (!isRecord(r) || r['kind'] !== 'fake-assertion' || r['challenge'] !== input.expectedChallenge || r['publicKey'] !== input.passkey.publicKey) return Promise.resolve(null);
    const { credentialId, counter, userVerified } = r as unknown as FakeAssertionResponse;
    return Promise.resolve({ credentialId, counter, userVerified });
  }

  private next(): string {
    this.issued += 1;
    return `challenge-${String(this.issued)}`;
  }
}
