import * as v from 'valibot';
import type { TradeCosts } from './condor-costs.js';
import { OPTION_FEES } from './fee-table.js';

const dollars = (description: string) => v.pipe(v.number(), v.description(description));

const OrderCostsView = v.object({
  commission: dollars("The broker's commission (CONDOR_COMMISSION_PER_CONTRACT × contracts; Alpaca charges none)."),
  orf: dollars('Options Regulatory Fee on every contract.'),
  occ: dollars('OCC clearing fee on every contract, capped per leg.'),
  taf: dollars('FINRA Trading Activity Fee on contracts sold.'),
  sec: dollars('SEC fee on sale proceeds.'),
  cat: dollars('Consolidated Audit Trail fee per equivalent share.'),
  total: v.number(),
});

export const CostsView = v.pipe(
  v.object({
    fee_table: v.pipe(v.string(), v.description('Which dated table of rates the fees come from.')),
    commission_per_contract: v.number(),
    qty: v.number(),
    open: v.pipe(v.nullable(OrderCostsView), v.description('The legs this trade opens; null when it opens none.')),
    close: v.pipe(v.nullable(OrderCostsView), v.description('The legs it closes; for an entry, its later close as one order at today’s leg prices (an estimate).')),
    total: dollars('Opening and closing, all contracts.'),
    per_contract: dollars('Opening and closing one contract (one condor).'),
    per_share: dollars('The total over the shares controlled: what costs take off the credit per share.'),
    net_credit_after_costs: v.pipe(v.nullable(v.number()), v.description('Per share, an entry only: the credit less per_share.')),
  }),
  v.description('Dollars. Each fee rounded up to the cent, as the broker bills it.'),
);

const round = (x: number, places: number): number => Number(x.toFixed(places));

export function costsView(costs: TradeCosts, creditPerShare: number | null, commissionPerContract: number): v.InferOutput<typeof CostsView> {
  return {
    fee_table: `${OPTION_FEES.source}, as of ${OPTION_FEES.asOf}`,
    commission_per_contract: commissionPerContract,
    qty: costs.qty,
    open: costs.open,
    close: costs.close,
    total: costs.total,
    per_contract: round(costs.perContract, 4),
    per_share: round(costs.perShare, 6),
    net_credit_after_costs: creditPerShare === null ? null : round(creditPerShare - costs.perShare, 6),
  };
}

export const BuyingPowerView = v.pipe(
  v.object({
    reduction: dollars('What the position takes from options buying power: the wider wing × 100 × qty less the credit (its max loss at expiry).'),
    return_on_buying_power: v.pipe(v.number(), v.description('Max profit over the reduction.')),
  }),
  v.description('For the contracts named by qty.'),
);
