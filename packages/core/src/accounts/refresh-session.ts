import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import type { RefreshTokenRecord } from '../ports/session-store.js';
import type { Services } from '../services.js';
import { signingKeyMissing } from './authenticate.js';
import { issueSession } from './issue-session.js';
import { RefreshToken, SessionTokens } from './schemas.js';

export const refreshSession = defineOperation({
  name: 'refresh_session',
  title: 'Refresh the session',
  description:
    'Exchanges a refresh token for a new access token and a new refresh token. Each refresh token works once: ' +
    'presenting a used one again ends the whole session (a stolen token is then useless).',
  input: v.strictObject({ refresh_token: RefreshToken }),
  output: SessionTokens,
  access: 'public',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/sessions/refresh' },
  annotations: WRITE,
  errors: ['VALIDATION_ERROR', 'SESSION_INVALID', 'SERVER_MISCONFIGURED'],
  sessionEffect: (out) => ({ kind: 'issued', accessToken: out.access_token, expiresInSeconds: out.expires_in }),
  handler: ({ refresh_token }, { services }) => {
    const tokens = services.tokens;
    if (tokens === null) return errAsync(signingKeyMissing());
    return ResultAsync.fromSafePromise(consume(services.digest.sha256(refresh_token), services)).andThen((outcome) =>
      typeof outcome === 'string' ? errAsync(refreshRefused(outcome)) : issueSession(outcome.user, outcome.familyId, services, tokens),
    );
  },
});

type Refused = 'unknown' | 'expired' | 'ended' | 'reused';

/** Uses the token once. A second use of any token of a family revokes the family (theft detection). */
async function consume(
  hash: string,
  services: Services,
): Promise<Refused | { user: NonNullable<Awaited<ReturnType<Services['users']['findById']>>>; familyId: string }> {
  const now = services.clock.now();
  const record = await services.sessions.findToken(hash);
  if (record === undefined) return 'unknown';
  const family = await services.sessions.findFamily(record.familyId);
  if (family === undefined || family.revokedAt !== null) return 'ended';
  if (record.usedAt !== null) return revoke(record, now, services);
  if (record.expiresAt <= now) return 'expired';
  if (!(await services.sessions.markTokenUsed(hash, now))) return revoke(record, now, services);
  const user = await services.users.findById(record.userId);
  return user === undefined ? 'ended' : { user, familyId: record.familyId };
}

async function revoke(record: RefreshTokenRecord, now: number, services: Services): Promise<'reused'> {
  await services.sessions.revokeFamily(record.familyId, now);
  services.logger.warn('refresh_token_reused', { user_id: record.userId, session_id: record.familyId });
  return 'reused';
}

const REFUSALS: Record<Refused, string> = {
  unknown: 'The refresh token is not valid.',
  expired: 'The refresh token has expired.',
  ended: 'The session of this refresh token has ended.',
  reused: 'The refresh token was already used, so the session was ended for safety.',
};

const refreshRefused = (why: Refused): AppError =>
  appError('SESSION_INVALID', { message: `${REFUSALS[why]} Call login.`, suggestion: 'Call login.' });
