import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import { oauthFailure, type OAuthFailure } from './oauth-error.js';
import { oauthRefreshDigest } from './oauth-tokens.js';

/** A revocation request (RFC 7009 §2.1), as posted by a public client. */
export interface RevocationRequest {
  readonly token: string | null;
  readonly clientId: string | null;
}

/**
 * Token revocation (RFC 7009): an OAuth refresh or access token of the asking client ends its whole grant (the
 * session family), as a disconnect on the connected clients page does. A token condor does not know, or a password
 * session's, changes nothing and is answered the same (§2.2); another client's token is refused.
 */
export function revokeOAuthToken(input: RevocationRequest, services: Services): ResultAsync<void, OAuthFailure> {
  const { token, clientId } = input;
  if (token === null || clientId === null) return errAsync(oauthFailure('invalid_request', 'token and client_id are required.'));
  return ResultAsync.fromSafePromise(familyOf(token, services)).andThen((found) => {
    if (found === null) return okAsync(undefined);
    if (found.clientId !== clientId) return errAsync(oauthFailure('unauthorized_client', 'The token was issued to another client.'));
    return ResultAsync.fromSafePromise(services.sessions.revokeFamily(found.familyId, services.clock.now()));
  });
}

/** The grant a token belongs to: a refresh token's by its digest, an OAuth access token's by its claims. */
async function familyOf(token: string, services: Services): Promise<{ familyId: string; clientId: string } | null> {
  const record = await services.sessions.findToken(oauthRefreshDigest(services, token));
  if (record !== undefined) {
    const grant = await services.oauth.grants.find(record.familyId);
    return grant === undefined ? null : { familyId: grant.familyId, clientId: grant.clientId };
  }
  const claims = services.tokens?.verify(token) ?? null;
  return claims?.clientId === undefined ? null : { familyId: claims.sid, clientId: claims.clientId };
}
