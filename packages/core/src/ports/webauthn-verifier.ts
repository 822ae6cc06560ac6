import type { JsonObject } from './json.js';

/** A passkey the browser may use or must not register again: its credential id and transports. */
export interface PasskeyDescriptor {
  readonly id: string;
  readonly transports: readonly string[];
}

/** Options for the browser's WebAuthn call (`PublicKeyCredential*OptionsJSON`), with the challenge they carry. */
export interface WebAuthnOptions {
  readonly options: JsonObject;
  readonly challenge: string;
}

/** A registration response the verifier found signed over the expected challenge, origin and relying party. */
export interface VerifiedRegistration {
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  /** Whether the authenticator verified the person (PIN, biometrics), the UV flag. */
  readonly userVerified: boolean;
}

/** An assertion the verifier found signed by the passkey's key over the expected challenge, origin and relying party. */
export interface VerifiedAssertion {
  readonly credentialId: string;
  readonly counter: number;
  readonly userVerified: boolean;
}

/**
 * The WebAuthn relying party (design §16): builds the browser's options asking for user verification, and checks
 * responses (CBOR, COSE keys, attestation, signatures) against this deployment's origin and RP id. A response it
 * cannot verify is null; it never judges counters or purposes (core's ceremonies do).
 */
export interface WebAuthnVerifier {
  registrationOptions(input: { userId: string; userName: string; exclude: readonly PasskeyDescriptor[] }): Promise<WebAuthnOptions>;
  verifyRegistration(input: { response: unknown; expectedChallenge: string }): Promise<VerifiedRegistration | null>;
  /** The credential id an assertion response names (unverified, to find its passkey), or null when it names none. */
  assertionCredentialId(response: unknown): string | null;
  authenticationOptions(input: { allow: readonly PasskeyDescriptor[] }): Promise<WebAuthnOptions>;
  verifyAssertion(input: { response: unknown; expectedChallenge: string; passkey: PasskeyDescriptor & { publicKey: string; counter: number } }): Promise<VerifiedAssertion | null>;
}
