import type { OptionContract, OptionType } from '../ports/market-data.js';
import { SEPARATE_COLUMNS, type Columns } from '../columns/columns.js';
import { isFresh, isOpenable } from './entry-rules.js';
import { legGreeks, pricedLeg, usableVolatility } from './legs.js';
import { expectedPayout } from './payout.js';
import { strikeKey } from './spreads.js';
import type { ExpiryChain, PricedLeg, SearchCriteria, SearchMarket } from './types.js';

/**
 * The usable legs of one option type of one expiry, sorted by strike, held as columns: the search reads
 * numbers per leg and builds a `PricedLeg` (greeks, expected payout) only for legs it returns or ranks by.
 */
export class LegColumns {
  readonly strikes: Float64Array;
  readonly strikeKeys: Float64Array;
  readonly mids: Float64Array;
  private readonly payouts: Float64Array;
  private readonly legs: (PricedLeg | undefined)[] = [];

  constructor(
    readonly type: OptionType,
    readonly contracts: readonly OptionContract[],
    readonly volatilities: Float64Array,
    private readonly market: SearchMarket,
    private readonly years: number,
    private readonly criteria: SearchCriteria,
    columns: Columns = SEPARATE_COLUMNS,
  ) {
    const n = contracts.length;
    this.strikes = columns.float64(n);
    this.strikeKeys = columns.float64(n);
    this.mids = columns.float64(n);
    for (let i = 0; i < n; i++) {
      const contract = contracts[i] as OptionContract;
      this.strikes[i] = contract.strike;
      this.strikeKeys[i] = strikeKey(contract.strike);
      this.mids[i] = (contract.bid + contract.ask) / 2;
    }
    this.payouts = columns.float64(n).fill(Number.NaN);
  }

  get length(): number {
    return this.contracts.length;
  }

  delta(i: number): number {
    return legGreeks(this.contract(i), this.market, this.years, this.volatilities[i] as number).delta;
  }

  /** Expected payout at expiry per share, computed once per leg. */
  payout(i: number): number {
    let value = this.payouts[i] as number;
    if (Number.isNaN(value)) {
      value = expectedPayout(this.type, this.strikes[i] as number, this.volatilities[i] as number, this.market, this.years, this.criteria);
      this.payouts[i] = value;
    }
    return value;
  }

  leg(i: number): PricedLeg {
    let leg = this.legs[i];
    if (leg === undefined) {
      leg = pricedLeg(this.contract(i), this.market, this.years, this.volatilities[i] as number);
      this.legs[i] = leg;
    }
    return leg;
  }

  private contract(i: number): OptionContract {
    return this.contracts[i] as OptionContract;
  }
}

/**
 * The out-of-the-money put and call legs of a chain that meet the entry rules (liquidity, open interest and, for live
 * quotes, quote age) and the caller's limits, each side sorted by strike (stable: ties keep chain order).
 */
export function legColumns(market: SearchMarket, chain: ExpiryChain, criteria: SearchCriteria, columns: Columns = SEPARATE_COLUMNS): Record<OptionType, LegColumns> {
  const { liveAt } = criteria;
  const sides = { put: { contracts: [] as OptionContract[], volatilities: [] as number[] }, call: { contracts: [] as OptionContract[], volatilities: [] as number[] } };
  for (const contract of chain.contracts) {
    // A condor's four legs are all out of the money: in-the-money contracts are never read.
    if (contract.type === 'put' ? !(contract.strike < market.spot) : !(contract.strike > market.spot)) continue;
    if (!isOpenable(contract) || (liveAt !== undefined && !isFresh(contract, liveAt))) continue;
    const volatility = usableVolatility(contract, market, chain.years, criteria);
    if (volatility === null) continue;
    const side = sides[contract.type];
    side.contracts.push(contract);
    side.volatilities.push(volatility);
  }
  const sideColumns = (type: OptionType): LegColumns => {
    const { contracts, volatilities } = sortedByStrike(sides[type].contracts, sides[type].volatilities);
    const column = columns.float64(volatilities.length);
    column.set(volatilities);
    return new LegColumns(type, contracts, column, market, chain.years, criteria, columns);
  };
  return { put: sideColumns('put'), call: sideColumns('call') };
}

/** Chains usually arrive sorted: sort only when they do not. */
function sortedByStrike(contracts: OptionContract[], volatilities: number[]) {
  const sorted = contracts.every((c, i) => i === 0 || (contracts[i - 1] as OptionContract).strike <= c.strike);
  if (sorted) return { contracts, volatilities };
  const order = contracts.map((_, i) => i).sort((a, b) => (contracts[a] as OptionContract).strike - (contracts[b] as OptionContract).strike);
  return { contracts: order.map((i) => contracts[i] as OptionContract), volatilities: order.map((i) => volatilities[i] as number) };
}
