import * as v from 'valibot';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { tradingAccountView, type TradingAccountOutput } from '../brokers/trading-account.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerOrder } from '../ports/broker.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import { secondStep } from '../positions/proposal-orders.js';
import type { Services } from '../services.js';
import { continueRoll } from './roll-steps.js';

export const ConfirmView = v.object({
  proposal_id: v.string(),
  order_id: v.string(),
  order_status: v.string(),
  position_id: v.string(),
  summary: v.string(),
});
export type Confirmed = v.InferOutput<typeof ConfirmView>;
/** A confirm's answer with the account its order went to (the link the placement opened). */
export type Placed = Confirmed & { readonly account: TradingAccountOutput };

/** Names the account of the link the placement opened (every trading answer names its account). */
export const inAccount = (confirmed: Confirmed, link: BrokerLink, services: Services): Placed => ({ ...confirmed, account: tradingAccountView(link, services) });

/**
 * A confirm's answer for the (first) order it placed or found, once recorded. A two-step roll then goes on to step 2;
 * a confirm that placed neither of its orders (`placedNow` false, step 2 not placed now) answers PROPOSAL_ALREADY_CONSUMED.
 */
export function confirmAnswer(proposal: Proposal, order: BrokerOrder, placedNow: boolean, services: Services): ResultAsync<Confirmed, AppError> {
  const step = secondStep(proposal);
  if (step === null) return okAsync(confirmed(proposal, order, null));
  return continueRoll(proposal, step, order, services).andThen((progress) =>
    placedNow || progress.placedNow
      ? okAsync(confirmed(proposal, progress.latest, progress.note))
      : errAsync(
          appError('PROPOSAL_ALREADY_CONSUMED', {
            message: `The proposal was already confirmed. ${progress.note}`,
            received: { proposal_id: proposal.id, order_id: progress.latest.id },
          }),
        ),
  );
}

const confirmed = (proposal: Proposal, order: BrokerOrder, note: string | null): Confirmed => ({
  proposal_id: proposal.id,
  order_id: order.id,
  order_status: order.status,
  position_id: proposal.positionId,
  summary: note === null ? proposal.summary : `${proposal.summary} ${note}`,
});

/** PROPOSAL_ALREADY_CONSUMED naming the proposal's order, or saying it is still being submitted (`orderId` null). */
export const alreadyConsumed = (id: string, orderId: string | null): AppError =>
  appError('PROPOSAL_ALREADY_CONSUMED', {
    message:
      orderId === null
        ? 'The proposal was already confirmed; its order is being submitted.'
        : `The proposal was already confirmed; its order is ${orderId}.`,
    received: { proposal_id: id, ...(orderId === null ? {} : { order_id: orderId }) },
  });
