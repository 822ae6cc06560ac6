import { err, errAsync, ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import { personMarket } from '../brokers/person-market.js';
import { userBroker } from '../brokers/user-broker.js';
import { onItsMarket } from '../market/market-change.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { HandlerContext } from '../operations/operation.js';
import type { ApprovalMethod, Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { allowedOn, notTooFast, stillOpen } from './approval-gates.js';
import { alreadyConsumed, confirmAnswer, inAccount, type Placed } from './confirm-answer.js';
import { confirmConsumed } from './confirm-consumed.js';
import { approvalRecord, consume } from './consume.js';
import { record } from './record.js';
import { endWalkAtPlacement, startWalk } from './walk-at-placement.js';
import { submit } from './submit.js';

/**
 * The one placement path (design §12, §20): every order a proposal places goes through here, whoever approved it —
 * the agent's confirm (`confirm`), the approval page (`page`; `passkey` with the verified passkey's id), an MCP App
 * ticket (`app`) or an elicitation (`elicitation`). The contract's gates run for every method and the approval
 * policy decides which methods may place on the caller's account; then consume → start the walk → submit → record
 * → end the walk. A proposal already consumed is answered by what became of its order (`confirmConsumed`).
 */
export function placeProposal(id: string, method: ApprovalMethod, ctx: HandlerContext<'trading'>, passkeyId: string | null = null): ResultAsync<Placed, AppError> {
  const { services, caller } = ctx;
  return safeTry(async function* () {
    const proposal = yield* proposalOf(services, caller.userId, id);
    if (proposal.consumedAt !== null) return ok(yield* confirmConsumed(proposal, ctx));
    const now = services.clock.now();
    yield* stillOpen(proposal, method, ctx.batchKey, now);
    // The account is opened before the consume (a proposal is never used up by an approval that cannot reach the
    // broker), and the policy is checked against the very link the order will go to.
    const { broker, link } = yield* userBroker(caller.userId, services);
    yield* onItsMarket(proposal, personMarket(link, services).source);
    yield* allowedOn(proposal, { method, passkeyId, environment: link.environment }, ctx);
    yield* notTooFast(proposal, now);
    yield* consume(proposal, approvalRecord(proposal, { method, passkeyId, at: now }, ctx), ctx);
    yield* startWalk(proposal, services);
    const { order, ours } = yield* submit(proposal, broker, services);
    yield* record(proposal, order, services);
    yield* endWalkAtPlacement(proposal, order, services);
    const confirmed = yield* confirmAnswer(proposal, order, true, services);
    return ours ? ok(inAccount(confirmed, link, services)) : err(alreadyConsumed(proposal.id, order.id));
  });
}

const proposalOf = (services: Services, userId: string, id: string): ResultAsync<Proposal, AppError> =>
  ResultAsync.fromSafePromise(services.proposals.get(userId, id)).andThen((proposal) =>
    proposal === undefined ? errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: id } })) : okAsync(proposal),
  );
