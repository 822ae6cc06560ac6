import { randomBytes } from 'node:crypto';
import type { Answer } from './fake-tastytrade-answers.js';

/** The access tokens' lifetime: 15 minutes. */
export const ACCESS_TOKEN_SECONDS = 900;

/** What a request's bearer token is: absent, one the grant minted (still valid, or expired), or one it never did. */
export type BearerState = 'none' | 'valid' | 'expired' | 'unknown';

/**
 * The refresh grant of the fake's one login at `POST /oauth/token`: a client secret and a refresh token that mint
 * 15-minute access tokens on the fake's clock, until the grant is revoked.
 */
export class FakeRefreshGrant {
  /** Access tokens minted. */
  refreshes = 0;
  /** Every access token minted, for tests that check none is ever repeated to a person. */
  readonly issuedAccessTokens: string[] = [];
  private readonly accessTokens = new Map<string, number>();
  private revoked = false;

  constructor(
    readonly clientSecret: string,
    readonly refreshToken: string,
    private readonly now: () => number,
  ) {}

  /** Refreshes are refused from now on; with `accessTokens`, the tokens already minted stop working too. */
  revoke(accessTokens: boolean): void {
    this.revoked = true;
    if (accessTokens) this.accessTokens.clear();
  }

  /** Every access token minted so far stops working; the grant stands. */
  invalidateAccessTokens(): void {
    this.accessTokens.clear();
  }

  bearerState(bearer: string | null): BearerState {
    const expiresAt = bearer === null ? undefined : this.accessTokens.get(bearer);
    return bearer === null ? 'none' : expiresAt === undefined ? 'unknown' : expiresAt <= this.now() ? 'expired' : 'valid';
  }

  /**
   * The refresh grant. The error body of this endpoint is not documented; the OAuth 2 form (`invalid_grant`,
   * 400) is used, as one client assumes.
   */
  token(body: unknown): Answer {
    const grant = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (grant.grant_type !== 'refresh_token') return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type must be refresh_token' } };
    if (grant.client_secret !== this.clientSecret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    if (grant.refresh_token !== this.refreshToken || this.revoked) return { status: 400, body: { error: 'invalid_grant', error_description: 'The refresh token is invalid or has been revoked' } };
    const token = `eyJ${randomBytes(24).toString('base64url')}.${randomBytes(48).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    this.accessTokens.set(token, this.now() + ACCESS_TOKEN_SECONDS * 1000);
    this.issuedAccessTokens.push(token);
    this.refreshes++;
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS } };
  }
}
