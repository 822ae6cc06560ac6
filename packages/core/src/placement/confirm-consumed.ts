import { err, errAsync, ok, ResultAsync, safeTry } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { userBroker } from '../brokers/user-broker.js';
import { appError, type AppError } from '../errors/app-error.js';
import { isExpired, isSubmitUnderway, PROPOSAL_TTL_S } from '../lifecycle/proposal-timing.js';
import type { HandlerContext } from '../operations/operation.js';
import type { Proposal } from '../ports/proposal-store.js';
import { secondStep } from '../positions/proposal-orders.js';
import type { Services } from '../services.js';
import { alreadyConsumed, confirmAnswer, inAccount, type Placed } from './confirm-answer.js';
import { endWalkAtPlacement } from './walk-at-placement.js';
import { proposeTool, voidAnswer } from './placement-refused.js';
import { NEVER_SENT } from './reconcile-proposal.js';
import { record } from './record.js';
import { submit } from './submit.js';

/**
 * A confirm of a consumed proposal: PROPOSAL_ALREADY_CONSUMED naming its order — while the first attempt may still
 * be submitting, without asking anyone; after that, asking the broker when its outcome is unknown, and submitting
 * under the same client id only if the broker has no such order (the broker refuses a second order with one client
 * id). A two-step roll's first order is always asked for, to go on to step 2 once it has filled. An order placed or
 * found goes through the placement's own steps: record, end the walk.
 */
export function confirmConsumed(proposal: Proposal, ctx: HandlerContext<'trading'>): ResultAsync<Placed, AppError> {
  const { services, caller } = ctx;
  return safeTry(async function* () {
    const known = answerWithoutBroker(proposal, services.clock.now());
    if (known !== null) return err(known);
    const { broker, link } = yield* userBroker(caller.userId, services);
    const found = yield* broker.orderByClientId(proposal.id).mapErr((error) => brokerError(error, (message) => appError('SERVICE_UNAVAILABLE', { message })));
    const submittedId = proposal.outcome?.status === 'submitted' ? proposal.outcome.orderId : null;
    if (found === null && submittedId !== null) return err(alreadyConsumed(proposal.id, submittedId));
    if (found === null && isExpired(proposal.createdAt, services.clock.now())) return yield* expiredUnsent(proposal, services);
    // Found at the broker, a one-step order was placed by an earlier confirm; a two-step roll's answer says where its steps stand.
    const { order, ours } = found === null ? yield* submit(proposal, broker, services) : { order: found, ours: secondStep(proposal) !== null };
    yield* record(proposal, order, services);
    yield* endWalkAtPlacement(proposal, order, services);
    const confirmed = yield* confirmAnswer(proposal, order, found === null, services);
    return ours ? ok(inAccount(confirmed, link, services)) : err(alreadyConsumed(proposal.id, order.id));
  });
}

/** The answer to a confirm of a consumed proposal when it needs no broker; null when the broker must be asked. */
function answerWithoutBroker(proposal: Proposal, now: number): AppError | null {
  const outcome = proposal.outcome;
  if (outcome?.status === 'void') return voidAnswer(proposal, outcome.detail, now);
  if (outcome === null && proposal.consumedAt !== null && isSubmitUnderway(proposal.consumedAt, now)) return alreadyConsumed(proposal.id, null);
  if (outcome?.status === 'submitted' && secondStep(proposal) === null) return alreadyConsumed(proposal.id, outcome.orderId);
  if (outcome?.status !== 'rejected') return null;
  return appError('PROPOSAL_ALREADY_CONSUMED', {
    message: `The proposal was confirmed, but the broker rejected its order (${outcome.detail}). Nothing was placed; make a new proposal.`,
    seeTool: proposeTool(proposal),
    received: { proposal_id: proposal.id },
  });
}

/** A consumed proposal whose order never reached the broker and whose 60 s are over: it is not sent late, at a stale price. */
function expiredUnsent(proposal: Proposal, services: Services): ResultAsync<never, AppError> {
  return ResultAsync.fromSafePromise(services.proposals.recordOutcome(proposal.id, { status: 'rejected', detail: NEVER_SENT })).andThen(() =>
    errAsync(
      appError('PROPOSAL_EXPIRED', {
        message: `The proposal was confirmed, but its order never reached the broker and its ${String(PROPOSAL_TTL_S)} seconds are over. Nothing was placed; make a new proposal.`,
        seeTool: proposeTool(proposal),
        received: { proposal_id: proposal.id },
      }),
    ),
  );
}
