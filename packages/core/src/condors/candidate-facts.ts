import type * as v from 'valibot';
import { buyingPowerReduction, returnOnBuyingPower } from '../costs/buying-power.js';
import { condorCosts } from '../costs/condor-costs.js';
import { costsView, type BuyingPowerView, type CostsView } from '../costs/costs-view.js';
import { SHARES_PER_CONTRACT } from '../costs/fee-table.js';
import { tradeFlags, type TradeFlag } from '../events/trade-flags.js';
import type { CorporateEvents, SessionKind } from '../ports/market-data.js';
import { condorPop } from './scoring.js';
import type { ScoredCondor, SearchMarket } from './types.js';

/** What a candidate shows besides its prices: costs, odds after costs, buying power and calendar flags, for one contract. */
export interface CandidateFacts {
  readonly costs: v.InferOutput<typeof CostsView>;
  readonly popAfterCosts: number;
  readonly expectedValueAfterCosts: number;
  readonly buyingPower: v.InferOutput<typeof BuyingPowerView>;
  readonly flags: readonly TradeFlag[];
}

export interface FactsContext {
  readonly market: SearchMarket;
  readonly commissionPerContract: number;
  readonly now: number;
  readonly session: SessionKind;
  /** Null when the market could not say. */
  readonly events: CorporateEvents | null;
}

/** The facts of one contract of a candidate at its mid credit. */
export function candidateFacts(condor: ScoredCondor, ctx: FactsContext): CandidateFacts {
  const { put, call, credit } = condor;
  const costs = condorCosts({ longPut: put.long.mid, shortPut: put.short.mid, shortCall: call.short.mid, longCall: call.long.mid }, 1, ctx.commissionPerContract);
  const strikes = { longPut: put.long.contract.strike, shortPut: put.short.contract.strike, shortCall: call.short.contract.strike, longCall: call.long.contract.strike };
  const reduction = buyingPowerReduction(strikes, credit, 1);
  return {
    costs: costsView(costs, credit, ctx.commissionPerContract),
    popAfterCosts: condorPop(ctx.market, condor, put, call, credit - costs.perShare),
    expectedValueAfterCosts: condor.expectedValue - costs.perShare,
    buyingPower: { reduction, return_on_buying_power: Number(returnOnBuyingPower(credit * SHARES_PER_CONTRACT, reduction).toFixed(4)) },
    flags: tradeFlags({
      now: ctx.now,
      expiry: condor.expiry,
      session: ctx.session,
      events: ctx.events,
      spot: ctx.market.spot,
      shortCall: { strike: call.short.contract.strike, price: call.short.mid },
    }),
  };
}
