import type * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { SessionKind } from '../ports/market-data.js';
import type { CandidateFacts } from './candidate-facts.js';
import type { Candidate } from './schemas.js';
import type { PricedLeg, ScoredCondor } from './types.js';

const round = (value: number, places: number): number => Number(value.toFixed(places));

const legView = (leg: PricedLeg) => ({
  occ_symbol: leg.contract.symbol,
  type: leg.contract.type,
  strike: leg.contract.strike,
  bid: leg.contract.bid,
  ask: leg.contract.ask,
  mid: round(leg.mid, 4),
  delta: round(leg.delta, 4),
  iv: round(leg.volatility, 4),
});

/** A scored condor as callers see it: everything `propose_entry` needs, per share unless named otherwise. */
export function candidateView(ticker: string, condor: ScoredCondor, session: SessionKind, facts: CandidateFacts): v.InferOutput<typeof Candidate> {
  const { put, call, credit, width } = condor;
  const legs = [put.long, put.short, call.short, call.long];
  const signs = [1, -1, -1, 1];
  const net = (pick: (leg: PricedLeg) => number): number => legs.reduce((sum, leg, i) => sum + (signs[i] ?? 0) * pick(leg), 0);
  return {
    ticker,
    expiry: condor.expiry,
    dte: condor.dte,
    width,
    legs: { long_put: legView(put.long), short_put: legView(put.short), short_call: legView(call.short), long_call: legView(call.long) },
    net_credit: round(credit, 4),
    max_profit: round(credit, 4),
    max_loss: round(width - credit, 4),
    breakevens: { low: round(put.short.contract.strike - credit, 4), high: round(call.short.contract.strike + credit, 4) },
    pop: round(condor.pop, 4),
    credit_to_width: round(condor.creditToWidth, 4),
    return_on_risk: round(condor.returnOnRisk, 4),
    expected_value: round(condor.expectedValue, 4),
    costs: facts.costs,
    pop_after_costs: round(facts.popAfterCosts, 4),
    expected_value_after_costs: round(facts.expectedValueAfterCosts, 4),
    buying_power: facts.buyingPower,
    flags: [...facts.flags],
    delta: round(net((leg) => leg.delta), 4),
    theta: round(net((leg) => leg.theta) / 365, 4),
    vega: round(net((leg) => leg.vega) / 100, 4),
    multiplier: 100,
    quote_time: isoTime(Math.min(...legs.map((leg) => leg.contract.quoteTime))),
    session,
  };
}
