import { describe, expect, it } from 'vitest';
import { relyingPartyOf, SimpleWebAuthnVerifier } from './simple-webauthn-verifier.js';

describe('SimpleWebAuthnVerifier', () => {
  it('names the relying party by the public URL’s host name and origin', () => {
    expect(relyingPartyOf('https://condor.example:8443/x')).toEqual({ rpID: 'condor.example', origin: 'https://condor.example:8443' });
  });

  it('asks for user verification, excludes the person’s passkeys, and reads the address when asked', async () => {
    let url = 'http://127.0.0.1:0';
    const verifier = new SimpleWebAuthnVerifier(() => url);
    url = 'https://condor.example';
    const { options, challenge } = await verifier.registrationOptions({ userId: 'u1', userName: 'a@example.com', exclude: [{ id: 'Y3JlZA', transports: ['internal', 'carrier-pigeon'] }] });
    expect(options).toMatchObject({
      challenge,
      rp: { id: 'condor.example', name: 'condor' },
      user: { name: 'a@example.com' },
      authenticatorSelection: { userVerification: 'required' },
      excludeCredentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
    });
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const assertion = await verifier.authenticationOptions({ allow: [{ id: 'Y3JlZA', transports: [] }] });
    expect(assertion.options).toMatchObject({ rpId: 'condor.example', userVerification: 'required', allowCredentials: [{ id: 'Y3JlZA' }] });
    expect(assertion.challenge).not.toBe(challenge);
  });

  it('answers null, never throws, for answers that are not a verified credential', async () => {
    const verifier = new SimpleWebAuthnVerifier(() => 'https://condor.example');
    const forged = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };
    expect(await verifier.verifyRegistration({ response: forged, expectedChallenge: 'abc' })).toBeNull();
    expect(await verifier.verifyRegistration({ response: 'nonsense', expectedChallenge: 'abc' })).toBeNull();
    expect(verifier.assertionCredentialId(forged)).toBe('Y3JlZA');
    expect(verifier.assertionCredentialId({ id: 3 })).toBeNull();
    const passkey = { id: 'Y3JlZA', transports: [], publicKey: 'pQECAyYgAQ', counter: 0 };
    expect(await verifier.verifyAssertion({ response: { ...forged, response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } }, expectedChallenge: 'abc', passkey })).toBeNull();
  });
});
