import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import { verifyPasskeyAssertion, type PasskeyAnswer } from './assert-passkey.js';
import type { PasskeyRefusal } from './refusals.js';

/**
 * Whether granting `scopes` to an agent asks for the person's passkey: the `trade` scope, once they have a passkey
 * (an agent that knows the password can then not hand itself a trading credential).
 */
export async function grantNeedsPasskey(services: Services, userId: string, scopes: readonly string[]): Promise<boolean> {
  return scopes.includes('trade') && (await services.passkeys.list(userId)).length > 0;
}

/**
 * The passkey step of a grant (`grantPurpose`): nothing when none is needed; else a fresh, verified assertion made
 * for this very grant. Answers the passkey's id, or null when none was asked.
 */
export function confirmGrantPasskey(
  services: Services,
  input: { userId: string; purpose: string; scopes: readonly string[]; answer: PasskeyAnswer | null },
): ResultAsync<string | null, PasskeyRefusal> {
  return ResultAsync.fromSafePromise(grantNeedsPasskey(services, input.userId, input.scopes)).andThen((needed) => {
    if (!needed) return okAsync(null);
    if (input.answer === null) return errAsync('passkey_needed' as const);
    return verifyPasskeyAssertion(services, { userId: input.userId, purpose: input.purpose, ...input.answer }).map(({ credentialId }): string | null => credentialId);
  });
}
