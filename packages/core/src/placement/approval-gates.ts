import { err, errAsync, ok, okAsync, ResultAsync, type Result } from 'neverthrow';
import { approvalPolicy } from '../approval/approval-policy.js';
import { personRequired } from '../approval/person-required.js';
import { approvalUrl, mintLink } from '../browser/links.js';
import { appError, type AppError } from '../errors/app-error.js';
import { CONFIRM_FLOOR_S, confirmableAt, expiresAt, isExpired, isTooFast } from '../lifecycle/proposal-timing.js';
import type { HandlerContext } from '../operations/operation.js';
import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { ApprovalMethod, Proposal } from '../ports/proposal-store.js';
import type { ApprovedBy } from './consume.js';

/** The approval page's methods: outside any tool-call batch. */
const onPage = (method: ApprovalMethod): boolean => method === 'page' || method === 'passkey';

/** The contract's gates that need no broker (§5): the proposal's 60 s not over, and not confirmed in the batch that made it. */
export function stillOpen(proposal: Proposal, method: ApprovalMethod, batchKey: string | null, now: number): Result<void, AppError> {
  if (isExpired(proposal.createdAt, now)) return err(appError('PROPOSAL_EXPIRED', { received: { proposal_id: proposal.id } }));
  if (!onPage(method) && proposal.batchKey !== null && proposal.batchKey === batchKey) {
    return err(appError('CONFIRM_BLOCKED', { received: { proposal_id: proposal.id } }));
  }
  return ok(undefined);
}

/**
 * The approval policy (design §12) for the account the order goes to: when this approval may not place on it,
 * CONFIRM_BLOCKED with a fresh single-use approval link, so the agent can tell the person where to approve.
 */
export function allowedOn(
  proposal: Proposal,
  { method, passkeyId, environment }: ApprovedBy & { readonly environment: BrokerEnvironment },
  ctx: HandlerContext<'trading'>,
): ResultAsync<void, AppError> {
  const { services, caller } = ctx;
  return ResultAsync.fromSafePromise(approvalPolicy(services, caller.userId, method, passkeyId, environment)).andThen((policy) => {
    if (policy.allowed) return okAsync(undefined);
    const until = expiresAt(proposal.createdAt);
    const route = policy.needsPasskey || environment === 'live' ? 'passkey' : 'page_or_client';
    return ResultAsync.fromSafePromise(mintLink(services, 'approve_proposal', proposal.ownerId, proposal.id, until)).andThen((token) =>
      errAsync(personRequired(proposal.id, approvalUrl(services, token), environment, Math.max(0, Math.ceil((until - services.clock.now()) / 1000)), route)),
    );
  });
}

/** The 5 s floor: CONFIRM_TOO_FAST saying when the proposal can be confirmed. */
export function notTooFast(proposal: Proposal, now: number): Result<void, AppError> {
  if (!isTooFast(proposal.createdAt, now)) return ok(undefined);
  const wait = Math.ceil((confirmableAt(proposal.createdAt) - now) / 1000);
  return err(
    appError('CONFIRM_TOO_FAST', {
      message: `Confirmation arrived less than ${String(CONFIRM_FLOOR_S)} seconds after the proposal; it can be confirmed in ${String(wait)} s.`,
      received: { proposal_id: proposal.id },
    }),
  );
}
