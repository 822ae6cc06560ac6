import { ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { TokenSigner } from '../ports/token-signer.js';
import type { User } from '../ports/user-store.js';
import type { Services } from '../services.js';
import type { SessionTokensOutput } from './schemas.js';
import { userView } from './user-view.js';

/**
 * Issues an access token and a fresh refresh token in `familyId`, or in a new family (a new login).
 * Only the refresh token's digest is stored.
 */
export function issueSession(
  user: User,
  familyId: string | null,
  services: Services,
  tokens: TokenSigner,
): ResultAsync<SessionTokensOutput, AppError> {
  const now = services.clock.now();
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = services.config;
  const sid = familyId ?? services.ids.uuid();
  const refreshToken = services.ids.opaqueToken();
  const work = async (): Promise<SessionTokensOutput> => {
    if (familyId === null) await services.sessions.createFamily({ id: sid, userId: user.id, createdAt: now, revokedAt: null });
    await services.sessions.insertToken({
      hash: services.digest.sha256(refreshToken),
      familyId: sid,
      userId: user.id,
      issuedAt: now,
      expiresAt: now + refreshTokenTtlSeconds * 1000,
      usedAt: null,
    });
    const subscription = await services.subscriptions.active(user.id);
    const iat = Math.floor(now / 1000);
    return {
      access_token: tokens.sign({ sub: user.id, sid, iat, exp: iat + accessTokenTtlSeconds }),
      token_type: 'Bearer',
      expires_in: accessTokenTtlSeconds,
      refresh_token: refreshToken,
      refresh_expires_in: refreshTokenTtlSeconds,
      user: userView(user, subscription === undefined ? 'free' : 'premium'),
    };
  };
  return ResultAsync.fromSafePromise(work());
}
