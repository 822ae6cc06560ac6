import type { TokenSigner } from '../ports/token-signer.js';
import type { OAuthGrant } from '../ports/oauth-grant-store.js';
import type { Services } from '../services.js';

/** A token response (RFC 6749 §5.1). */
export interface OAuthTokens {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope: string;
}

/**
 * The digest an OAuth refresh token is stored under. It differs from a password session's (`refresh_session`
 * never finds an OAuth refresh token, nor the token endpoint a session's), though both live in the session store
 * and rotate the same way.
 */
export const oauthRefreshDigest = (services: Services, refreshToken: string): string => services.digest.sha256(`condor-oauth-refresh\u0000${refreshToken}`);

/**
 * Issues an access token bound to the grant's resource, scopes and client, and a fresh single-use refresh token
 * in the grant's session family.
 */
export async function issueOAuthTokens(grant: OAuthGrant, services: Services, tokens: TokenSigner): Promise<OAuthTokens> {
  const now = services.clock.now();
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = services.config;
  const refreshToken = services.ids.opaqueToken();
  await services.sessions.insertToken({
    hash: oauthRefreshDigest(services, refreshToken),
    familyId: grant.familyId,
    userId: grant.userId,
    issuedAt: now,
    expiresAt: now + refreshTokenTtlSeconds * 1000,
    usedAt: null,
  });
  const iat = Math.floor(now / 1000);
  return {
    access_token: tokens.sign({ sub: grant.userId, sid: grant.familyId, iat, exp: iat + accessTokenTtlSeconds, scope: grant.scope, resource: grant.resource, clientId: grant.clientId }),
    token_type: 'Bearer',
    expires_in: accessTokenTtlSeconds,
    refresh_token: refreshToken,
    scope: grant.scope,
  };
}
