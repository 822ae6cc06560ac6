import { err, ok, type ResultAsync, safeTry } from 'neverthrow';
import { securityNews } from '../notifications/news-of.js';
import type { Services } from '../services.js';
import { confirmRecentPassword } from './fresh-password.js';
import { passkeyName } from './passkey-name.js';
import type { PasskeyRefusal } from './refusals.js';

/** A passkey as the person's page lists it. */
export interface PasskeyView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** The person's passkeys, oldest first. */
export async function listPasskeys(services: Services, userId: string): Promise<readonly PasskeyView[]> {
  return (await services.passkeys.list(userId)).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
}

/** Renames one of the person's passkeys. */
export function renamePasskey(services: Services, input: { userId: string; id: string; name: unknown }): ResultAsync<void, PasskeyRefusal> {
  return safeTry(async function* () {
    const name = yield* passkeyName(input.name);
    return (await services.passkeys.rename(input.userId, input.id, name)) ? ok(undefined) : err('passkey_not_found' as const);
  });
}

/**
 * Removes one of the person's passkeys. Their last one goes only with their password and from a browser session
 * logged in within `FRESH_LOGIN_MS`: whoever finds an open, unattended session cannot strip the account of its
 * strongest credential. Without a password the store keeps the last one in the same step, so two removals racing
 * cannot both pass as "not the last".
 */
export function removePasskey(
  services: Services,
  input: { userId: string; sessionDigest: string; id: string; password: string | null },
): ResultAsync<void, PasskeyRefusal> {
  return safeTry(async function* () {
    if (input.password !== null && input.password !== '') yield* confirmRecentPassword(services, input.userId, input.sessionDigest, input.password);
    const keepLast = input.password === null || input.password === '';
    const named = await services.passkeys.find(input.userId, input.id);
    const removal = await services.passkeys.remove(input.userId, input.id, keepLast);
    if (removal === 'absent') return err('passkey_not_found' as const);
    if (removal === 'last') return err('password_needed' as const);
    await services.news.add(securityNews(input.userId, { kind: 'passkey_removed', name: named?.name ?? 'a passkey' }, services.clock.now(), services.ids));
    return ok(undefined);
  });
}
