import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { sendVerificationMail } from '../notifications/verify-email.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import type { Services } from '../services.js';
import { Email, NewPassword, UserView } from './schemas.js';
import { userView } from './user-view.js';

export const register = defineOperation({
  name: 'register',
  title: 'Create an account',
  description: 'Creates an account with an email and a password (at least 12 characters). Then call login.',
  input: v.strictObject({ email: Email, password: NewPassword }),
  output: UserView,
  access: 'public',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/users' },
  annotations: WRITE,
  errors: ['INVALID_EMAIL', 'VALIDATION_ERROR', 'CONFLICT'],
  handler: ({ email, password }, { services }) =>
    ResultAsync.fromSafePromise(services.passwords.hash(password)).andThen((passwordHash) => {
      const user = { id: services.ids.uuid(), email, passwordHash, createdAt: services.clock.now() };
      return ResultAsync.fromSafePromise(services.users.insert(user)).andThen((outcome) =>
        outcome === 'inserted'
          ? okAsync(userView(user, 'free')).map((view) => {
              startVerificationMail(services, user.id);
              return view;
            })
          : errAsync(
              appError('CONFLICT', {
                message: 'An account with this email already exists.',
                suggestion: 'Call login with this email, or register with another address.',
                seeTool: 'login',
                received: { email },
              }),
            ),
      );
    }),
});

/**
 * Mails the new account's verification link when this condor has mail, without waiting for it: a slow or failing mail
 * server never delays nor fails a registration (the person can send it again from their settings page).
 */
function startVerificationMail(services: Services, userId: string): void {
  if (services.mail === null) return;
  sendVerificationMail(services, userId)
    .match(
      () => undefined,
      (refusal) => {
        services.logger.warn('verification_mail_not_sent', { userId, refusal });
      },
    )
    .catch((thrown: unknown) => {
      services.logger.error('verification_mail_failed', { userId, error: thrown instanceof Error ? thrown.message : String(thrown) });
    });
}
