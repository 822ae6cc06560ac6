import * as v from 'valibot';
import { errAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation } from '../operations/operation.js';

export const executeIronCondorAutoroll = defineOperation({
  name: 'execute_iron_condor_autoroll',
  title: 'Execute autoroll (disabled)',
  description:
    'Would turn autoroll alerts into roll or exit proposals (never orders). Disabled on this deployment: use ' +
    'suggest_iron_condor_autoroll for read-only alerts, then propose_roll or propose_exit yourself.',
  input: v.strictObject({
    position_id: v.optional(v.pipe(v.string(), v.uuid(), v.description('Only this position; all positions when absent.'))),
  }),
  output: v.object({ proposals: v.array(v.object({ proposal_id: v.string() })) }),
  access: 'trading',
  // A disabled feature answers AUTOROLL_DISABLED whether or not a broker is linked.
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/autoroll/executions' },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  errors: ['ONBOARDING_REQUIRED', 'AUTOROLL_DISABLED', 'INVALID_UUID'],
  // Enabling it needs proposals to create, which do not exist yet; until then every deployment answers 501.
  handler: () => errAsync(appError('AUTOROLL_DISABLED')),
});
