import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { OAuthGrant } from '../ports/oauth-grant-store.js';
import type { RefreshTokenRecord } from '../ports/session-store.js';
import type { Services } from '../services.js';
import { oauthFailure, type OAuthFailure } from './oauth-error.js';
import { issueOAuthTokens, oauthRefreshDigest, type OAuthTokens } from './oauth-tokens.js';

/** The token request of the refresh token grant (OAuth 2.1 §4.3), as posted. */
export interface RefreshRequest {
  readonly refreshToken: string | null;
  readonly clientId: string | null;
  /** Scopes to narrow the new access token to; null: the grant's. */
  readonly scope: string | null;
  readonly resource: string | null;
}

/**
 * Rotates an OAuth refresh token exactly as `refresh_session` rotates a session's: each works once, and a used one
 * presented again revokes the grant's whole family, so a stolen token ends the thief's access and the client's
 * alike. The token must come from the client it was issued to, for the grant's resource, asking no scope beyond it.
 */
export function refreshGrant(input: RefreshRequest, services: Services): ResultAsync<OAuthTokens, OAuthFailure> {
  const tokens = services.tokens;
  if (tokens === null) return errAsync(oauthFailure('server_error', 'The token signing key is not configured on this server.'));
  const { refreshToken, clientId } = input;
  if (refreshToken === null || clientId === null) return errAsync(oauthFailure('invalid_request', 'refresh_token and client_id are required.'));
  const hash = oauthRefreshDigest(services, refreshToken);
  return ResultAsync.fromSafePromise(services.sessions.findToken(hash))
    .andThen((record) =>
      record === undefined
        ? errAsync(invalidGrant('The refresh token is not valid.'))
        : ResultAsync.fromSafePromise(services.oauth.grants.find(record.familyId)).andThen((grant) =>
            grant === undefined ? errAsync(invalidGrant('The refresh token is not valid.')) : okAsync({ record, grant }),
          ),
    )
    .andThen(({ record, grant }) => {
      if (grant.clientId !== clientId) return errAsync(invalidGrant('The refresh token was issued to another client.'));
      if (input.resource !== null && input.resource !== grant.resource) return errAsync(oauthFailure('invalid_target', `The refresh token is for ${grant.resource} only.`));
      const narrowed = narrowScope(grant, input.scope);
      if (narrowed === null) return errAsync(oauthFailure('invalid_scope', `The grant allows only: ${grant.scope}.`));
      return ResultAsync.fromSafePromise(rotate(record, services)).andThen((refused) =>
        refused === null
          ? ResultAsync.fromSafePromise(issueOAuthTokens({ ...grant, scope: narrowed }, services, tokens))
          : errAsync(invalidGrant(refused)),
      );
    });
}

/** Uses the token once; null when it was this call's to use, else why not (a reuse revokes the family). */
async function rotate(record: RefreshTokenRecord, services: Services): Promise<string | null> {
  const now = services.clock.now();
  const family = await services.sessions.findFamily(record.familyId);
  if (family === undefined || family.revokedAt !== null) return 'The access this refresh token belonged to was revoked.';
  if (record.usedAt !== null) return revoke(record, now, services);
  if (record.expiresAt <= now) return 'The refresh token has expired. Authorize again.';
  if (!(await services.sessions.markTokenUsed(record.hash, now))) return revoke(record, now, services);
  return null;
}

async function revoke(record: RefreshTokenRecord, now: number, services: Services): Promise<string> {
  await services.sessions.revokeFamily(record.familyId, now);
  services.logger.warn('oauth_refresh_token_reused', { user_id: record.userId, session_id: record.familyId });
  return 'The refresh token was already used, so the access it belonged to was revoked for safety. Authorize again.';
}

/** The scope of the new access token: the grant's, or the asked subset of it; null when more is asked. */
function narrowScope(grant: OAuthGrant, asked: string | null): string | null {
  if (asked === null || asked.trim() === '') return grant.scope;
  const held = new Set(grant.scope.split(' '));
  const words = [...new Set(asked.split(' ').filter((word) => word !== ''))];
  return words.every((word) => held.has(word)) ? grant.scope.split(' ').filter((word) => words.includes(word)).join(' ') : null;
}

const invalidGrant = (description: string): OAuthFailure => oauthFailure('invalid_grant', description);
