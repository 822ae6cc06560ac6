import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation } from '../operations/operation.js';

/** An API key is no session: logging out with one would end nothing, so it is refused with what to do instead. */
const keyIsNoSession = () =>
  appError('BAD_REQUEST', {
    message: 'An API key is not a session: there is nothing to log out of, and the key keeps working.',
    suggestion: 'To stop the key working, revoke it (revoke_api_key, or on condor’s API keys page).',
    seeTool: 'revoke_api_key',
  });

export const logout = defineOperation({
  name: 'logout',
  title: 'Log out',
  description:
    "Ends the caller's session: its access token and all its refresh tokens stop working at once. An API key is no session " +
    '(BAD_REQUEST): revoke it with revoke_api_key.',
  input: v.strictObject({}),
  output: v.object({ logged_out: v.literal(true) }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'DELETE', path: '/sessions/current' },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  errors: ['UNAUTHORIZED', 'SESSION_INVALID', 'BAD_REQUEST'],
  sessionEffect: () => ({ kind: 'ended' }),
  handler: (_input, { services, caller }) =>
    caller.credential === 'api_key'
      ? errAsync(keyIsNoSession())
      : ResultAsync.fromSafePromise(services.sessions.revokeFamily(caller.sessionId, services.clock.now())).map(() => ({ logged_out: true as const })),
});
