import * as v from 'valibot';
import { isoTime } from '../words/time.js';
import { ApprovalView, approvalView } from '../positions/approval-view.js';
import type { Proposal } from '../ports/proposal-store.js';
import { confirmableAt, expiresAt, isExpired } from '../lifecycle/proposal-timing.js';

const LegView = v.object({ symbol: v.string(), side: v.picklist(['buy', 'sell']), intent: v.string() });

export const ProposalView = v.object({
  proposal_id: v.string(),
  kind: v.picklist(['entry', 'roll', 'exit']),
  status: v.pipe(
    v.picklist(['awaiting_confirmation', 'expired', 'confirmed', 'rejected', 'unknown', 'void']),
    v.description('unknown: the broker did not answer; confirm again to reconcile. void: another exit or roll of its position was approved first (status_reason says which).'),
  ),
  status_reason: v.pipe(v.nullable(v.string()), v.description('Why it is rejected or void, in words; null otherwise.')),
  ticker: v.string(),
  qty: v.number(),
  legs: v.array(LegView),
  limit_price: v.pipe(v.number(), v.description('Per share; negative = a credit received, positive = a debit paid.')),
  max_loss: v.pipe(v.number(), v.description('Dollars for all contracts.')),
  summary: v.string(),
  position_id: v.string(),
  created_at: v.string(),
  confirmable_at: v.string(),
  expires_at: v.string(),
  order_id: v.nullable(v.string()),
  approval: v.nullable(ApprovalView),
  details: v.record(v.string(), v.unknown()),
});

export function proposalView(proposal: Proposal, now: number): v.InferOutput<typeof ProposalView> {
  return {
    proposal_id: proposal.id,
    kind: proposal.kind,
    status: statusOf(proposal, now),
    status_reason: proposal.outcome?.status === 'rejected' || proposal.outcome?.status === 'void' ? proposal.outcome.detail : null,
    ticker: proposal.ticker,
    qty: proposal.qty,
    legs: proposal.legs.map((leg) => ({ symbol: leg.symbol, side: leg.side, intent: leg.intent })),
    limit_price: proposal.limitPrice,
    max_loss: proposal.maxLoss,
    summary: proposal.summary,
    position_id: proposal.positionId,
    created_at: isoTime(proposal.createdAt),
    confirmable_at: isoTime(confirmableAt(proposal.createdAt)),
    expires_at: isoTime(expiresAt(proposal.createdAt)),
    order_id: proposal.outcome?.status === 'submitted' ? proposal.outcome.orderId : null,
    approval: proposal.approval === null ? null : approvalView(proposal.approval),
    details: proposal.details,
  };
}

function statusOf(proposal: Proposal, now: number): v.InferOutput<typeof ProposalView>['status'] {
  if (proposal.consumedAt === null) return isExpired(proposal.createdAt, now) ? 'expired' : 'awaiting_confirmation';
  const status = proposal.outcome?.status;
  if (status === 'submitted') return 'confirmed';
  return status === 'rejected' || status === 'void' ? status : 'unknown';
}

export const ProposalId = v.pipe(v.string(), v.uuid(), v.description('The proposal_id from propose_entry, propose_roll or propose_exit.'));
