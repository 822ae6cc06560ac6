import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { looksLikeApiKey } from '../api-keys/key-text.js';
import { LAST_USED_RESOLUTION_MS, usableApiKey } from '../api-keys/usable-key.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Caller, CredentialKind } from '../operations/operation.js';
import type { Subscription } from '../ports/subscription-store.js';
import type { Tier, User } from '../ports/user-store.js';
import { scopesOfClaim, type Scope } from '../scopes/scopes.js';
import type { Services } from '../services.js';

/**
 * Gate 1: turns the credential a shell found (Bearer token, API key or session cookie) into the caller.
 * No credential -> UNAUTHORIZED; anything unusable (malformed, tampered, expired, logged out, revoked) -> SESSION_INVALID.
 * An API key (`condor_sk_…`) is looked up by its digest on every call, so its revocation counts on the next one.
 */
export function authenticate(credential: string | null, services: Services): ResultAsync<Caller, AppError> {
  if (credential === null || credential.trim() === '') return errAsync(appError('UNAUTHORIZED'));
  if (looksLikeApiKey(credential)) {
    return usableApiKey(credential, services).andThen((key) =>
      ResultAsync.fromSafePromise(Promise.all([services.users.findById(key.ownerId), services.subscriptions.active(key.ownerId)])).andThen(([user, subscription]) =>
        callerOf(user, subscription, { sessionId: key.id, credential: 'api_key', scopes: new Set(key.scopes) }),
      ),
    );
  }
  if (services.tokens === null) return errAsync(signingKeyMissing());
  const claims = services.tokens.verify(credential);
  if (claims === null) return errAsync(sessionInvalid('The token is malformed or its signature does not match.'));
  if (claims.exp * 1000 <= services.clock.now()) return errAsync(sessionInvalid('The token has expired.'));
  // An OAuth token is for one resource (RFC 8707): condor's MCP endpoint, not anyone else's.
  if (claims.resource !== undefined && claims.resource !== mcpResource(services)) return errAsync(sessionInvalid('The token was issued for another resource.'));
  const how: Grant = { sessionId: claims.sid, credential: claims.clientId === undefined ? 'session' : 'oauth', scopes: scopesOfClaim(claims.scope) };
  return ResultAsync.fromSafePromise(
    Promise.all([services.sessions.findFamily(claims.sid), services.users.findById(claims.sub), services.subscriptions.active(claims.sub)]),
  ).andThen(([family, user, subscription]) => {
    if (family?.revokedAt !== null || family.userId !== claims.sub) return errAsync(ended());
    const caller = callerOf(user, subscription, how);
    return how.credential === 'oauth' ? caller.andThen((found) => recordClientUse(services, claims.sid).map(() => found)) : caller;
  });
}

/** Records that an OAuth client used its grant (to the minute, as API keys are), for the person's desk. */
function recordClientUse(services: Services, familyId: string): ResultAsync<void, never> {
  const now = services.clock.now();
  return ResultAsync.fromSafePromise(services.oauth.grants.recordUse(familyId, now, now - LAST_USED_RESOLUTION_MS + 1));
}

/** What a credential grants besides its user. */
interface Grant {
  readonly sessionId: string;
  readonly credential: CredentialKind;
  readonly scopes: ReadonlySet<Scope>;
}

function callerOf(user: User | undefined, subscription: Subscription | undefined, grant: Grant): ResultAsync<Caller, AppError> {
  return user === undefined ? errAsync(ended()) : okAsync({ userId: user.id, email: user.email, tier: tierOf(subscription), ...grant });
}

/** The resource identifier of condor's MCP endpoint, as OAuth tokens name it. */
export const mcpResource = (services: Services): string => `${services.config.publicUrl ?? ''}/mcp`;

/** The tier follows the subscription at once: premium while one is active. */
export const tierOf = (subscription: Subscription | undefined): Tier => (subscription === undefined ? 'free' : 'premium');

const ended = (): AppError => sessionInvalid('The session has ended (logged out or revoked).');

const sessionInvalid = (message: string): AppError =>
  appError('SESSION_INVALID', { message: `${message} Call login or refresh_session.` });

export const signingKeyMissing = (): AppError =>
  appError('SERVER_MISCONFIGURED', { message: 'The token signing key is not configured on this server.' });
