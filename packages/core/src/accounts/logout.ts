import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { defineOperation } from '../operations/operation.js';

export const logout = defineOperation({
  name: 'logout',
  title: 'Log out',
  description: "Ends the caller's session: its access token and all its refresh tokens stop working at once.",
  input: v.strictObject({}),
  output: v.object({ logged_out: v.literal(true) }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'DELETE', path: '/sessions/current' },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  errors: ['UNAUTHORIZED', 'SESSION_INVALID'],
  sessionEffect: () => ({ kind: 'ended' }),
  handler: (_input, { services, caller }) =>
    ResultAsync.fromSafePromise(
      services.sessions.revokeFamily(caller.sessionId, services.clock.now()),
    ).map(() => ({ logged_out: true as const })),
});
