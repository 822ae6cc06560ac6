import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { acceptDocument } from './accept-document.js';
import { onboardingState } from './onboarding-state.js';
import { Acceptance, OnboardingStatus } from './schemas.js';

const ACCEPT = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const acceptEua = defineOperation({
  name: 'accept_eua',
  title: 'Accept the End-User Agreement',
  description:
    "Records that the user accepted the current End-User Agreement. Call get_legal_document(name='eua') first and " +
    "show it to the user. A repeat answers the soft result 'already_accepted'.",
  input: v.strictObject({}),
  output: Acceptance,
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/onboarding/eua-acceptance' },
  annotations: ACCEPT,
  errors: ['DOCUMENT_NOT_READ'],
  handler: (_input, { services, caller }) => acceptDocument('eua', 'already_accepted', caller, services),
});

export const acknowledgeRisk = defineOperation({
  name: 'acknowledge_risk',
  title: 'Acknowledge the options risk disclosure',
  description:
    "Records that the user acknowledged the current risk disclosure. Call get_legal_document(name='risk-disclosure') " +
    "first and show it to the user. A repeat answers the soft result 'already_acknowledged'.",
  input: v.strictObject({}),
  output: Acceptance,
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/onboarding/risk-acknowledgement' },
  annotations: ACCEPT,
  errors: ['DOCUMENT_NOT_READ'],
  handler: (_input, { services, caller }) => acceptDocument('risk-disclosure', 'already_acknowledged', caller, services),
});

export const getOnboardingStatus = defineOperation({
  name: 'get_onboarding_status',
  title: 'Onboarding status',
  description: 'Which onboarding steps are done, and which tool to call next. Trading tools need onboarding complete.',
  input: v.strictObject({}),
  output: OnboardingStatus,
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/onboarding' },
  annotations: READ_ONLY,
  errors: [],
  handler: (_input, { services, caller }) =>
    ResultAsync.fromSafePromise(onboardingState(caller.userId, services)).map((state) => ({
      complete: state.complete,
      steps: state.steps.map((step) => ({ ...step })),
      next_tool: state.next?.tool ?? null,
      next_step: state.next?.instruction ?? null,
    })),
});
