import { impliedVolatility } from './implied-volatility.js';

/** One strike's two-sided quote, per share. */
export interface QuotedOption {
  readonly type: 'call' | 'put';
  readonly strike: number;
  readonly bid: number;
  readonly ask: number;
}

/** What a mid is solved against: the underlying now, the years to expiry, the continuous rate and yield. */
export interface MidMarket {
  readonly spot: number;
  readonly years: number;
  readonly rate: number;
  readonly dividendYield: number;
}

/**
 * A contract's implied volatility when its provider gives none: backed out of the mid of the strike's
 * out-of-the-money side (no early-exercise premium there), else of the contract's own mid; undefined when neither
 * side has a bid or the solver finds no volatility, and without a market to solve against.
 * @example volatilityFromMids(chain, { type: 'put', strike: 600 }, { spot: 605, years: 0.08, rate: 0.04, dividendYield: 0 }); // 0.17…
 */
export function volatilityFromMids(
  quoted: readonly QuotedOption[],
  contract: Pick<QuotedOption, 'type' | 'strike'>,
  market: MidMarket | null,
): number | undefined {
  if (market === null || market.years <= 0) return undefined;
  const outOfTheMoney = contract.strike >= market.spot ? 'call' : 'put';
  return fromMid(quoted, outOfTheMoney, contract.strike, market) ?? fromMid(quoted, contract.type, contract.strike, market);
}

function fromMid(quoted: readonly QuotedOption[], type: 'call' | 'put', strike: number, market: MidMarket): number | undefined {
  const row = quoted.find((q) => q.type === type && q.strike === strike);
  if (row === undefined || row.bid <= 0) return undefined;
  const { spot, years, rate, dividendYield } = market;
  const iv = impliedVolatility({ type, strike, spot, years, rate, dividendYield, price: (row.bid + row.ask) / 2 });
  return iv.isOk() && Number.isFinite(iv.value) && iv.value > 0 ? iv.value : undefined;
}
