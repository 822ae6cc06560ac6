import * as v from 'valibot';
import { tradingAccountView, TradingAccountView, type TradingAccountOutput } from '../brokers/trading-account.js';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { userBroker } from '../brokers/user-broker.js';
import { endWalkAtPlacement, startWalk } from '../working-orders/start-walk.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { appError, type AppError } from '../errors/app-error.js';
import { defineOperation, type HandlerContext } from '../operations/operation.js';
import type { Broker, BrokerError, BrokerOrder } from '../ports/broker.js';
import type { ApprovalMethod, ApprovalRecord, Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { NEVER_SENT } from './reconcile-proposal.js';
import { recordPlaced } from './record-order.js';
import { ProposalId } from './proposal-view.js';
import { continueRoll, secondStep } from './roll-steps.js';
import { CONFIRM_FLOOR_S, confirmableAt, expiresAt, isExpired, isSubmitUnderway, isTooFast, PROPOSAL_TTL_S } from '../lifecycle/proposal-timing.js';
import { proposeTool, refusePlacement, voidProposal } from './placement-refused.js';
import { approvalPolicy } from '../approval/approval-policy.js';
import { approvalUrl, mintLink } from '../browser/links.js';
import { personRequired } from '../approval/person-required.js';
import type { BrokerEnvironment, BrokerLink } from '../ports/broker-link-store.js';

const ConfirmView = v.object({
  proposal_id: v.string(),
  order_id: v.string(),
  order_status: v.string(),
  position_id: v.string(),
  summary: v.string(),
});
export type Confirmed = v.InferOutput<typeof ConfirmView>;
/** A confirm's answer with the account its order went to (the link the placement opened). */
export type Placed = Confirmed & { readonly account: TradingAccountOutput };

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

/**
 * The one placement path (design §12): every order a proposal places goes through here, whoever approved it —
 * the agent's confirm (`confirm`), the approval page (`page`; `passkey` with the verified passkey's id), an MCP App
 * ticket (`app`) or an elicitation (`elicitation`). The contract's checks run for every method; the approval policy
 * decides which methods may place on the caller's account; the winner's approval is recorded with the consumption.
 */
export function placeProposal(id: string, method: ApprovalMethod, ctx: HandlerContext<'trading'>, passkeyId: string | null = null): ResultAsync<Placed, AppError> {
  const { services, caller } = ctx;
  return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, id)).andThen((proposal) => {
    if (proposal === undefined) return errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: id } }));
    if (proposal.consumedAt !== null) return reconcile(proposal, ctx);
    const now = services.clock.now();
    if (isExpired(proposal.createdAt, now)) return errAsync(appError('PROPOSAL_EXPIRED', { received: { proposal_id: id } }));
    if (!onPage(method) && proposal.batchKey !== null && proposal.batchKey === ctx.batchKey) {
      return errAsync(appError('CONFIRM_BLOCKED', { received: { proposal_id: id } }));
    }
    // The account is opened before the consume (a proposal is never used up by an approval that cannot reach the
    // broker), and the policy is checked against the very link the order will go to.
    const policyFor = (environment: BrokerEnvironment) => ResultAsync.fromSafePromise(approvalPolicy(services, caller.userId, method, passkeyId, environment));
    return userBroker(caller.userId, services).andThen(({ broker, link }) => policyFor(link.environment).andThen((policy) => {
      if (!policy.allowed) return askPerson(proposal, link.environment, policy.needsPasskey, ctx);
      if (isTooFast(proposal.createdAt, now)) {
        const wait = Math.ceil((confirmableAt(proposal.createdAt) - now) / 1000);
        return errAsync(appError('CONFIRM_TOO_FAST', { message: `Confirmation arrived less than ${String(CONFIRM_FLOOR_S)} seconds after the proposal; it can be confirmed in ${String(wait)} s.`, received: { proposal_id: id } }));
      }
      const plan = pricingOf(proposal);
      const band = plan === null ? {} : { band: { startPrice: plan.startPrice, worstPrice: plan.worstPrice } };
      const approval: ApprovalRecord = {
        method,
        at: now,
        userId: caller.userId,
        client: ctx.approval?.client ?? ctx.client,
        address: ctx.clientIp,
        ...band,
        ...(passkeyId === null ? {} : { credentialId: passkeyId }),
      };
      return ResultAsync.fromSafePromise(services.proposals.consume(caller.userId, id, now, approval)).andThen((won) => {
        if (won === 'not_found') return errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: id } }));
        // Consumed since it was read: by a racing confirm, or voided by a rival exit or roll that won; read again.
        if (won === 'already_consumed') return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, id)).andThen((after) => (after?.outcome?.status === 'void' ? reconcile(after, ctx) : errAsync(alreadyConsumed(id, null))));
        if (won !== 'consumed') return refusePlacement(services, proposal, won.refused);
        return ResultAsync.fromSafePromise(startWalk(proposal, services)).andThen(() => submitOnce(proposal, broker, ctx));
      }).map(inAccount(link, services));
    }));
  });
}

/** The approval page's methods: outside any tool-call batch. */
const onPage = (method: ApprovalMethod): boolean => method === 'page' || method === 'passkey';

/** Names the account of the link the placement opened (every trading answer names its account). */
const inAccount = (link: BrokerLink, services: Services) => (confirmed: Confirmed): Placed => ({ ...confirmed, account: tradingAccountView(link, services) });

/** CONFIRM_BLOCKED with a fresh single-use approval link, so the agent can tell the person where to approve. */
function askPerson(proposal: Proposal, environment: BrokerEnvironment, needsPasskey: boolean, ctx: HandlerContext<'trading'>): ResultAsync<never, AppError> {
  const { services } = ctx;
  const until = expiresAt(proposal.createdAt);
  return ResultAsync.fromSafePromise(mintLink(services, 'approve_proposal', proposal.ownerId, proposal.id, until)).andThen((token) =>
    errAsync(
      personRequired(proposal.id, approvalUrl(services, token), environment, Math.max(0, Math.ceil((until - services.clock.now()) / 1000)), needsPasskey || environment === 'live' ? 'passkey' : 'page_or_client'),
    ),
  );
}

/** The consume winner's submit; a failed submit is checked against the broker's record by client id before anything else. */
function submitOnce(proposal: Proposal, broker: Broker, ctx: HandlerContext<'trading'>): ResultAsync<Confirmed, AppError> {
  return ResultAsync.fromSafePromise(
    broker
      .submit({ clientOrderId: proposal.id, qty: proposal.qty, limitPrice: proposal.limitPrice, legs: proposal.legs })
      .map((order) => ({ order, ours: true }))
      // A refusal can be the broker's duplicate-id answer to a concurrent retry that placed it: then it is not ours.
      .orElse((error) => lookUp(broker, proposal.id, error).map((order) => ({ order, ours: error.kind !== 'rejected' })))
      .match(
        (found) => ({ ok: true as const, ...found }),
        (error) => ({ ok: false as const, error }),
      ),
  ).andThen((outcome) => {
    if (!outcome.ok) return failed(proposal, outcome.error, ctx);
    const recorded = placed(proposal, outcome.order, ctx);
    return outcome.ours ? recorded : recorded.andThen(() => errAsync(alreadyConsumed(proposal.id, outcome.order.id)));
  });
}

/** After a failed submit: the order the broker did place under this client id, or the original failure. */
function lookUp(broker: Broker, clientOrderId: string, failure: BrokerError): ResultAsync<BrokerOrder, BrokerError> {
  return broker
    .orderByClientId(clientOrderId)
    .orElse(() => errAsync(failure))
    .andThen((order) => (order === null ? errAsync(failure) : okAsync(order)));
}

/**
 * Records the (first) order a confirm placed or found. A two-step roll then goes on to step 2; a confirm that
 * placed neither of its orders (`placedNow` false, step 2 not placed now) answers PROPOSAL_ALREADY_CONSUMED.
 */
function placed(proposal: Proposal, order: BrokerOrder, ctx: HandlerContext<'trading'>, placedNow = true): ResultAsync<Confirmed, AppError> {
  const recorded = ResultAsync.fromSafePromise(recordPlaced(proposal, order, ctx.services).then(() => endWalkAtPlacement(proposal, order, ctx.services)));
  const step = secondStep(proposal);
  if (step === null) return recorded.map(() => confirmed(proposal, order, null));
  return recorded
    .andThen(() => continueRoll(proposal, step, order, ctx.services))
    .andThen((progress) =>
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

function failed(proposal: Proposal, error: BrokerError, ctx: HandlerContext<'trading'>): ResultAsync<Confirmed, AppError> {
  const outcome =
    error.kind === 'rejected' ? ({ status: 'rejected', detail: error.message } as const) : ({ status: 'unknown', detail: error.kind } as const);
  return ResultAsync.fromSafePromise(ctx.services.proposals.recordOutcome(proposal.id, outcome)).andThen(() =>
    errAsync(
      error.kind === 'rejected'
        ? appError('ENTRY_REJECTED', {
            message: `The broker rejected the order: ${error.message}. Nothing was placed; make a new proposal.`,
            seeTool: proposeTool(proposal),
          })
        : withReconcileHint(brokerError(error, (message) => appError('ENTRY_REJECTED', { message }))),
    ),
  );
}

const withReconcileHint = (error: AppError): AppError => ({
  ...error,
  message: `${error.message ?? ''} The order may or may not have reached the broker; confirming this proposal again looks it up and never places it twice.`.trim(),
  suggestion: 'Call confirm_proposal again with the same proposal_id in a moment.',
});

/**
 * A confirm of a consumed proposal: PROPOSAL_ALREADY_CONSUMED naming its order — while the first attempt
 * may still be submitting, without asking anyone; after that, asking the broker when its outcome is unknown, and submitting under the same client id only if the
 * broker has no such order (the broker refuses a second order with one client id). A two-step roll's
 * first order is always asked for, to go on to step 2 once it has filled.
 */
function reconcile(proposal: Proposal, ctx: HandlerContext<'trading'>): ResultAsync<Placed, AppError> {
  if (proposal.outcome?.status === 'void') {
    const expired = isExpired(proposal.createdAt, ctx.services.clock.now());
    return errAsync(expired ? appError('PROPOSAL_EXPIRED', { received: { proposal_id: proposal.id } }) : voidProposal(proposal, proposal.outcome.detail));
  }
  if (proposal.outcome === null && proposal.consumedAt !== null && isSubmitUnderway(proposal.consumedAt, ctx.services.clock.now())) {
    return errAsync(alreadyConsumed(proposal.id, null));
  }
  const twoStep = secondStep(proposal) !== null;
  const submittedId = proposal.outcome?.status === 'submitted' ? proposal.outcome.orderId : null;
  if (submittedId !== null && !twoStep) return errAsync(alreadyConsumed(proposal.id, submittedId));
  if (proposal.outcome?.status === 'rejected') {
    return errAsync(
      appError('PROPOSAL_ALREADY_CONSUMED', {
        message: `The proposal was confirmed, but the broker rejected its order (${proposal.outcome.detail}). Nothing was placed; make a new proposal.`,
        seeTool: proposeTool(proposal),
        received: { proposal_id: proposal.id },
      }),
    );
  }
  return userBroker(ctx.caller.userId, ctx.services).andThen(({ broker, link }) =>
    broker
      .orderByClientId(proposal.id)
      .mapErr((error) => brokerError(error, (message) => appError('SERVICE_UNAVAILABLE', { message })))
      .andThen((order) => {
        if (order === null && submittedId === null && isExpired(proposal.createdAt, ctx.services.clock.now())) return expiredUnsent(proposal, ctx);
        if (order === null) return submittedId === null ? submitOnce(proposal, broker, ctx) : errAsync(alreadyConsumed(proposal.id, submittedId));
        return twoStep ? placed(proposal, order, ctx, false) : placed(proposal, order, ctx).andThen(() => errAsync(alreadyConsumed(proposal.id, order.id)));
      })
      .map(inAccount(link, ctx.services)),
  );
}

/** A consumed proposal whose order never reached the broker and whose 60 s are over: it is not sent late, at a stale price. */
function expiredUnsent(proposal: Proposal, ctx: HandlerContext<'trading'>): ResultAsync<Confirmed, AppError> {
  return ResultAsync.fromSafePromise(
    ctx.services.proposals.recordOutcome(proposal.id, { status: 'rejected', detail: NEVER_SENT }),
  ).andThen(() =>
    errAsync(
      appError('PROPOSAL_EXPIRED', {
        message: `The proposal was confirmed, but its order never reached the broker and its ${String(PROPOSAL_TTL_S)} seconds are over. Nothing was placed; make a new proposal.`,
        seeTool: proposeTool(proposal),
        received: { proposal_id: proposal.id },
      }),
    ),
  );
}

const alreadyConsumed = (id: string, orderId: string | null): AppError =>
  appError('PROPOSAL_ALREADY_CONSUMED', {
    message:
      orderId === null
        ? 'The proposal was already confirmed; its order is being submitted.'
        : `The proposal was already confirmed; its order is ${orderId}.`,
    received: { proposal_id: id, ...(orderId === null ? {} : { order_id: orderId }) },
  });
