import { normalCdf, normalPdf } from './normal.js';

/**
 * The undiscounted Black price of the out-of-the-money option at a total volatility s = σ√T (the
 * call when strike ≥ forward, else the put) and its derivative in s. Working on the OTM side keeps
 * the time value free of the cancellation an in-the-money price carries.
 */
export function otmBlack(forward: number, strike: number, totalVolatility: number): { price: number; vega: number } {
  const d1 = Math.log(forward / strike) / totalVolatility + totalVolatility / 2;
  const d2 = d1 - totalVolatility;
  const price =
    strike >= forward
      ? forward * normalCdf(d1) - strike * normalCdf(d2)
      : strike * normalCdf(-d2) - forward * normalCdf(-d1);
  return { price: Math.max(0, price), vega: forward * normalPdf(d1) };
}
