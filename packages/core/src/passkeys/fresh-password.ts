import { err, ok, ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import type { PasskeyRefusal } from './refusals.js';

/** How recent a login must be to weaken how the account approves (remove the last passkey, turn the paper setting off). */
export const FRESH_LOGIN_MS = 10 * 60 * 1000;

/** The person's password, checked again: an open session alone does not change their credentials. */
export function confirmPassword(services: Services, userId: string, password: string | null): ResultAsync<void, PasskeyRefusal> {
  return new ResultAsync(
    (async () => {
      if (password === null || password === '') return err('password_needed' as const);
      const user = await services.users.findById(userId);
      return (await services.passwords.verify(password, user?.passwordHash ?? null)) ? ok(undefined) : err('password_wrong' as const);
    })(),
  );
}

/** The password again, from a browser session logged in within `FRESH_LOGIN_MS`. */
export function confirmRecentPassword(services: Services, userId: string, sessionDigest: string, password: string | null): ResultAsync<void, PasskeyRefusal> {
  return confirmPassword(services, userId, password).andThen(() =>
    ResultAsync.fromSafePromise(services.browserSessions.find(sessionDigest)).andThen((session) =>
      session?.userId !== userId || services.clock.now() - session.createdAt > FRESH_LOGIN_MS ? err('login_not_fresh' as const) : ok(undefined),
    ),
  );
}
