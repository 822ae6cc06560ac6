import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { HandlerContext } from '../operations/operation.js';
import type { ApprovalMethod, ApprovalRecord, Proposal } from '../ports/proposal-store.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { alreadyConsumed } from './confirm-answer.js';
import { refusePlacement, voidAnswer } from './placement-refused.js';

/** How a placement was approved: the method, and the id of the passkey the approval page verified (`passkey` only). */
export interface ApprovedBy {
  readonly method: ApprovalMethod;
  readonly passkeyId: string | null;
}

/** The approval kept with the consumption (design §12): who approved how, when, from which client and address, and the band approved. */
export function approvalRecord(proposal: Proposal, { method, passkeyId, at }: ApprovedBy & { readonly at: number }, ctx: HandlerContext<'trading'>): ApprovalRecord {
  const plan = pricingOf(proposal);
  return {
    method,
    at,
    userId: ctx.caller.userId,
    client: ctx.approval?.client ?? ctx.client,
    address: ctx.clientIp,
    ...(plan === null ? {} : { band: { startPrice: plan.startPrice, worstPrice: plan.worstPrice } }),
    ...(passkeyId === null ? {} : { credentialId: passkeyId }),
  };
}

/**
 * The consume step: uses the proposal up for this approval, exactly once, in the store's one atomic step that also
 * checks the book (`placementRefusal`). Only the winner goes on; a refusal places nothing and says what changed.
 */
export function consume(proposal: Proposal, approval: ApprovalRecord, ctx: HandlerContext<'trading'>): ResultAsync<void, AppError> {
  const { services, caller } = ctx;
  return ResultAsync.fromSafePromise(services.proposals.consume(caller.userId, proposal.id, approval.at, approval)).andThen((won) => {
    if (won === 'consumed') return okAsync(undefined);
    if (won === 'not_found') return errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: proposal.id } }));
    if (won !== 'already_consumed') return refusePlacement(services, proposal, won.refused);
    // Consumed since it was read: by a racing confirm, or voided by a rival exit or roll that won; read again.
    return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposal.id)).andThen((after) =>
      errAsync(after?.outcome?.status === 'void' ? voidAnswer(after, after.outcome.detail, services.clock.now()) : alreadyConsumed(proposal.id, null)),
    );
  });
}
