import { err, ok, ResultAsync, safeTry } from 'neverthrow';
import type { Services } from '../services.js';
import { confirmRecentPassword } from './fresh-password.js';
import type { PasskeyRefusal } from './refusals.js';

/** Whether the person asks for their passkey on paper orders too, and whether they have one to give. */
export async function paperPasskeySetting(services: Services, userId: string): Promise<{ on: boolean; passkeys: number }> {
  const [on, passkeys] = await Promise.all([services.userSettings.paperPasskeyApprovals(userId), services.passkeys.list(userId)]);
  return { on, passkeys: passkeys.length };
}

/**
 * Turns the person's paper passkey setting on or off. On needs a passkey to give (else no paper order could be
 * approved at all); off weakens how their orders are approved, so like removing the last passkey it needs their
 * password again from a login under 10 minutes old.
 */
export function setPaperPasskeyApprovals(
  services: Services,
  input: { userId: string; sessionDigest: string; on: boolean; password: string | null },
): ResultAsync<void, PasskeyRefusal> {
  return safeTry(async function* () {
    if (input.on) {
      if ((await services.passkeys.list(input.userId)).length === 0) return err('no_passkey' as const);
    } else {
      yield* confirmRecentPassword(services, input.userId, input.sessionDigest, input.password);
    }
    await services.userSettings.setPaperPasskeyApprovals(input.userId, input.on, services.clock.now());
    return ok(undefined);
  });
}
