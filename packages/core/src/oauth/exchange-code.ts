import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { securityNews } from '../notifications/news-of.js';
import type { AuthorizationCode } from '../ports/authorization-code-store.js';
import type { Services } from '../services.js';
import { oauthFailure, type OAuthFailure } from './oauth-error.js';
import { issueOAuthTokens, type OAuthTokens } from './oauth-tokens.js';

/** The token request of the authorization code grant (OAuth 2.1 §4.1.3), as posted. */
export interface CodeExchange {
  readonly code: string | null;
  readonly codeVerifier: string | null;
  readonly clientId: string | null;
  readonly redirectUri: string | null;
  readonly resource: string | null;
}

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Redeems an authorization code once: the same client and redirect URI, a PKCE verifier that hashes (S256) to the
 * code's challenge, the code's resource. A code presented a second time revokes the grant its first use started
 * (OAuth 2.1 §4.1.2: its tokens may be in an attacker's hands).
 */
export function exchangeCode(input: CodeExchange, services: Services): ResultAsync<OAuthTokens, OAuthFailure> {
  const tokens = services.tokens;
  if (tokens === null) return errAsync(oauthFailure('server_error', 'The token signing key is not configured on this server.'));
  const { code, codeVerifier, clientId } = input;
  if (code === null || clientId === null || codeVerifier === null) return errAsync(oauthFailure('invalid_request', 'code, code_verifier and client_id are required.'));
  if (!VERIFIER.test(codeVerifier)) return errAsync(oauthFailure('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~" (RFC 7636).'));
  const digest = services.digest.sha256(code);
  return ResultAsync.fromSafePromise(services.oauth.codes.find(digest))
    .andThen((record) => (record === undefined ? errAsync(invalidGrant('The authorization code is not valid.')) : checkCode(record, { ...input, codeVerifier, clientId }, services)))
    .andThen((record) => consume(record, services))
    .andThen((record) =>
      ResultAsync.fromSafePromise(services.users.findById(record.userId)).andThen((user) =>
        user === undefined ? errAsync(invalidGrant('The account of this authorization code no longer exists.')) : okAsync(record),
      ),
    )
    .andThen((record) => {
      const grant = {
        familyId: record.familyId,
        userId: record.userId,
        clientId: record.clientId,
        clientName: record.clientName,
        scope: record.scope,
        resource: record.resource,
        createdAt: services.clock.now(),
        lastUsedAt: null,
      };
      return ResultAsync.fromSafePromise(
        services.oauth.grants
          .insert(grant)
          .then(() => (grantsTrade(grant.scope) ? services.news.add(securityNews(grant.userId, { kind: 'trade_client_granted', name: grant.clientName }, grant.createdAt, services.ids)) : false))
          .then(() => issueOAuthTokens(grant, services, tokens)),
      );
    });
}

/** Whether a grant's scope lets its app trade: the person hears of it whatever they chose (design §18). */
const grantsTrade = (scope: string): boolean => scope.split(' ').includes('trade');

function checkCode(
  record: AuthorizationCode,
  input: CodeExchange & { codeVerifier: string; clientId: string },
  services: Services,
): ResultAsync<AuthorizationCode, OAuthFailure> {
  if (record.usedAt !== null) return ResultAsync.fromSafePromise(reused(record, services)).andThen(() => errAsync(invalidGrant('The authorization code was already used; the access it granted is revoked.')));
  if (record.expiresAt <= services.clock.now()) return errAsync(invalidGrant('The authorization code has expired.'));
  if (record.clientId !== input.clientId) return errAsync(invalidGrant('The authorization code was issued to another client.'));
  if (input.redirectUri !== record.redirectUri) return errAsync(invalidGrant('redirect_uri must be the one of the authorization request.'));
  if (input.resource !== null && input.resource !== record.resource) return errAsync(oauthFailure('invalid_target', `The authorization code is for ${record.resource} only.`));
  if (services.oauth.challenges.s256(input.codeVerifier) !== record.codeChallenge) return errAsync(invalidGrant('code_verifier does not match the code_challenge (PKCE S256).'));
  return okAsync(record);
}

/** Marks the code used; the loser of a race is treated as a reuse. */
function consume(record: AuthorizationCode, services: Services): ResultAsync<AuthorizationCode, OAuthFailure> {
  return ResultAsync.fromSafePromise(services.oauth.codes.markUsed(record.digest, services.clock.now())).andThen((won) =>
    won ? okAsync(record) : ResultAsync.fromSafePromise(reused(record, services)).andThen(() => errAsync(invalidGrant('The authorization code was already used; the access it granted is revoked.'))),
  );
}

async function reused(record: AuthorizationCode, services: Services): Promise<void> {
  await services.sessions.revokeFamily(record.familyId, services.clock.now());
  services.logger.warn('authorization_code_reused', { user_id: record.userId, client_id: record.clientId.slice(0, 200), session_id: record.familyId });
}

const invalidGrant = (description: string): OAuthFailure => oauthFailure('invalid_grant', description);
