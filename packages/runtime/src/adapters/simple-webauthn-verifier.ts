import type { JsonObject, PasskeyDescriptor, VerifiedAssertion, VerifiedRegistration, WebAuthnOptions, WebAuthnVerifier } from '@condor/core';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';

/** The relying party as the browser sees it: the RP id is the public URL's host name, the origin its origin. */
export const relyingPartyOf = (publicUrl: string): { rpID: string; origin: string } => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

const TRANSPORTS: readonly string[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'] satisfies AuthenticatorTransport[];
const transportsOf = (transports: readonly string[]): AuthenticatorTransport[] =>
  transports.filter((t): t is AuthenticatorTransport => TRANSPORTS.includes(t));
const descriptors = (passkeys: readonly PasskeyDescriptor[]) => passkeys.map(({ id, transports }) => ({ id, transports: transportsOf(transports) }));

const isCredentialJson = (value: unknown): value is { id: string; response: object } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { response?: unknown }).response === 'object';

/**
 * WebAuthnVerifier by @simplewebauthn/server: the library parses the CBOR attestation and COSE keys and checks
 * signatures, challenge, origin and RP id; condor asks for user verification on both ceremonies, and core's ceremonies
 * refuse an answer without it (the UV flag is passed on, not judged here).
 * `publicUrl` is read per call, because a deployment without CONDOR_PUBLIC_URL learns its own address only once it listens.
 */
export class SimpleWebAuthnVerifier implements WebAuthnVerifier {
  constructor(private readonly publicUrl: () => string) {}

  async registrationOptions(input: { userId: string; userName: string; exclude: readonly PasskeyDescriptor[] }): Promise<WebAuthnOptions> {
    const options = await generateRegistrationOptions({
      rpName: 'condor',
      rpID: relyingPartyOf(this.publicUrl()).rpID,
      userName: input.userName,
      userID: new TextEncoder().encode(input.userId),
      attestationType: 'none',
      excludeCredentials: descriptors(input.exclude),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    return { options: options as unknown as JsonObject, challenge: options.challenge };
  }

  async verifyRegistration(input: { response: unknown; expectedChallenge: string }): Promise<VerifiedRegistration | null> {
    if (!isCredentialJson(input.response)) return null;
    const { rpID, origin } = relyingPartyOf(this.publicUrl());
    try {
      const result = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: input.expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        // Core refuses an unverified person with its own words (`user_not_verified`); the library would only throw.
        requireUserVerification: false,
      });
      if (!result.verified) return null;
      const { credential, userVerified } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        userVerified,
      };
    } catch {
      // The library throws for every malformed or mismatching answer; each is "not verified" to the person.
      return null;
    }
  }

  assertionCredentialId(response: unknown): string | null {
    return isCredentialJson(response) ? response.id : null;
  }

  async authenticationOptions(input: { allow: readonly PasskeyDescriptor[] }): Promise<WebAuthnOptions> {
    const options = await generateAuthenticationOptions({
      rpID: relyingPartyOf(this.publicUrl()).rpID,
      allowCredentials: descriptors(input.allow),
      userVerification: 'required',
    });
    return { options: options as unknown as JsonObject, challenge: options.challenge };
  }

  async verifyAssertion(input: { response: unknown; expectedChallenge: string; passkey: PasskeyDescriptor & { publicKey: string; counter: number } }): Promise<VerifiedAssertion | null> {
    if (!isCredentialJson(input.response)) return null;
    const { rpID, origin } = relyingPartyOf(this.publicUrl());
    try {
      const result = await verifyAuthenticationResponse({
        response: input.response as AuthenticationResponseJSON,
        expectedChallenge: input.expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: input.passkey.id, publicKey: isoBase64URL.toBuffer(input.passkey.publicKey), counter: input.passkey.counter, transports: transportsOf(input.passkey.transports) },
        requireUserVerification: false,
      });
      if (!result.verified) return null;
      const { credentialID, newCounter, userVerified } = result.authenticationInfo;
      return { credentialId: credentialID, counter: newCounter, userVerified };
    } catch {
      return null;
    }
  }
}
