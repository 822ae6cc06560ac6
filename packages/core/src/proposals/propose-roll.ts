import * as v from 'valibot';
import { err, ok, ResultAsync, safeTry, type Result } from 'neverthrow';
import { marketError } from '../condors/market-errors.js';
import type { AppError } from '../errors/app-error.js';
import { defineOperation, WRITE, type HandlerContext } from '../operations/operation.js';
import type { OptionContract, OptionType } from '../ports/market-data.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import { ageFindings, openingFindings } from '../condors/entry-rules.js';
import { gateRejected } from './gate-rejection.js';
import { legsAlreadyHeld } from './held-legs.js';
import { openSession } from './market-open.js';
import { actionablePosition, brokerHoldings, describeLegs, mid, notHeld, quoteLegs } from './managed-legs.js';
import { PositionId } from '../positions/position-id.js';
import { money } from '../words/money.js';
import { ProposalAnswer, proposalAnswer } from './proposal-answer.js';
import { absDelta, DEFAULT_SHORT_DELTA, nearestExpiry, openCredit, preferCredit, verticalOf, verticalsByDelta } from './roll-plan.js';
import { CONFIRM_LATER } from '../lifecycle/proposal-timing.js';
import { heldFindings } from '../positions/held-at-broker.js';
import { oneOrder, twoOrders, type RollInput as Input, type RolledSide, type Setting } from './roll-orders.js';


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

/** One side of the position as held now: a short and a long leg of one type. */
interface HeldSide {
  readonly type: OptionType;
  readonly vertical: { readonly short: PositionLeg; readonly long: PositionLeg };
}


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
