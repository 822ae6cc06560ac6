import * as v from 'valibot';
import { pricingDetails } from '../working-orders/proposal-pricing.js';
import { singlePricePlan } from '../working-orders/pricing-plan.js';
import { err, ok, ResultAsync, safeTry, type Result } from 'neverthrow';
import { marketError } from '../condors/market-errors.js';
import type { SearchMarket } from '../condors/types.js';
import type { AppError } from '../errors/app-error.js';
import { defineOperation, WRITE, type HandlerContext } from '../operations/operation.js';
import type { BrokerPosition, OrderLeg } from '../ports/broker.js';
import type { MarketSession, OptionContract, OptionType } from '../ports/market-data.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { LegBook, Proposal } from '../ports/proposal-store.js';
import { ageFindings, openingFindings } from '../condors/entry-rules.js';
import { marketSessionView } from '../market/session-view.js';
import { commissionOf } from '../costs/commission.js';
import { tradeCosts } from '../costs/condor-costs.js';
import { costsView } from '../costs/costs-view.js';
import type { CostedLeg } from '../costs/order-costs.js';
import { gateRejected } from './gate-rejection.js';
import { legsAlreadyHeld } from './held-legs.js';
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
  openingLeg,
  orderLegsJson,
  positionLeg,
  quoteLegs,
  widthAtRisk,
} from './managed-legs.js';
import { PositionId } from '../positions/position-id.js';
import { money, moneyUnsigned, roundCents } from '../words/money.js';
import { ProposalAnswer, proposalAnswer } from './proposal-answer.js';
import { absDelta, DEFAULT_SHORT_DELTA, nearestExpiry, openCredit, preferCredit, verticalOf, verticalsByDelta, type ExpiryChoice, type Vertical } from './roll-plan.js';
import { secondStepClientId } from './roll-steps.js';
import { CONFIRM_LATER, CONFIRM_WINDOW } from '../lifecycle/proposal-timing.js';
import { heldFindings } from '../positions/held-at-broker.js';

type Input = { position_id: string; side: 'put' | 'call' | 'both'; target_dte: number; short_delta?: number | undefined };

export const proposeRoll = defineOperation({
  name: 'propose_roll',
  title: 'Propose rolling an iron condor',
  description:
    'Proposes replacing one side (a vertical) or the whole iron condor of an open position with a new one at the listed expiry ' +
    'nearest target_dte, with the same wing width and the short at short_delta, rolled for a net credit where one is within ' +
    '0.05 delta of the target. One side is one 4-leg order (close the old vertical, open the new one). The whole condor is ' +
    'two orders, because the broker takes at most 4 legs per order: step 1 closes the condor, step 2 opens the new one once ' +
    `step 1 has filled. Nothing is traded until the user confirms with confirm_proposal ${CONFIRM_LATER}.`,
  input: v.strictObject({
    position_id: PositionId,
    side: v.pipe(v.picklist(['put', 'call', 'both']), v.description("Which vertical to roll; 'both' rolls the whole condor in two orders.")),
    target_dte: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365), v.description('Calendar days to the new expiry; the nearest listed one is used.')), 45),
    short_delta: v.optional(
      v.pipe(v.number(), v.minValue(0.01), v.maxValue(0.5), v.description("The new short's |delta|; default the current short's |delta|, or 0.16 when it has no quote.")),
    ),
  }),
  output: ProposalAnswer,
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'POST', path: '/proposals/rolls' },
  annotations: WRITE,
  errors: [
    'POSITION_NOT_FOUND',
    'ENTRY_REJECTED',
    'OVERLAPPING_LEGS',
    'INVALID_UUID',
    'INVALID_VALUE',
    'OUT_OF_RANGE',
    'INVALID_TICKER',
    'BROKER_NOT_CONNECTED',
    'BROKER_RATE_LIMITED',
    'ONBOARDING_REQUIRED',
    'SERVICE_UNAVAILABLE',
  ],
  handler: (input, ctx) =>
    actionablePosition(ctx.services, ctx.caller.userId, input.position_id, 'rolled')
      .andThen((position) => plan(position, input, ctx))
      .andThen((proposal) => proposalAnswer(proposal, ctx)),
});

/** One side being rolled: the vertical held now (with its quotes) and the one replacing it. */
interface RolledSide {
  readonly type: OptionType;
  readonly old: { readonly short: PositionLeg; readonly long: PositionLeg };
  readonly oldQuotes: { readonly short: OptionContract; readonly long: OptionContract };
  readonly next: Vertical;
  readonly targetDelta: number;
  readonly width: number;
}

/** What the market says about the underlying and the expiry rolled to. */
interface Setting {
  readonly session: MarketSession;
  readonly market: SearchMarket;
  readonly choice: ExpiryChoice;
  readonly chain: readonly OptionContract[];
  readonly held: readonly BrokerPosition[];
  readonly book: LegBook;
  readonly now: number;
}

/** One side of the position as held now: a short and a long leg of one type. */
interface HeldSide {
  readonly type: OptionType;
  readonly vertical: { readonly short: PositionLeg; readonly long: PositionLeg };
}

const closeDebit = (side: RolledSide): number => mid(side.oldQuotes.short) - mid(side.oldQuotes.long);

function plan(position: ManagedPosition, input: Input, ctx: HandlerContext<'trading'>): ResultAsync<Proposal, AppError> {
  return safeTry(async function* () {
    const olds = yield* sidesHeld(position, input.side);
    const closing = olds.flatMap((o) => [o.vertical.short, o.vertical.long]);
    const where = yield* setting(position, input, ctx);
    const held = heldFindings(closing, position.qty, where.held);
    if (held.length > 0) return err(notHeld(held));
    const quotes = yield* quoteLegs(ctx.services, position.ticker, closing);
    const sides: RolledSide[] = [];
    for (const [i, { type, vertical }] of olds.entries()) {
      const [short, long] = [quotes[2 * i], quotes[2 * i + 1]];
      if (short === undefined || long === undefined) continue;
      const side = chooseSide({ type, old: vertical, oldQuotes: { short, long }, input, where, creditFirst: input.side !== 'both' });
      if ('code' in side) return err(side);
      sides.push(side);
    }
    const refused = gate(sides, where, closing, position.id);
    if (refused !== null) return err(refused);
    const [only] = sides;
    const rolled = { position, input, where };
    return sides.length === 1 && only !== undefined ? ok(oneOrder({ ...rolled, side: only }, ctx)) : twoOrders({ ...rolled, sides }, ctx);
  });
}

/** The verticals a roll of `side` replaces: each side rolled must be one short and one long leg. */
function sidesHeld(position: ManagedPosition, side: Input['side']): Result<HeldSide[], AppError> {
  const types: OptionType[] = side === 'both' ? ['put', 'call'] : [side];
  const olds = types.flatMap((type) => {
    const vertical = verticalOf(position.legs, type);
    return vertical === undefined ? [] : [{ type, vertical }];
  });
  if (olds.length === types.length) return ok(olds);
  const value = types.map((type) => `${type}: ${describeLegs(position.legs.filter((l) => l.type === type)) || 'none'}`).join('; ');
  return err(
    gateRejected('The position cannot be rolled', [
      { reason: 'structure', sentence: `Each side rolled must be one short and one long leg; the position has ${value}.`, limit: 'one short and one long leg per side rolled', found: value },
    ]),
  );
}

/** The entry gate's checks that apply to a roll: fresh quotes everywhere, liquid new legs, an uncrossed condor, no overlap with other holdings. */
function gate(sides: readonly RolledSide[], where: Setting, closing: readonly PositionLeg[], positionId: string): AppError | null {
  const findings = sides.flatMap((s) => [
    ...ageFindings(s.oldQuotes.short, where.now),
    ...ageFindings(s.oldQuotes.long, where.now),
    ...openingFindings(s.next.short, where.now),
    ...openingFindings(s.next.long, where.now),
  ]);
  const [put, call] = [sides.find((s) => s.type === 'put'), sides.find((s) => s.type === 'call')];
  if (put !== undefined && call !== undefined && put.next.short.strike > call.next.short.strike) {
    const value = `${String(put.next.short.strike)} put above ${String(call.next.short.strike)} call`;
    findings.push({ reason: 'structure', sentence: `The new short put would sit above the new short call (${value}): the condor would be crossed.`, limit: 'short put at or below short call', found: value });
  }
  if (findings.length > 0) return gateRejected('The roll cannot be proposed', findings);
  const opening = sides.flatMap((s) => [s.next.short.symbol, s.next.long.symbol]);
  return legsAlreadyHeld(opening, where.held, where.book, { positionId, closing: new Set(closing.map((leg) => leg.symbol)) }, 'The new legs');
}

function setting(position: ManagedPosition, input: Input, ctx: HandlerContext<'trading'>): ResultAsync<Setting, AppError> {
  const { market } = ctx.services;
  const now = ctx.services.clock.now();
  const ticker = position.ticker;
  return safeTry(async function* () {
    const session = yield* openSession(ctx.services, ticker, 'The roll cannot be proposed');
    const [quote, rate, dividendYield, expirations] = yield* ResultAsync.combine([
      market.quote(ticker),
      market.riskFreeRate(),
      market.dividendYield(ticker),
      market.expirations(ticker),
    ]).mapErr((e) => marketError(e, ticker));
    const choice = nearestExpiry(expirations, input.target_dte, now);
    if (choice === null) {
      return err(
        gateRejected('The roll cannot be proposed', [
          { reason: 'expiry', sentence: `No expiry at least 1 day out is listed on ${ticker}.`, limit: 'a listed expiry at least 1 day out', found: 'none listed' },
        ]),
      );
    }
    const [chain, held, book] = yield* ResultAsync.combine([
      market.optionChain(ticker, choice.expiry).mapErr((e) => marketError(e, ticker)),
      brokerHoldings(ctx.services, ctx.caller.userId),
      ResultAsync.fromSafePromise(ctx.services.proposals.book(ctx.caller.userId)),
    ]);
    return ok({ session, market: { spot: (quote.bid + quote.ask) / 2 || quote.last, rate, dividendYield }, choice, chain, held, book, now });
  });
}

/** The vertical one side rolls into; `creditFirst` lets a nearby short win when it makes a debit roll a credit one (one-order rolls). */
function chooseSide({
  type,
  old,
  oldQuotes,
  input,
  where,
  creditFirst,
}: {
  readonly type: OptionType;
  readonly old: { readonly short: PositionLeg; readonly long: PositionLeg };
  readonly oldQuotes: { readonly short: OptionContract; readonly long: OptionContract };
  readonly input: Input;
  readonly where: Setting;
  readonly creditFirst: boolean;
}): RolledSide | AppError {
  const deltaOf = (contract: OptionContract): number | null => absDelta(contract, where.market, where.now);
  const targetDelta = input.short_delta ?? deltaOf(oldQuotes.short) ?? DEFAULT_SHORT_DELTA;
  const width = Math.abs(old.short.strike - old.long.strike);
  const verticals = verticalsByDelta(where.chain, type, width, targetDelta, deltaOf);
  const nearest = verticals[0];
  const rejected = (value: string, limit: string, sentence: string): AppError =>
    gateRejected('The roll cannot be proposed', [{ reason: `${type}_side`, sentence, limit, found: value }]);
  if (nearest === undefined) {
    const value = `no openable ${type} vertical ${money(width)} wide on ${where.choice.expiry}`;
    return rejected(value, 'a liquid vertical of the same width at the new expiry', `There is ${value}: both legs must meet the entry rules (liquidity, open interest).`);
  }
  if (nearest.short.symbol === old.short.symbol && nearest.long.symbol === old.long.symbol) {
    const value = `already ${String(old.short.strike)}/${String(old.long.strike)} on ${old.short.expiry}`;
    return rejected(value, 'a vertical other than the one held (change target_dte or short_delta)', `The ${type} vertical nearest the target is the one held, ${value}: change target_dte or short_delta.`);
  }
  // One order cannot both close and open the same contract.
  const held = new Set([old.short.symbol, old.long.symbol]);
  const usable = creditFirst ? verticals.filter((vx) => !held.has(vx.short.symbol) && !held.has(vx.long.symbol)) : verticals;
  const debit = mid(oldQuotes.short) - mid(oldQuotes.long);
  const next = creditFirst ? preferCredit(usable, targetDelta, (vx) => debit - openCredit(vx)) : nearest;
  if (next === undefined) {
    return rejected(
      'only verticals sharing a contract with the one held',
      'a vertical that shares no contract with the one it replaces',
      `Every ${type} vertical near the target shares a contract with the one held, and one order cannot both close and open a contract.`,
    );
  }
  return { type, old, oldQuotes, next, targetDelta, width };
}

const newLegs = (side: RolledSide): PositionLeg[] => [positionLeg(side.next.long, 'long'), positionLeg(side.next.short, 'short')];
const ordered = (legs: readonly PositionLeg[]): PositionLeg[] => [...legs].sort((a, b) => (a.type === b.type ? a.strike - b.strike : a.type === 'put' ? -1 : 1));

/** The position's max loss in dollars once rolled at the limit(s): wings at risk less all credits taken. */
function maxLossAfter(position: ManagedPosition, legsAfter: readonly PositionLeg[], net: number): number {
  return roundCents(Math.max(0, widthAtRisk(legsAfter) - (position.entryCredit - net)) * 100 * position.qty);
}

const contracts = (qty: number): string => `${String(qty)} contract${qty === 1 ? '' : 's'}`;

const priceWords = (price: number): string => (price < 0 ? `a net credit of ${moneyUnsigned(price)}` : price > 0 ? `a net debit of ${money(price)}` : 'even money ($0.00)');

/** The position being rolled, what the caller asked and what the market says. */
interface Rolled {
  readonly position: ManagedPosition;
  readonly input: Input;
  readonly where: Setting;
}

function oneOrder({ position, side, input, where }: Rolled & { readonly side: RolledSide }, ctx: HandlerContext<'trading'>): Proposal {
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

function twoOrders({ position, sides, input, where }: Rolled & { readonly sides: readonly RolledSide[] }, ctx: HandlerContext<'trading'>): Result<Proposal, AppError> {
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
