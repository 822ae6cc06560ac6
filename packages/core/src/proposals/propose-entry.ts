import * as v from 'valibot';
import { err, errAsync, ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import { BROKERS, type BrokerSpec } from '../brokers/broker-table.js';
import { userBroker } from '../brokers/user-broker.js';
import { brokerFigures, brokerFiguresDetails, dryRunFindings } from './broker-figures.js';
import { brokerError } from '../brokers/broker-errors.js';
import { CandidateParameter, readCandidate, type CandidateEssentials } from '../condors/candidate-input.js';
import { ENTRY_RULES, limitCreditOf, type GateFinding } from '../condors/entry-rules.js';
import { marketError } from '../condors/market-errors.js';
import { appError, type AppError } from '../errors/app-error.js';
import { marketSessionView } from '../market/session-view.js';
import { defineOperation, WRITE, type HandlerContext } from '../operations/operation.js';
import type { OrderLeg } from '../ports/broker.js';
import type { MarketSession, OptionContract } from '../ports/market-data.js';
import type { Proposal } from '../ports/proposal-store.js';
import { gateRejected } from './gate-rejection.js';
import { legsAlreadyHeld } from './held-legs.js';
import { openSession } from './market-open.js';
import { proposalAnswer, ProposalAnswer } from './proposal-answer.js';
import { CONFIRM_LATER, CONFIRM_WINDOW } from '../lifecycle/proposal-timing.js';
import { entryOdds, type EntryOdds } from './entry-odds.js';
import { accountFindings, entryCosts, entryFacts, type EntryFacts } from './entry-facts.js';
import { eventsUntil } from '../events/events-until.js';
import { FLAG_CODES, type FlagCode } from '../events/trade-flags.js';
import { PricingParameter, planForProposal, type PricingInput } from '../working-orders/pricing-parameter.js';
import type { PricingPlan } from '../working-orders/pricing-plan.js';
import { pricingDetails } from '../working-orders/proposal-pricing.js';
import { condorEconomics, riskFindings, type RepricedCondor, type RiskLimits } from './risk-gate.js';
import { money, moneyUnsigned } from '../words/money.js';

type Input = {
  candidate: unknown;
  qty: number;
  max_risk?: number | undefined;
  min_credit_to_width: number;
  refuse_flags: readonly FlagCode[];
  pricing?: PricingInput;
};

export const proposeEntry = defineOperation({
  name: 'propose_entry',
  title: 'Propose opening an iron condor',
  description:
    'Re-prices a candidate from find_iron_condors against the current chain, runs the risk gate (market open, structure, max ' +
    'loss, credit/width, liquidity, quote age, price moves, overlapping legs, options buying power, and the calendar flags named in ' +
    'refuse_flags) and returns a proposal to show the user. Nothing ' +
    `is traded: the user confirms with confirm_proposal ${CONFIRM_LATER}, in a separate turn. A refusal is ` +
    'ENTRY_REJECTED with each reason in a sentence and received keyed by reason (market_closed says when the market opens).',
  input: v.strictObject({
    candidate: CandidateParameter,
    qty: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Contracts (condors), at least 1.')),
    max_risk: v.optional(v.pipe(v.number(), v.minValue(1), v.description('Largest max loss of the order in dollars; default 5 % of buying power.'))),
    min_credit_to_width: v.optional(
      v.pipe(v.number(), v.minValue(0), v.maxValue(1), v.description('Smallest credit (at the limit price) over the wider wing width; find_iron_condors applies the same default.')),
      ENTRY_RULES.minCreditToWidth,
    ),
    pricing: PricingParameter,
    refuse_flags: v.optional(
      v.pipe(
        v.array(v.picklist(FLAG_CODES)),
        v.maxLength(FLAG_CODES.length),
        v.description('Calendar flags that refuse the entry instead of only showing on the ticket, e.g. ["earnings_before_expiry", "early_assignment_risk"]. None by default.'),
      ),
      [],
    ),
  }),
  output: ProposalAnswer,
  access: 'trading',
  needsBroker: true,
  quota: false,
  rest: { method: 'POST', path: '/proposals/entries' },
  annotations: WRITE,
  errors: [
    'INVALID_CANDIDATE',
    'MISSING_CANDIDATE_FIELDS',
    'STRATEGY_NOT_CANDIDATE',
    'INVALID_QTY',
    'ENTRY_REJECTED',
    'OVERLAPPING_LEGS',
    'BROKER_NOT_CONNECTED',
    'BROKER_RATE_LIMITED',
    'ONBOARDING_REQUIRED',
    'SERVICE_UNAVAILABLE',
  ],
  validate: (input) => readCandidate(input.candidate).match(() => null, (error) => error),
  handler: (input, ctx) => readCandidate(input.candidate).asyncAndThen((candidate) => propose(candidate, input, ctx)),
});

const DEFAULT_RISK_SHARE = 0.05;
const GATE_SUGGESTION =
  'Each reason says what failed. Search again with find_iron_condors and propose one of its candidates right away (they meet ' +
  'the market rules when returned), or change the account limits: max_risk, min_credit_to_width, qty.';

/**
 * The order an entry places, re-priced now: `qty` condors placed at `limitCredit` per share and walked, unfilled, down
 * to `plan.worstPrice` (the least credit the person approves, which the gate and the max loss are judged at).
 */
interface EntryOrder {
  readonly candidate: CandidateEssentials;
  readonly condor: RepricedCondor;
  readonly qty: number;
  readonly limitCredit: number;
  readonly width: number;
  readonly plan: PricingPlan;
}

function propose(candidate: CandidateEssentials, input: Input, ctx: HandlerContext<'trading'>): ResultAsync<v.InferOutput<typeof ProposalAnswer>, AppError> {
  const { services, caller } = ctx;
  const now = services.clock.now();
  return safeTry(async function* () {
    const session = yield* openSession(services, candidate.ticker, 'The candidate cannot be proposed');
    const { broker, link } = yield* userBroker(caller.userId, services);
    const [account, held] = yield* ResultAsync.combine([broker.verify(), broker.positions()]).mapErr((e) =>
      brokerError(e, (message) => appError('ENTRY_REJECTED', { message })),
    );
    const condor = yield* reprice(candidate, ctx);
    const book = yield* ResultAsync.fromSafePromise(services.proposals.book(caller.userId));
    const overlap = legsAlreadyHeld(entryLegs(condor).map((leg) => leg.symbol), held, book, null, 'These legs');
    if (overlap !== null) return err(overlap);
    const { credit, width } = condorEconomics(condor);
    // The default band stops where the credit would fall below min_credit_to_width, so a candidate the search found is never refused for its band.
    const defaultCap = -Math.ceil(input.min_credit_to_width * width * 100 - 1e-9) / 100;
    const band = { mid: -credit, natural: -naturalCredit(condor), start: -limitCreditOf(credit), fixed: false, defaultCap };
    const defaults = yield* ResultAsync.fromSafePromise(services.userSettings.pricingDefaults(caller.userId));
    const plan = yield* planForProposal(input.pricing, band, defaults, 'The candidate cannot be proposed');
    const order: EntryOrder = { candidate, condor, qty: input.qty, limitCredit: -plan.startPrice, width, plan };
    const worst = { ...order, limitCredit: -plan.worstPrice };
    const limits: RiskLimits = {
      maxRiskPerTrade: input.max_risk ?? DEFAULT_RISK_SHARE * account.buyingPower,
      minCreditToWidth: input.min_credit_to_width,
    };
    const orderFindings = [...riskFindings({ ...worst, limits, now }), ...spreadFindings(account.spreadsAllowed)];
    const costs = entryCosts(services, condor, input.qty);
    const [events, odds] = yield* ResultAsync.combine([
      eventsUntil(services, candidate.ticker, candidate.expiry),
      entryOdds(services, { ticker: candidate.ticker, expiry: candidate.expiry, condor, limitCredit: order.limitCredit, costPerShare: costs.perShare }),
    ]);
    const estimated = entryFacts(services, { ...order, costs, market: { spot: odds.spot, session: session.kind, events, expiry: candidate.expiry } });
    const spec: BrokerSpec = BROKERS[link.broker];
    const figures = yield* brokerFigures(broker, spec, { qty: input.qty, limitPrice: -order.limitCredit, legs: entryLegs(condor) });
    // The broker's own figures, where it has them, replace condor's estimate of buying power (and are the gate's).
    const accountChecks = accountFindings(estimated, account.buyingPower, input.refuse_flags).filter((f) => figures === null || f.reason !== 'buying_power');
    const findings = [...orderFindings, ...accountChecks, ...(figures === null ? [] : dryRunFindings(figures, spec))];
    if (findings.length > 0) return err(gateRejected('The risk gate rejected the candidate', findings, { suggestion: GATE_SUGGESTION }));
    const facts = figures === null ? estimated : { ...estimated, details: { ...estimated.details, broker_figures: brokerFiguresDetails(figures, spec) } };
    return ok(yield* proposalAnswer(entryProposal({ ...order, session, odds, facts }, ctx), ctx));
  });
}

/** The account must allow multi-leg spreads: a condor is one 4-leg order. */
function spreadFindings(spreadsAllowed: boolean): GateFinding[] {
  if (spreadsAllowed) return [];
  return [
    {
      reason: 'account',
      sentence: 'The broker account is not approved for multi-leg option spreads (options level 3).',
      limit: 'multi-leg option spreads allowed',
      found: 'not allowed',
    },
  ];
}

function reprice(candidate: CandidateEssentials, { services }: HandlerContext<'trading'>): ResultAsync<RepricedCondor, AppError> {
  return services.market
    .optionChain(candidate.ticker, candidate.expiry)
    .mapErr((e) => marketError(e, candidate.ticker))
    .andThen((chain) => {
      const find = (type: 'put' | 'call', strike: number): OptionContract | undefined =>
        chain.find((c) => c.type === type && Math.abs(c.strike - strike) < 1e-9);
      const { longPut, shortPut, shortCall, longCall } = candidate.strikes;
      const legs = [find('put', longPut), find('put', shortPut), find('call', shortCall), find('call', longCall)];
      const missing = legs.flatMap((leg, i) => (leg === undefined ? [[`long put ${String(longPut)}`, `short put ${String(shortPut)}`, `short call ${String(shortCall)}`, `long call ${String(longCall)}`][i]] : []));
      if (missing.length > 0) {
        const where = `${candidate.ticker} ${candidate.expiry}`;
        return errAsync(
          gateRejected(
            'The risk gate rejected the candidate',
            missing.map((leg = '') => ({ reason: 'listed', sentence: `The ${leg} is not listed on ${where}.`, limit: `listed on ${where}`, found: leg, leg })),
          ),
        );
      }
      const [lp, sp, sc, lc] = legs as [OptionContract, OptionContract, OptionContract, OptionContract];
      return okAsync({ longPut: lp, shortPut: sp, shortCall: sc, longCall: lc });
    });
}

/** The credit crossing every spread: selling the shorts at their bids, buying the wings at their asks. */
const naturalCredit = ({ longPut, shortPut, shortCall, longCall }: RepricedCondor): number => shortPut.bid + shortCall.bid - longPut.ask - longCall.ask;

/** The four legs that open the condor, in the order every entry carries them. */
const entryLegs = ({ longPut, shortPut, shortCall, longCall }: RepricedCondor): OrderLeg[] => [
  { symbol: longPut.symbol, side: 'buy', intent: 'buy_to_open' },
  { symbol: shortPut.symbol, side: 'sell', intent: 'sell_to_open' },
  { symbol: shortCall.symbol, side: 'sell', intent: 'sell_to_open' },
  { symbol: longCall.symbol, side: 'buy', intent: 'buy_to_open' },
];

function entryProposal(
  { candidate, condor, qty, limitCredit, width, plan, session, odds, facts }: EntryOrder & { readonly session: MarketSession; readonly odds: EntryOdds; readonly facts: EntryFacts },
  { services, caller, batchKey }: HandlerContext<'trading'>,
): Proposal {
  const maxLoss = Math.round((width + plan.worstPrice) * 100 * qty * 100) / 100;
  const { longPut, shortPut, shortCall, longCall } = condor;
  const band = plan.worstPrice === plan.startPrice ? '' : `, walked down to ${moneyUnsigned(plan.worstPrice)} if unfilled (${plan.mode})`;
  return {
    id: services.ids.uuid(),
    ownerId: caller.userId,
    kind: 'entry',
    batchKey,
    createdAt: services.clock.now(),
    ticker: candidate.ticker,
    qty,
    legs: entryLegs(condor),
    limitPrice: -limitCredit,
    maxLoss,
    summary:
      `Sell ${String(qty)} ${candidate.ticker} ${candidate.expiry} iron condor ${String(longPut.strike)}/${String(shortPut.strike)}/` +
      `${String(shortCall.strike)}/${String(longCall.strike)} for a ${money(limitCredit)} credit per share (limit)${band}; ` +
      `max loss ${money(maxLoss)}. ${CONFIRM_WINDOW}`,
    positionId: services.ids.uuid(),
    details: {
      expiry: candidate.expiry,
      strikes: { long_put: longPut.strike, short_put: shortPut.strike, short_call: shortCall.strike, long_call: longCall.strike },
      credit: limitCredit,
      width,
      pricing: pricingDetails(plan),
      spot: odds.spot,
      pop: odds.pop,
      pop_after_costs: odds.popAfterCosts,
      expected_value: odds.expectedValue,
      expected_value_after_costs: odds.expectedValueAfterCosts,
      ...facts.details,
      market_notice: services.marketNotice,
      market_session: marketSessionView(session, services.clock.now()),
    },
    consumedAt: null,
    approval: null,
    outcome: null,
  };
}
