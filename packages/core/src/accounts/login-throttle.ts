import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';

const keysOf = (email: string, clientIp: string | null): string[] =>
  clientIp === null ? [`login:account:${email}`] : [`login:account:${email}`, `login:ip:${clientIp}`];

/**
 * Refuses a login attempt while the account or the client address has used up its failures in the
 * current window — before any password work, and with one message for both (no hint which).
 */
export function checkLoginThrottle(email: string, clientIp: string | null, services: Services): ResultAsync<void, AppError> {
  const now = services.clock.now();
  const { maxFailures } = services.config.loginThrottle;
  return ResultAsync.fromSafePromise(Promise.all(keysOf(email, clientIp).map((key) => services.rateLimits.peek(key, now)))).andThen(
    (windows) => {
      const full = windows.filter((w) => w.count >= maxFailures);
      if (full.length === 0) return okAsync(undefined);
      const seconds = Math.max(1, Math.ceil((Math.max(...full.map((w) => w.resetAt)) - now) / 1000));
      return errAsync(
        appError('RATE_LIMITED', {
          message: `Too many failed logins for this account or from this address. Try again in ${String(seconds)} seconds.`,
          suggestion: `Wait ${String(seconds)} seconds, then log in with the correct password.`,
          retryAfterSeconds: seconds,
        }),
      );
    },
  );
}

/** Counts a failed login against the account and the client address. */
export async function recordLoginFailure(email: string, clientIp: string | null, services: Services): Promise<void> {
  const windowMs = services.config.loginThrottle.windowSeconds * 1000;
  const now = services.clock.now();
  await Promise.all(keysOf(email, clientIp).map((key) => services.rateLimits.hit(key, windowMs, now)));
}

/** A successful login clears the account's failures (the address keeps its count). */
export const clearLoginFailures = (email: string, services: Services): Promise<void> =>
  services.rateLimits.reset(`login:account:${email}`);
