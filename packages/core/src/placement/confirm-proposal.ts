import * as v from 'valibot';
import { TradingAccountView } from '../brokers/trading-account.js';
import { CONFIRM_FLOOR_S, PROPOSAL_TTL_S } from '../lifecycle/proposal-timing.js';
import { defineOperation } from '../operations/operation.js';
import { ProposalId } from '../proposals/proposal-view.js';
import { ConfirmView } from './confirm-answer.js';
import { placeProposal } from './place-proposal.js';

export const confirmProposal = defineOperation({
  name: 'confirm_proposal',
  title: 'Confirm a proposal (places the order)',
  description:
    `Places the order of a proposal the user has reviewed and explicitly approved: at least ${String(CONFIRM_FLOOR_S)} s after the proposal, within ` +
    `${String(PROPOSAL_TTL_S)} s, never in the same tool-call batch that created it, and only once (the order carries the proposal id as its ` +
    'client order id, so a retry can never place it twice). A person approves it: by default this tool alone never places ' +
    "an order — it asks the person (elicitation) when the client can, and otherwise answers CONFIRM_BLOCKED naming the " +
    'approval page (the approval_url of the proposal). A live account always needs the person.',
  input: v.strictObject({ proposal_id: ProposalId }),
  output: v.object({ ...ConfirmView.entries, account: TradingAccountView }),
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'POST', path: '/proposals/:proposal_id/confirmation' },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  errors: [
    'PROPOSAL_NOT_FOUND',
    'PROPOSAL_ALREADY_CONSUMED',
    'PROPOSAL_EXPIRED',
    'CONFIRM_BLOCKED',
    'CONFIRM_TOO_FAST',
    'ENTRY_REJECTED',
    'BROKER_NOT_CONNECTED',
    'BROKER_RATE_LIMITED',
    'SERVICE_UNAVAILABLE',
    'INVALID_UUID',
    'ONBOARDING_REQUIRED',
  ],
  handler: ({ proposal_id: id }, ctx) => placeProposal(id, ctx.approval?.method ?? 'confirm', ctx),
});
