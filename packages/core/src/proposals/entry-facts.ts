import { mid, type GateFinding } from '../condors/entry-rules.js';
import { buyingPowerReduction, returnOnBuyingPower } from '../costs/buying-power.js';
import { commissionOf } from '../costs/commission.js';
import { condorCosts, type TradeCosts } from '../costs/condor-costs.js';
import { costsView } from '../costs/costs-view.js';
import type { OrderCosts } from '../costs/order-costs.js';
import { SHARES_PER_CONTRACT } from '../costs/fee-table.js';
import { tradeFlags, type FlagCode, type TradeFlag } from '../events/trade-flags.js';
import type { Json, JsonObject } from '../ports/json.js';
import type { CorporateEvents, SessionKind } from '../ports/market-data.js';
import type { Services } from '../services.js';
import type { RepricedCondor } from './risk-gate.js';
import { money, roundCents } from '../words/money.js';

/** What an entry costs, takes from buying power and runs into before expiry, for `qty` contracts at the limit credit. */
export interface EntryFacts {
  readonly costs: TradeCosts & { readonly open: OrderCosts };
  readonly buyingPowerReduction: number;
  readonly flags: readonly TradeFlag[];
  /** As stored in the proposal's details and shown on its ticket. */
  readonly details: JsonObject;
}


/** What opening `qty` condors at the legs' mids and closing them later costs. */
export function entryCosts(services: Services, condor: RepricedCondor, qty: number): EntryFacts['costs'] {
  return condorCosts(
    { longPut: mid(condor.longPut), shortPut: mid(condor.shortPut), shortCall: mid(condor.shortCall), longCall: mid(condor.longCall) },
    qty,
    commissionOf(services),
  );
}

/** The entry's costs (from `entryCosts`), buying power and calendar flags, with what its proposal records of them. */
export function entryFacts(
  services: Services,
  {
    condor,
    qty,
    limitCredit,
    costs,
    market,
  }: {
    readonly condor: RepricedCondor;
    readonly qty: number;
    readonly limitCredit: number;
    readonly costs: EntryFacts['costs'];
    readonly market: { readonly spot: number | null; readonly session: SessionKind; readonly events: CorporateEvents | null; readonly expiry: string };
  },
): EntryFacts {
  const strikes = { longPut: condor.longPut.strike, shortPut: condor.shortPut.strike, shortCall: condor.shortCall.strike, longCall: condor.longCall.strike };
  const reduction = buyingPowerReduction(strikes, limitCredit, qty);
  const flags = tradeFlags({
    now: services.clock.now(),
    expiry: market.expiry,
    session: market.session,
    events: market.events,
    spot: market.spot,
    shortCall: { strike: condor.shortCall.strike, price: mid(condor.shortCall) },
  });
  return {
    costs,
    buyingPowerReduction: reduction,
    flags,
    details: {
      costs: costsView(costs, limitCredit, commissionOf(services)),
      buying_power: {
        reduction,
        return_on_buying_power: Number(returnOnBuyingPower(limitCredit * SHARES_PER_CONTRACT * qty, reduction).toFixed(4)),
      },
      flags: flags.map((f): Json => ({ code: f.code, date: f.date, message: f.message })),
    },
  };
}

/**
 * The gate's findings about the account and the calendar: the order's buying power and opening costs against the
 * account's options buying power, and each flag the caller asked to refuse.
 */
export function accountFindings(facts: EntryFacts, optionsBuyingPower: number, refuse: readonly FlagCode[]): GateFinding[] {
  const findings: GateFinding[] = [];
  const needed = facts.buyingPowerReduction + facts.costs.open.total;
  if (needed > optionsBuyingPower + 1e-9) {
    findings.push({
      reason: 'buying_power',
      sentence:
        `The order takes ${money(facts.buyingPowerReduction)} of options buying power (the wider wing × 100 × qty less the credit) and ` +
        `${money(facts.costs.open.total)} in fees, ${money(needed)} in all; the account has ${money(optionsBuyingPower)}.`,
      limit: `at most the account's options buying power, ${money(optionsBuyingPower)}`,
      found: { needed: roundCents(needed), available: roundCents(optionsBuyingPower) },
    });
  }
  for (const flag of facts.flags.filter((f) => refuse.includes(f.code))) {
    findings.push({ reason: flag.code, sentence: flag.message, limit: `no ${flag.code.replaceAll('_', ' ')} (refuse_flags)`, found: flag.date ?? true });
  }
  return findings;
}
