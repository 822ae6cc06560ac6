import { err, ok, ResultAsync, safeTry } from 'neverthrow';
import { securityNews } from '../notifications/news-of.js';
import type { Services } from '../services.js';
import type { Passkey } from '../ports/passkey-store.js';
import type { WebAuthnOptions } from '../ports/webauthn-verifier.js';
import { keepChallenge, takeChallenge } from './challenge.js';
import { confirmPassword } from './fresh-password.js';
import { passkeyName } from './passkey-name.js';
import { REGISTER_PURPOSE } from './purposes.js';
import type { PasskeyRefusal } from './refusals.js';

/**
 * Starts adding a passkey: the browser's creation options (user verification required; the person's passkeys
 * excluded), their challenge kept for `register`.
 */
export async function startPasskeyRegistration(services: Services, user: { userId: string; email: string }): Promise<WebAuthnOptions> {
  const exclude = (await services.passkeys.list(user.userId)).map(({ id, transports }) => ({ id, transports }));
  const options = await services.webauthn.registrationOptions({ userId: user.userId, userName: user.email, exclude });
  await keepChallenge(services, user.userId, REGISTER_PURPOSE, options.challenge);
  return options;
}

/**
 * Starts adding a passkey for a person who typed their password again: an open session alone (or an agent driving
 * it) cannot add a credential that then approves live orders.
 */
export function startAddingPasskey(services: Services, user: { userId: string; email: string; password: string | null }): ResultAsync<WebAuthnOptions, PasskeyRefusal> {
  return confirmPassword(services, user.userId, user.password).andThen(() => ResultAsync.fromSafePromise(startPasskeyRegistration(services, user)));
}

/**
 * Finishes adding a passkey from the browser's answer to `challenge`: the challenge is taken (once, for `register`,
 * unexpired), the answer verified, and the authenticator must have verified the person.
 */
export function finishPasskeyRegistration(
  services: Services,
  input: { userId: string; challenge: string; response: unknown; name: unknown },
): ResultAsync<Passkey, PasskeyRefusal> {
  return safeTry(async function* () {
    const name = yield* passkeyName(input.name);
    const expectedChallenge = yield* takeChallenge(services, input.userId, input.challenge, REGISTER_PURPOSE);
    const verified = await services.webauthn.verifyRegistration({ response: input.response, expectedChallenge });
    if (verified === null) return err('not_verified' as const);
    if (!verified.userVerified) return err('user_not_verified' as const);
    const passkey: Passkey = {
      id: verified.credentialId,
      userId: input.userId,
      publicKey: verified.publicKey,
      counter: verified.counter,
      transports: verified.transports,
      name,
      createdAt: services.clock.now(),
      lastUsedAt: null,
    };
    if (!(await services.passkeys.insert(passkey))) return err('already_registered' as const);
    await services.news.add(securityNews(input.userId, { kind: 'passkey_added', name }, passkey.createdAt, services.ids));
    return ok(passkey);
  });
}
