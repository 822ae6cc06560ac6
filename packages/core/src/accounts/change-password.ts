import * as v from 'valibot';
import { err, ok, ResultAsync, type Result } from 'neverthrow';
import { securityNews } from '../notifications/news-of.js';
import type { Services } from '../services.js';
import { NewPassword } from './schemas.js';

/** Wrong current passwords one person may type per window before the form waits: an open session is no oracle for guessing it. */
export const PASSWORD_CHANGE_RATE = { failures: 5, windowMs: 15 * 60_000 } as const;

export type PasswordChangeRefusal = 'current_needed' | 'current_wrong' | 'too_many' | 'new_invalid' | 'mismatch' | 'unchanged';

export const PASSWORD_CHANGE_WORDS = {
  current_needed: 'Enter your current password to change it.',
  current_wrong: 'That is not your current password, so nothing was changed.',
  too_many: `Your current password was typed wrong ${String(PASSWORD_CHANGE_RATE.failures)} times. Wait ${String(PASSWORD_CHANGE_RATE.windowMs / 60_000)} minutes and try again.`,
  new_invalid: 'A new password is 12 to 256 characters long.',
  mismatch: 'The new password and its repetition differ, so nothing was changed.',
  unchanged: 'The new password is your current one. Choose another.',
} as const satisfies Record<PasswordChangeRefusal, string>;

/** What changing the password ended besides: the person's other browser sessions and every API session and OAuth connection. */
export interface PasswordChanged {
  readonly browserSessionsEnded: number;
  readonly apiSessionsEnded: number;
}

export interface PasswordChangeRequest {
  readonly userId: string;
  /** The browser session the change is made from: the one session that stays. */
  readonly sessionDigest: string;
  readonly current: string | null;
  readonly next: string | null;
  readonly repeated: string | null;
}

const failuresKey = (userId: string): string => `password-change:${userId}`;

/**
 * Changes the person's password from their settings page: the current one typed again (wrong ones limited by
 * `PASSWORD_CHANGE_RATE`), the new one by registration's rules, typed twice and not the current one. Then everything
 * opened with the old password ends — the person's other browser sessions, their API sessions and OAuth connections —
 * this browser stays logged in, API keys keep working (they are listed on the desk to revoke), and security news says
 * so by mail whatever the person chose.
 */
export const changePassword = (services: PasswordServices, request: PasswordChangeRequest): ResultAsync<PasswordChanged, PasswordChangeRefusal> =>
  new ResultAsync(changing(services, request));

export type PasswordServices = Pick<Services, 'users' | 'passwords' | 'rateLimits' | 'browserSessions' | 'sessions' | 'news' | 'clock' | 'ids'>;

async function changing(services: PasswordServices, request: PasswordChangeRequest): Promise<Result<PasswordChanged, PasswordChangeRefusal>> {
  const { userId, current, next } = request;
  if (current === null || current === '') return err('current_needed' as const);
  const now = services.clock.now();
  if ((await services.rateLimits.peek(failuresKey(userId), now)).count >= PASSWORD_CHANGE_RATE.failures) return err('too_many' as const);
  const user = await services.users.findById(userId);
  if (!(await services.passwords.verify(current, user?.passwordHash ?? null)) || user === undefined) {
    await services.rateLimits.hit(failuresKey(userId), PASSWORD_CHANGE_RATE.windowMs, now);
    return err('current_wrong' as const);
  }
  const parsed = v.safeParse(NewPassword, next);
  if (!parsed.success) return err('new_invalid' as const);
  if (parsed.output !== request.repeated) return err('mismatch' as const);
  if (parsed.output === current) return err('unchanged' as const);
  await services.users.setPasswordHash(userId, await services.passwords.hash(parsed.output));
  await services.rateLimits.reset(failuresKey(userId));
  const [browserSessionsEnded, apiSessionsEnded] = await Promise.all([
    services.browserSessions.revokeOthers(userId, request.sessionDigest, now),
    services.sessions.revokeAllOf(userId, now),
  ]);
  await services.news.add(securityNews(userId, { kind: 'password_changed' }, now, services.ids));
  return ok({ browserSessionsEnded, apiSessionsEnded });
}
