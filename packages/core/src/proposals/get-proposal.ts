import * as v from 'valibot';
import { TradingAccountView, withAccount } from '../brokers/trading-account.js';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { ProposalId, ProposalView, proposalView } from './proposal-view.js';

export const getProposal = defineOperation({
  name: 'get_proposal',
  title: 'Show a proposal',
  description: 'A proposal with its legs, limit price, max loss, summary, status and the times it becomes confirmable and expires.',
  input: v.strictObject({ proposal_id: ProposalId }),
  output: v.object({ ...ProposalView.entries, account: TradingAccountView }),
  access: 'trading',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/proposals/:proposal_id' },
  annotations: READ_ONLY,
  errors: ['PROPOSAL_NOT_FOUND', 'INVALID_UUID', 'ONBOARDING_REQUIRED'],
  handler: ({ proposal_id: id }, { services, caller }) =>
    ResultAsync.fromSafePromise(services.proposals.get(caller.userId, id)).andThen((proposal) =>
      proposal === undefined
        ? errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: id } }))
        : okAsync(proposalView(proposal, services.clock.now())).andThen(withAccount(services, caller.userId)),
    ),
});
