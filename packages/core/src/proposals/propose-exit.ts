import * as v from 'valibot';
import { commissionOf } from '../costs/commission.js';
import { tradeCosts, type TradeCosts } from '../costs/condor-costs.js';
import { costsView } from '../costs/costs-view.js';
import type { CostedLeg } from '../costs/order-costs.js';
import { err, errAsync, ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import { defineOperation, WRITE, type HandlerContext } from '../operations/operation.js';
import type { MarketSession, OptionContract } from '../ports/market-data.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { GateFinding } from '../condors/entry-rules.js';
import { marketSessionView } from '../market/session-view.js';
import { BROKERS } from '../brokers/broker-table.js';
import { userBroker } from '../brokers/user-broker.js';
import type { JsonObject } from '../ports/json.js';
import { brokerFigures, brokerFiguresDetails, dryRunFindings } from './broker-figures.js';
import { gateRejected } from './gate-rejection.js';
import { PricingParameter, planForProposal } from '../working-orders/pricing-parameter.js';
import type { PricingPlan } from '../working-orders/pricing-plan.js';
import { pricingDetails } from '../working-orders/proposal-pricing.js';
import { openSession } from './market-open.js';
import {
  actionablePosition,
  brokerHoldings,
  centsUp,
  closingLeg,
  describeLegs,
  legsJson,
  mid,
  notHeld,
  quoteLegs,
  widthAtRisk,
} from './managed-legs.js';
import { PositionId } from '../positions/position-id.js';
import { money, moneyUnsigned, roundCents } from '../words/money.js';
import { ProposalAnswer, proposalAnswer } from './proposal-answer.js';
import { CONFIRM_LATER, CONFIRM_WINDOW } from '../lifecycle/proposal-timing.js';
import { heldFindings } from '../positions/held-at-broker.js';

const isCents = (price: number): boolean => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

export const proposeExit = defineOperation({
  name: 'propose_exit',
  title: 'Propose closing an iron condor',
  description:
    'Re-prices the legs of an open position the service manages and returns a proposal to close it in one order: the same ' +
    'legs with sides flipped (buy_to_close / sell_to_close) for a debit at most limit_price per share. Nothing is traded: ' +
    `the user confirms with confirm_proposal ${CONFIRM_LATER}, in a separate turn.`,
  input: v.strictObject({
    position_id: PositionId,
    limit_price: v.optional(
      v.pipe(
        v.number(),
        v.minValue(0.01),
        v.maxValue(10_000),
        v.check(isCents, 'limit_price is dollars per share in whole cents, e.g. 0.85.'),
        v.description('The largest debit per share to pay for closing (positive); default the mid of the legs rounded up to the cent.'),
      ),
    ),
    pricing: PricingParameter,
    remaining_only: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          "Close only the legs the broker still holds, after one was closed, assigned or exercised outside condor (get_positions' legs_changed alert). Default false: every leg must be held.",
        ),
      ),
      false,
    ),
  }),
  output: ProposalAnswer,
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'POST', path: '/proposals/exits' },
  annotations: WRITE,
  errors: [
    'POSITION_NOT_FOUND',
    'ENTRY_REJECTED',
    'INVALID_UUID',
    'OUT_OF_RANGE',
    'BROKER_NOT_CONNECTED',
    'BROKER_RATE_LIMITED',
    'ONBOARDING_REQUIRED',
    'SERVICE_UNAVAILABLE',
  ],
  handler: (input, ctx) =>
    safeTry(async function* () {
      const position = yield* actionablePosition(ctx.services, ctx.caller.userId, input.position_id, 'closed');
      const session = yield* openSession(ctx.services, position.ticker, 'The exit cannot be proposed');
      const closing = yield* legsToClose(position, input.remaining_only, ctx);
      const contracts = yield* quoteLegs(ctx.services, closing.ticker, closing.legs);
      const midDebit = closeDebit(closing, contracts);
      const whole = closing.legs.length === position.legs.length;
      // What is left of a broken condor may close for a credit (a lone long leg): its limit follows the mid.
      const limit = input.limit_price ?? (whole ? Math.max(0.01, centsUp(midDebit)) : centsUp(midDebit));
      const band = { mid: midDebit, natural: closeNatural(closing, contracts), start: limit, fixed: input.limit_price !== undefined, ...(whole ? { defaultCap: widthAtRisk(closing.legs) } : {}) };
      const defaults = yield* ResultAsync.fromSafePromise(ctx.services.userSettings.pricingDefaults(ctx.caller.userId));
      const plan = yield* planForProposal(input.pricing, band, defaults, 'The exit cannot be proposed');
      const findings = [...(input.limit_price === undefined ? quoteFindings(contracts) : []), ...(whole ? limitFindings(plan.worstPrice, closing) : [])];
      if (findings.length > 0) return err(gateRejected('The exit cannot be proposed', findings));
      const costs = closingCosts(closing, contracts, commissionOf(ctx.services));
      const proposal = exitProposal({ position: closing, plan, midDebit, costs, session }, ctx);
      const figures = yield* closingFigures(proposal, ctx);
      return ok(yield* proposalAnswer(figures === null ? proposal : { ...proposal, details: { ...proposal.details, broker_figures: figures } }, ctx));
    }),
});

/**
 * The position with the legs an exit closes: every leg, which the broker must still hold (else the close would be
 * refused there, or open a new position); with `remainingOnly`, the legs it still holds, when some are gone.
 */
function legsToClose(position: ManagedPosition, remainingOnly: boolean, ctx: HandlerContext<'trading'>): ResultAsync<ManagedPosition, AppError> {
  return brokerHoldings(ctx.services, ctx.caller.userId).andThen((held) => {
    const findings = heldFindings(position.legs, position.qty, held);
    if (findings.length === 0) return okAsync(position);
    const gone = new Set(findings.map((f) => f.leg));
    const left = position.legs.filter((leg) => !gone.has(leg.symbol));
    return remainingOnly && left.length > 0 ? okAsync({ ...position, legs: left }) : errAsync(notHeld(findings));
  });
}

/**
 * The broker's own fees of the closing order, where its row has a dry run (design §14); a dry run that says the
 * broker would refuse the close is the gate's, before anyone is asked.
 */
function closingFigures(proposal: Proposal, ctx: HandlerContext<'trading'>): ResultAsync<JsonObject | null, AppError> {
  return userBroker(ctx.caller.userId, ctx.services).andThen(({ broker, link }) => {
    const spec = BROKERS[link.broker];
    return brokerFigures(broker, spec, { qty: proposal.qty, limitPrice: proposal.limitPrice, legs: proposal.legs }).andThen((figures) => {
      if (figures === null) return okAsync(null);
      const refusals = dryRunFindings({ ...figures, buyingPowerAfter: Math.max(0, figures.buyingPowerAfter) }, spec);
      if (refusals.length > 0) return errAsync(gateRejected('The exit cannot be proposed', refusals));
      return okAsync(brokerFiguresDetails(figures, spec, 'closing'));
    });
  });
}

/** What buying back the shorts and selling the longs costs at mid, per share (positive = a debit). */
function closeDebit(position: ManagedPosition, contracts: readonly OptionContract[]): number {
  return position.legs.reduce((sum, leg, i) => {
    const contract = contracts[i];
    return contract === undefined ? sum : sum + (leg.side === 'short' ? mid(contract) : -mid(contract));
  }, 0);
}

/** What closing costs crossing every spread, per share (positive = a debit): the shorts bought at their asks, the longs sold at their bids. */
function closeNatural(position: ManagedPosition, contracts: readonly OptionContract[]): number {
  return position.legs.reduce((sum, leg, i) => {
    const contract = contracts[i];
    return contract === undefined ? sum : sum + (leg.side === 'short' ? contract.ask : -contract.bid);
  }, 0);
}

/** The fees of closing every leg in one order, the wings sold at their mids. */
function closingCosts(position: ManagedPosition, contracts: readonly OptionContract[], commission: number): TradeCosts {
  const legs = position.legs.map((leg, i): CostedLeg => ({ side: leg.side === 'short' ? 'buy' : 'sell', price: contracts[i] === undefined ? 0 : mid(contracts[i]) }));
  return tradeCosts([], legs, position.qty, commission);
}

/** Without a caller's limit the mid must be a real price: every leg needs an ask at or above its bid. */
function quoteFindings(contracts: readonly OptionContract[]): GateFinding[] {
  return contracts
    .filter((c) => !(c.ask > 0 && c.ask >= c.bid))
    .map((c) => ({
      reason: 'quote',
      sentence: `${c.symbol} is quoted ${c.bid.toFixed(2)}/${c.ask.toFixed(2)}: without an ask above 0 at or above the bid its mid is no price (give limit_price to close anyway).`,
      limit: 'an ask above 0 and at or above the bid',
      found: { leg: c.symbol, bid: c.bid, ask: c.ask },
      leg: c.symbol,
    }));
}

/** A whole condor is worth at most its widest wing: a limit above that pays more than the close can be worth. */
function limitFindings(limit: number, position: ManagedPosition): GateFinding[] {
  const most = widthAtRisk(position.legs);
  if (limit <= most + 1e-9) return [];
  return [
    {
      reason: 'limit_price',
      sentence: `A limit of ${money(limit)} per share is more than this condor can be worth: at most ${money(most)}, its widest wing.`,
      limit: `at most ${money(most)}, the most this condor can be worth`,
      found: limit,
    },
  ];
}

function exitProposal(
  {
    position,
    plan,
    midDebit,
    costs,
    session,
  }: { readonly position: ManagedPosition; readonly plan: PricingPlan; readonly midDebit: number; readonly costs: TradeCosts; readonly session: MarketSession },
  { services, caller, batchKey }: HandlerContext<'trading'>,
): Proposal {
  const limit = plan.startPrice;
  const worst = plan.worstPrice;
  const maxLoss = roundCents(Math.max(0, worst) * 100 * position.qty);
  const result = roundCents((position.entryCredit - limit) * 100 * position.qty);
  const band = worst === limit ? '' : `, walked up to ${worst < 0 ? `a ${moneyUnsigned(worst)} credit` : `a ${money(worst)} debit`} if unfilled (${plan.mode})`;
  return {
    id: services.ids.uuid(),
    ownerId: caller.userId,
    kind: 'exit',
    batchKey,
    createdAt: services.clock.now(),
    ticker: position.ticker,
    qty: position.qty,
    legs: position.legs.map(closingLeg),
    limitPrice: limit,
    maxLoss,
    summary:
      `Close the ${position.ticker} iron condor (${String(position.qty)} contract${position.qty === 1 ? '' : 's'}: ${describeLegs(position.legs)}) in one order for ` +
      `${limit < 0 ? `at least a ${moneyUnsigned(limit)} credit` : `at most a ${money(limit)} debit`} per share (limit; mid ${money(midDebit)})${band}: at most ${money(maxLoss)} in all. It was opened for ` +
      `a ${money(position.entryCredit)} credit, so closing at the limit ${result >= 0 ? 'keeps' : 'loses'} ${moneyUnsigned(result)}. ` +
      CONFIRM_WINDOW,
    positionId: position.id,
    details: {
      expiry: position.expiry,
      legs: legsJson(position.legs),
      mid_debit: roundCents(midDebit * 100) / 100,
      debit: limit,
      pricing: pricingDetails(plan),
      entry_credit: position.entryCredit,
      result_at_limit: result,
      costs: costsView(costs, null, commissionOf(services)),
      market_notice: services.marketNotice,
      market_session: marketSessionView(session, services.clock.now()),
    },
    consumedAt: null,
    approval: null,
    outcome: null,
  };
}
