import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Caller } from '../operations/operation.js';
import type { Subscription } from '../ports/subscription-store.js';
import type { Tier } from '../ports/user-store.js';
import type { Services } from '../services.js';

/**
 * Gate 1: turns the credential a shell found (Bearer token or session cookie) into the caller.
 * No credential -> UNAUTHORIZED; anything unusable (malformed, tampered, expired, logged out) -> SESSION_INVALID.
 */
export function authenticate(credential: string | null, services: Services): ResultAsync<Caller, AppError> {
  if (credential === null || credential.trim() === '') return errAsync(appError('UNAUTHORIZED'));
  if (services.tokens === null) return errAsync(signingKeyMissing());
  const claims = services.tokens.verify(credential);
  if (claims === null) return errAsync(sessionInvalid('The token is malformed or its signature does not match.'));
  if (claims.exp * 1000 <= services.clock.now()) return errAsync(sessionInvalid('The token has expired.'));
  // An OAuth token is for one resource (RFC 8707): condor's MCP endpoint, not anyone else's.
  if (claims.resource !== undefined && claims.resource !== mcpResource(services)) return errAsync(sessionInvalid('The token was issued for another resource.'));
  return ResultAsync.fromSafePromise(
    Promise.all([
      services.sessions.findFamily(claims.sid),
      services.users.findById(claims.sub),
      services.subscriptions.active(claims.sub),
    ]),
  ).andThen(([family, user, subscription]) =>
    family?.revokedAt === null && family.userId === claims.sub && user !== undefined
      ? okAsync({ userId: user.id, email: user.email, tier: tierOf(subscription), sessionId: family.id })
      : errAsync(sessionInvalid('The session has ended (logged out or revoked).')),
  );
}

/** The resource identifier of condor's MCP endpoint, as OAuth tokens name it. */
export const mcpResource = (services: Services): string => `${services.config.publicUrl ?? ''}/mcp`;

/** The tier follows the subscription at once: premium while one is active. */
const tierOf = (subscription: Subscription | undefined): Tier => (subscription === undefined ? 'free' : 'premium');

const sessionInvalid = (message: string): AppError =>
  appError('SESSION_INVALID', { message: `${message} Call login or refresh_session.` });

export const signingKeyMissing = (): AppError =>
  appError('SERVER_MISCONFIGURED', { message: 'The token signing key is not configured on this server.' });
