import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import type { PasskeyRefusal } from './refusals.js';

/** How long a person has to answer a passkey prompt. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Keeps a fresh challenge for the person and purpose until it is taken or expires. */
export const keepChallenge = (services: Services, userId: string, purpose: string, challenge: string): Promise<void> => {
  const now = services.clock.now();
  return services.passkeys.saveChallenge({ challenge, userId, purpose, expiresAt: now + CHALLENGE_TTL_MS }, now);
};

/**
 * Takes the person's challenge once, and only for the purpose it was made for and before it expires; taken either
 * way, so a refused answer cannot be tried again with the same challenge.
 */
export function takeChallenge(services: Services, userId: string, challenge: string, purpose: string): ResultAsync<string, PasskeyRefusal> {
  return ResultAsync.fromSafePromise(services.passkeys.takeChallenge(userId, challenge)).andThen((kept) => {
    if (kept === undefined) return errAsync('challenge_unknown' as const);
    if (services.clock.now() >= kept.expiresAt) return errAsync('challenge_expired' as const);
    if (kept.purpose !== purpose) return errAsync('challenge_purpose' as const);
    return okAsync(kept.challenge);
  });
}
