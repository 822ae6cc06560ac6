import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { clearLoginFailures, admitLoginAttempt, recordLoginFailure } from '../accounts/login-throttle.js';
import { Email, Password } from '../accounts/schemas.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { isOpaqueToken } from './opaque-token.js';

/** How long a browser session lasts from its login. */
export const BROWSER_SESSION_TTL_MS = 8 * 60 * 60_000;

/** The person behind a browser session: the only caller the approval and keys pages act for. */
export interface BrowserCaller {
  readonly userId: string;
  readonly email: string;
  readonly sessionDigest: string;
  readonly userAgent: string | null;
}

const Credentials = v.object({ email: Email, password: Password });

/**
 * Logs a person in on condor's HTML login page: the same password check and throttling as `login`, but the
 * session it starts is a browser session (its token goes only into the `__Host-` cookie), never an API one.
 */
export function startBrowserSession(
  services: Services,
  input: { email: unknown; password: unknown; userAgent: string | null; address: string | null },
): ResultAsync<{ token: string; expiresAt: number }, AppError> {
  const parsed = v.safeParse(Credentials, { email: input.email, password: input.password });
  if (!parsed.success) return errAsync(appError('INVALID_CREDENTIALS'));
  const { email, password } = parsed.output;
  return admitLoginAttempt(email, input.address, services)
    .andThen(() =>
      ResultAsync.fromSafePromise(
        services.users.findByEmail(email).then(async (user) => ({ user, matches: await services.passwords.verify(password, user?.passwordHash ?? null) })),
      ),
    )
    .andThen(({ user, matches }) => {
      if (user === undefined || !matches) {
        return ResultAsync.fromSafePromise(recordLoginFailure(email, input.address, services)).andThen(() => errAsync(appError('INVALID_CREDENTIALS')));
      }
      const token = services.ids.opaqueToken();
      const now = services.clock.now();
      const expiresAt = now + BROWSER_SESSION_TTL_MS;
      const userAgent = input.userAgent === null ? null : input.userAgent.slice(0, 300);
      return ResultAsync.fromSafePromise(
        clearLoginFailures(email, input.address, services).then(() =>
          services.browserSessions.insert({ digest: services.digest.sha256(token), userId: user.id, createdAt: now, expiresAt, revokedAt: null, userAgent }),
        ),
      ).map(() => ({ token, expiresAt }));
    });
}

/** The person of a browser session token: UNAUTHORIZED without one, SESSION_INVALID when it ended, expired or never was. */
export function browserCaller(services: Services, token: string | null): ResultAsync<BrowserCaller, AppError> {
  if (token === null || token === '') return errAsync(appError('UNAUTHORIZED', { message: 'Log in on condor’s login page first.' }));
  if (!isOpaqueToken(token)) return errAsync(ended());
  const digest = services.digest.sha256(token);
  return ResultAsync.fromSafePromise(services.browserSessions.find(digest)).andThen((session) => {
    if (session === undefined || session.revokedAt !== null || services.clock.now() >= session.expiresAt) return errAsync(ended());
    return ResultAsync.fromSafePromise(services.users.findById(session.userId)).andThen((user) =>
      user === undefined ? errAsync(ended()) : okAsync({ userId: user.id, email: user.email, sessionDigest: digest, userAgent: session.userAgent }),
    );
  });
}

/** Logs the browser session out (idempotent). */
export async function endBrowserSession(services: Services, token: string): Promise<void> {
  if (isOpaqueToken(token)) await services.browserSessions.revoke(services.digest.sha256(token), services.clock.now());
}

/** The CSRF token of a browser session: derived from its cookie token, so it is never stored and differs per session. */
export const csrfTokenFor = (services: Services, sessionToken: string): string => services.digest.sha256(`condor-csrf\u0000${sessionToken}`);

const ended = (): AppError => appError('SESSION_INVALID', { message: 'The browser session has ended. Log in again on condor’s login page.' });
