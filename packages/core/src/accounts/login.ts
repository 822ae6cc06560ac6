import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import { signingKeyMissing } from './authenticate.js';
import { issueSession } from './issue-session.js';
import { admitLoginAttempt, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import { Email, Password, SessionTokens } from './schemas.js';

export const login = defineOperation({
  name: 'login',
  title: 'Log in',
  description:
    'Exchanges email and password for a short-lived access token and a single-use refresh token. ' +
    'Over REST it also sets the session cookie; over MCP it binds this MCP session to the user.',
  input: v.strictObject({ email: Email, password: Password }),
  output: SessionTokens,
  access: 'public',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/sessions' },
  annotations: WRITE,
  errors: ['INVALID_EMAIL', 'VALIDATION_ERROR', 'INVALID_CREDENTIALS', 'RATE_LIMITED', 'SERVER_MISCONFIGURED'],
  sessionEffect: (out) => ({ kind: 'issued', accessToken: out.access_token, expiresInSeconds: out.expires_in }),
  handler: ({ email, password }, { services, clientIp }) => {
    const tokens = services.tokens;
    if (tokens === null) return errAsync(signingKeyMissing());
    return admitLoginAttempt(email, clientIp, services)
      .andThen(() =>
        ResultAsync.fromSafePromise(
          services.users.findByEmail(email).then(async (user) => ({
            user,
            matches: await services.passwords.verify(password, user?.passwordHash ?? null),
          })),
        ),
      )
      .andThen(({ user, matches }) =>
        user !== undefined && matches
          ? ResultAsync.fromSafePromise(clearLoginFailures(email, clientIp, services)).andThen(() => issueSession(user, null, services, tokens))
          : ResultAsync.fromSafePromise(recordLoginFailure(email, clientIp, services)).andThen(() =>
              errAsync(appError('INVALID_CREDENTIALS')),
            ),
      );
  },
});
