import { err, ok, ResultAsync, safeTry } from 'neverthrow';
import type { Services } from '../services.js';
import type { WebAuthnOptions } from '../ports/webauthn-verifier.js';
import { keepChallenge, takeChallenge } from './challenge.js';
import { counterAdvances } from './counter.js';
import type { PasskeyRefusal } from './refusals.js';

/** The browser's answer to a passkey prompt: the challenge it answered and the assertion (WebAuthn's JSON). */
export interface PasskeyAnswer {
  readonly challenge: string;
  readonly response: unknown;
}

/** Starts a passkey assertion for `purpose` (e.g. `approvalPurpose(…)`): options allowing the person's passkeys, user verification required. */
export async function startPasskeyAssertion(services: Services, userId: string, purpose: string): Promise<WebAuthnOptions> {
  const allow = (await services.passkeys.list(userId)).map(({ id, transports }) => ({ id, transports }));
  const options = await services.webauthn.authenticationOptions({ allow });
  await keepChallenge(services, userId, purpose, options.challenge);
  return options;
}

/**
 * Checks the browser's assertion for `purpose`: the challenge taken once, unexpired and made for this purpose; signed
 * by one of the person's passkeys; the person verified; its counter advancing. Records the use and answers the
 * credential id (the approval evidence's).
 */
export function verifyPasskeyAssertion(
  services: Services,
  input: { userId: string; purpose: string; challenge: string; response: unknown },
): ResultAsync<{ credentialId: string }, PasskeyRefusal> {
  return safeTry(async function* () {
    const expectedChallenge = yield* takeChallenge(services, input.userId, input.challenge, input.purpose);
    const id = services.webauthn.assertionCredentialId(input.response);
    const passkey = id === null ? undefined : await services.passkeys.find(input.userId, id);
    if (passkey === undefined) return err('passkey_not_found' as const);
    const verified = await services.webauthn.verifyAssertion({ response: input.response, expectedChallenge, passkey });
    if (verified?.credentialId !== passkey.id) return err('not_verified' as const);
    if (!verified.userVerified) return err('user_not_verified' as const);
    if (!counterAdvances(passkey.counter, verified.counter)) return err('counter_replayed' as const);
    await services.passkeys.recordUse(input.userId, passkey.id, verified.counter, services.clock.now());
    return ok({ credentialId: passkey.id });
  });
}
