import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { defineOperation } from '../operations/operation.js';

export const disconnectBroker = defineOperation({
  name: 'disconnect_broker',
  title: 'Disconnect the broker',
  description: 'Unlinks your brokerage account and deletes the stored keys. Orders already placed stay at the broker.',
  input: v.strictObject({}),
  output: v.object({ disconnected: v.literal(true), was_linked: v.boolean() }),
  access: 'trading',
  needsBroker: false,
  quota: false,
  rest: { method: 'DELETE', path: '/broker/connection' },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  errors: ['ONBOARDING_REQUIRED'],
  handler: (_input, { services, caller }) =>
    ResultAsync.fromSafePromise(services.brokerLinks.delete(caller.userId)).map((wasLinked) => ({ disconnected: true as const, was_linked: wasLinked })),
});
