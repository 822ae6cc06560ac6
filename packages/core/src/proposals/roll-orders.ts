import { pricingDetails } from '../working-orders/proposal-pricing.js';
import { singlePricePlan } from '../working-orders/pricing-plan.js';
import { err, ok, type Result } from 'neverthrow';
import type { SearchMarket } from '../condors/types.js';
import type { AppError } from '../errors/app-error.js';
import { type HandlerContext } from '../operations/operation.js';
import type { BrokerPosition, OrderLeg } from '../ports/broker.js';
import type { MarketSession, OptionContract, OptionType } from '../ports/market-data.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { LegBook, Proposal } from '../ports/proposal-store.js';
import { marketSessionView } from '../market/session-view.js';
import { commissionOf } from '../costs/commission.js';
import { tradeCosts } from '../costs/condor-costs.js';
import { costsView } from '../costs/costs-view.js';
import type { CostedLeg } from '../costs/order-costs.js';
import { gateRejected } from './gate-rejection.js';
import { centsUp, closingLeg, describeLegs, legsJson, mid, openingLeg, orderLegsJson, positionLeg, widthAtRisk } from './managed-legs.js';
import { money, moneyUnsigned, roundCents } from '../words/money.js';
import { openCredit, type ExpiryChoice, type Vertical } from './roll-plan.js';
import { secondStepClientId } from '../positions/proposal-orders.js';
import { CONFIRM_WINDOW } from '../lifecycle/proposal-timing.js';

/** One side being rolled: the vertical held now (with its quotes) and the one replacing it. */
/** What propose_roll was asked. */
export type RollInput = { position_id: string; side: 'put' | 'call' | 'both'; target_dte: number; short_delta?: number | undefined };
type Input = RollInput;

export interface RolledSide {
  readonly type: OptionType;
  readonly old: { readonly short: PositionLeg; readonly long: PositionLeg };
  readonly oldQuotes: { readonly short: OptionContract; readonly long: OptionContract };
  readonly next: Vertical;
  readonly targetDelta: number;
  readonly width: number;
}

/** What the market says about the underlying and the expiry rolled to. */
export interface Setting {
  readonly session: MarketSession;
  readonly market: SearchMarket;
  readonly choice: ExpiryChoice;
  readonly chain: readonly OptionContract[];
  readonly held: readonly BrokerPosition[];
  readonly book: LegBook;
  readonly now: number;
}

const closeDebit = (side: RolledSide): number => mid(side.oldQuotes.short) - mid(side.oldQuotes.long);

const newLegs = (side: RolledSide): PositionLeg[] => [positionLeg(side.next.long, 'long'), positionLeg(side.next.short, 'short')];
const ordered = (legs: readonly PositionLeg[]): PositionLeg[] => [...legs].sort((a, b) => (a.type === b.type ? a.strike - b.strike : a.type === 'put' ? -1 : 1));

/** The position's max loss in dollars once rolled at the limit(s): wings at risk less all credits taken. */
function maxLossAfter(position: ManagedPosition, legsAfter: readonly PositionLeg[], net: number): number {
  return roundCents(Math.max(0, widthAtRisk(legsAfter) - (position.entryCredit - net)) * 100 * position.qty);
}

const contracts = (qty: number): string => `${String(qty)} contract${qty === 1 ? '' : 's'}`;

const priceWords = (price: number): string => (price < 0 ? `a net credit of ${moneyUnsigned(price)}` : price > 0 ? `a net debit of ${money(price)}` : 'even money ($0.00)');

/** The position being rolled, what the caller asked and what the market says. */
export interface Rolled {
  readonly position: ManagedPosition;
  readonly input: Input;
  readonly where: Setting;
}

export function oneOrder({ position, side, input, where }: Rolled & { readonly side: RolledSide }, ctx: HandlerContext<'trading'>): Proposal {
  const midNet = closeDebit(side) - openCredit(side.next);
  const limit = centsUp(midNet);
  const opened = newLegs(side);
  const legsAfter = ordered([...position.legs.filter((l) => l.type !== side.type), ...opened]);
  const maxLoss = maxLossAfter(position, legsAfter, limit);
  const legs: OrderLeg[] = [closingLeg(side.old.short), closingLeg(side.old.long), openingLeg(side.next.long, 'long'), openingLeg(side.next.short, 'short')];
  const debitNote =
    limit > 0
      ? ` This roll costs money: no ${side.type} vertical within 0.05 delta of the target rolls for a credit.`
      : '';
  const summary =
    `Roll the ${side.type} side of the ${position.ticker} iron condor (${contracts(position.qty)}) in one 4-leg order: buy back ` +
    `${describeLegs([side.old.short, side.old.long])} and sell ${describeLegs(opened)} (${String(where.choice.dte)} days, short |delta| ` +
    `${side.next.shortDelta.toFixed(2)}, width ${money(side.width)}) for ${priceWords(limit)} per share (limit: the mid of the 4 legs, rounded to the cent).${debitNote} ` +
    `Closing the old vertical and opening the new one are one order, so the roll fills whole or not at all. Afterwards: credit ${money(position.entryCredit - limit)} per share, ` +
    `max loss ${money(maxLoss)}. ${CONFIRM_WINDOW}`;
  return rollProposal(
    {
      position,
      legs,
      limitPrice: limit,
      maxLoss,
      summary,
      session: where.session,
      details: {
        order_plan: 'one_order',
        side: side.type,
        ...common({ position, input, where, sides: [side], legsAfter, net: limit, commission: commissionOf(ctx.services) }),
      },
    },
    ctx,
  );
}

export function twoOrders({ position, sides, input, where }: Rolled & { readonly sides: readonly RolledSide[] }, ctx: HandlerContext<'trading'>): Result<Proposal, AppError> {
  const closeMid = sides.reduce((sum, s) => sum + closeDebit(s), 0);
  const openMid = sides.reduce((sum, s) => sum + openCredit(s.next), 0);
  const closeLimit = Math.max(0.01, centsUp(closeMid));
  const openLimit = centsUp(-openMid);
  if (!(openLimit < 0)) {
    const value = priceWords(openLimit);
    return err(
      gateRejected('The roll cannot be proposed', [{ reason: 'credit', sentence: `The new condor would open for ${value}, not a credit.`, limit: 'the new condor opens for a credit', found: value }]),
    );
  }
  const net = roundCents(closeLimit + openLimit);
  const opened = ordered(sides.flatMap(newLegs));
  const closeLegs = ordered(sides.flatMap((s) => [s.old.short, s.old.long])).map(closingLeg);
  const openLegs = opened.map((leg) => openingLeg(leg, leg.side));
  const maxLoss = maxLossAfter(position, opened, net);
  const id = ctx.services.ids.uuid();
  const summary =
    `Roll the whole ${position.ticker} iron condor (${contracts(position.qty)}) in two orders, because the broker takes at most 4 legs per order. ` +
    `Step 1 buys back ${describeLegs(position.legs)} for at most a ${money(closeLimit)} debit per share (limit). ` +
    `Step 2, placed only after step 1 has filled, sells ${describeLegs(opened)} (${String(where.choice.dte)} days) for at least a ` +
    `${moneyUnsigned(openLimit)} credit per share (limit). Together: ${priceWords(net)} per share; afterwards credit ` +
    `${money(position.entryCredit - net)} per share, max loss ${money(maxLoss)}. Risk of a half-done roll: if step 1 fills and ` +
    `step 2 does not (the market moves away from its limit, the broker refuses it, or the day ends), you hold no ${position.ticker} condor ` +
    'at all: it is closed, not rolled, and a new one must be proposed with propose_entry. If step 1 has not filled when you confirm, ' +
    `confirm again with this proposal_id once it has. ${CONFIRM_WINDOW}`;
  return ok(
    rollProposal(
      {
        id,
        position,
        legs: closeLegs,
        limitPrice: closeLimit,
        maxLoss,
        summary,
        session: where.session,
        details: {
          order_plan: 'two_orders',
          side: 'both',
          ...common({ position, input, where, sides, legsAfter: opened, net, commission: commissionOf(ctx.services) }),
          steps: [
            { step: 1, action: 'close', client_order_id: id, legs: orderLegsJson(closeLegs), limit_price: closeLimit },
            { step: 2, action: 'open', client_order_id: secondStepClientId(id), legs: orderLegsJson(openLegs), limit_price: openLimit },
          ],
        },
      },
      ctx,
    ),
  );
}

/** The details both plans record: costs, expiries, deltas, widths, the legs closed, opened and held after, the net price. */
function common({
  position,
  input,
  where,
  sides,
  legsAfter,
  net,
  commission,
}: Rolled & { readonly sides: readonly RolledSide[]; readonly legsAfter: readonly PositionLeg[]; readonly net: number; readonly commission: number }) {
  const closing = sides.flatMap((s): CostedLeg[] => [
    { side: 'buy', price: mid(s.oldQuotes.short) },
    { side: 'sell', price: mid(s.oldQuotes.long) },
  ]);
  const opening = sides.flatMap((s): CostedLeg[] => [
    { side: 'buy', price: mid(s.next.long) },
    { side: 'sell', price: mid(s.next.short) },
  ]);
  return {
    costs: costsView(tradeCosts(opening, closing, position.qty, commission), null, commission),
    expiry_from: position.expiry,
    expiry_to: where.choice.expiry,
    dte: where.choice.dte,
    target_dte: input.target_dte,
    short_deltas: Object.fromEntries(sides.map((s) => [s.type, { target: round3(s.targetDelta), chosen: round3(s.next.shortDelta) }])),
    widths: Object.fromEntries(sides.map((s) => [s.type, s.width])),
    closes: legsJson(sides.flatMap((s) => [s.old.short, s.old.long])),
    opens: legsJson(sides.flatMap(newLegs)),
    net_price: net,
    credit_after: roundCents(position.entryCredit - net),
    legs_after: legsJson(legsAfter),
  };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** A roll's proposal; `id` is given when the plan names it beforehand (a two-order roll's step 2 is derived from it). */
function rollProposal(
  {
    id,
    position,
    legs,
    limitPrice,
    maxLoss,
    summary,
    session,
    details,
  }: {
    readonly id?: string;
    readonly position: ManagedPosition;
    readonly legs: readonly OrderLeg[];
    readonly limitPrice: number;
    readonly maxLoss: number;
    readonly summary: string;
    readonly session: MarketSession;
    readonly details: Proposal['details'];
  },
  { services, caller, batchKey }: HandlerContext<'trading'>,
): Proposal {
  return {
    id: id ?? services.ids.uuid(),
    ownerId: caller.userId,
    kind: 'roll',
    batchKey,
    createdAt: services.clock.now(),
    ticker: position.ticker,
    qty: position.qty,
    legs,
    limitPrice,
    maxLoss,
    summary,
    positionId: position.id,
    // A roll is placed at one price: its band is that price (walking a roll is left for later, docs/decisions.md).
    details: { ...details, pricing: pricingDetails(singlePricePlan(limitPrice)), market_notice: services.marketNotice, market_session: marketSessionView(session, services.clock.now()) },
    consumedAt: null,
    approval: null,
    outcome: null,
  };
}
