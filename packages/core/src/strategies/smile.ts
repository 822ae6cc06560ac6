import type { OptionType } from '../ports/market-data.js';
import { priceOption } from '../options/price-option.js';
import type { SmileShape, SpreadModel } from './types.js';

const MAX_STANDARD_MONEYNESS = 3.5;
const MIN_YEARS = 1e-6;

/** Standardised moneyness ln(K/F) / (σ_atm √T), clamped to ±3.5. */
export function standardMoneyness(atmVol: number, years: number, strike: number, forward: number): number {
  const z = Math.log(strike / forward) / (atmVol * Math.sqrt(Math.max(years, MIN_YEARS)));
  return Math.min(MAX_STANDARD_MONEYNESS, Math.max(-MAX_STANDARD_MONEYNESS, z));
}

/** The implied volatility of a strike on a smile of the given shape around the ATM level. */
export function smileVolatility(shape: SmileShape, atmVol: number, years: number, strike: number, forward: number): number {
  const z = standardMoneyness(atmVol, years, strike, forward);
  return atmVol * Math.max(0.5, 1 - shape.skew * z + shape.curvature * z * z);
}

/** The market a leg is priced in at one instant. */
export interface LegMarket {
  readonly spot: number;
  readonly years: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly atmVol: number;
  readonly smile: SmileShape;
  readonly spread: SpreadModel;
}

/** A leg's model mid, modelled bid and ask (bid never below 0), delta and volatility. */
export interface LegQuote {
  readonly mid: number;
  readonly bid: number;
  readonly ask: number;
  readonly delta: number;
  readonly volatility: number;
}

/** Prices one contract at the smile and quotes it with the modelled spread: width atm·(1 + perZ2·z²), at most the mid. */
export function quoteLeg(market: LegMarket, type: OptionType, strike: number): LegQuote {
  const { spot, years, rate, dividendYield, atmVol } = market;
  const forward = spot * Math.exp((rate - dividendYield) * years);
  const z = standardMoneyness(atmVol, years, strike, forward);
  const volatility = smileVolatility(market.smile, atmVol, years, strike, forward);
  const { price, delta } = priceOption({ type, spot, strike, years, rate, dividendYield, volatility });
  const width = Math.min(market.spread.atm * (1 + market.spread.perZ2 * z * z), price);
  return { mid: price, bid: Math.max(0, price - width / 2), ask: price + width / 2, delta, volatility };
}
