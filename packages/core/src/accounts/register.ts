import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
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
          ? okAsync(userView(user, 'free'))
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
