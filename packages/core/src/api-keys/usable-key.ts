import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { ApiKey } from '../ports/api-key-store.js';
import type { Services } from '../services.js';
import { hasApiKeyShape } from './key-text.js';

/**
 * How finely a key's last use is recorded. Every request looks its key up (so a revocation counts on the next
 * request, on every instance), but writing the time on every request would make each call a database write
 * contending for one hot row; to the minute is all a person needs to tell a key in use from a forgotten one.
 */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The stored key `key` is, if it may be used now: known by its digest, not revoked, not expired. Its use is
 * recorded (at most once a minute). Anything else is SESSION_INVALID, which names no other user's key.
 */
export function usableApiKey(key: string, services: Services): ResultAsync<ApiKey, AppError> {
  if (!hasApiKeyShape(key)) return errAsync(keyRefused('The API key is malformed.'));
  const now = services.clock.now();
  return ResultAsync.fromSafePromise(services.apiKeys.findByDigest(services.digest.sha256(key))).andThen((found) => {
    if (found === undefined) return errAsync(keyRefused('The API key is not known: mistyped, or never created here.'));
    if (found.revokedAt !== null) return errAsync(keyRefused('The API key was revoked.'));
    if (found.expiresAt !== null && now >= found.expiresAt) return errAsync(keyRefused('The API key has expired.'));
    if (found.lastUsedAt !== null && now - found.lastUsedAt < LAST_USED_RESOLUTION_MS) return okAsync(found);
    return ResultAsync.fromSafePromise(services.apiKeys.recordUse(found.id, now, now - LAST_USED_RESOLUTION_MS + 1)).map(() => found);
  });
}

/** SESSION_INVALID for an API key: the remedy is a new key from the person, not a login. */
export const keyRefused = (message: string): AppError =>
  appError('SESSION_INVALID', {
    message,
    suggestion: 'Ask the person for a new API key: they create one on condor’s API keys page (/api-keys), or with create_api_key from a logged-in session.',
    seeTool: null,
  });
