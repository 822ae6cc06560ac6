import { normalCdf, normalPdf } from '@condor/core';
import { newYorkDate, type Contract, type FakeMarket } from '../tastytrade/fake-tastytrade-market.js';

export const DAY_MS = 86_400_000;
/** The fake's volatility at the money (the smile adds to it away from the money). */
export const VOLATILITY = 0.2;
/** The fake's risk-free rate, which chains also report as `interestRate` in percent. */
export const RATE = 0.0425;

/** A contract of a chain as Schwab answers it; the prices an option quote repeats are typed. */
export type OptionContractJson = Record<string, number | string | boolean> & { bid: number; ask: number; last: number; mark: number };

/** One contract of a chain, greeks from Black–Scholes at a 20 % volatility with a small smile. */
export function optionContractJson(contract: Contract, market: FakeMarket, now: () => number): OptionContractJson {
  const price = market.price(contract.root) ?? contract.strike;
  const mark = market.mark(contract);
  const dte = Math.max(0, Math.round((Date.parse(`${contract.expiration}T00:00:00Z`) - Date.parse(`${newYorkDate(now())}T00:00:00Z`)) / DAY_MS));
  const years = Math.max(dte, 0.5) / 365;
  const volatility = VOLATILITY + 0.1 * Math.abs(Math.log(contract.strike / price));
  const d1 = (Math.log(price / contract.strike) + (RATE + (volatility * volatility) / 2) * years) / (volatility * Math.sqrt(years));
  const call = contract.type === 'C';
  const delta = call ? normalCdf(d1) : normalCdf(d1) - 1;
  const gamma = normalPdf(d1) / (price * volatility * Math.sqrt(years));
  const vegaPerPoint = (price * normalPdf(d1) * Math.sqrt(years)) / 100;
  const thetaPerDay = -(price * normalPdf(d1) * volatility) / (2 * Math.sqrt(years)) / 365;
  const bid = round2(Math.max(0, mark - 0.03));
  const ask = round2(mark + 0.03);
  const at = now();
  return {
    putCall: call ? 'CALL' : 'PUT',
    symbol: contract.symbol,
    description: `${contract.root} ${contract.expiration} ${String(contract.strike)} ${call ? 'Call' : 'Put'}`,
    exchangeName: 'OPR',
    bid,
    ask,
    last: mark,
    mark,
    bidSize: 10,
    askSize: 12,
    bidAskSize: '10X12',
    lastSize: 1,
    highPrice: ask,
    lowPrice: bid,
    openPrice: 0,
    closePrice: mark,
    totalVolume: Math.round(500 * Math.exp(-Math.abs(contract.strike - price) / (price * 0.05))),
    tradeTimeInLong: at,
    quoteTimeInLong: at,
    netChange: 0,
    volatility: round3(volatility * 100),
    delta: round3(delta),
    gamma: round3(gamma),
    theta: round3(thetaPerDay),
    vega: round3(vegaPerPoint),
    rho: 0,
    openInterest: Math.round(2000 * Math.exp(-Math.abs(contract.strike - price) / (price * 0.08))),
    timeValue: round2(Math.max(0, mark - Math.max(0, call ? price - contract.strike : contract.strike - price))),
    theoreticalOptionValue: mark,
    theoreticalVolatility: 29,
    strikePrice: contract.strike,
    expirationDate: `${contract.expiration}T20:00:00.000+00:00`,
    daysToExpiration: dte,
    expirationType: isThirdFriday(contract.expiration) ? 'S' : 'W',
    lastTradingDay: Date.parse(`${contract.expiration}T20:00:00Z`),
    multiplier: 100,
    settlementType: 'P',
    deliverableNote: '100 ' + contract.root,
    percentChange: 0,
    markChange: 0,
    markPercentChange: 0,
    intrinsicValue: round2(Math.max(0, call ? price - contract.strike : contract.strike - price)),
    extrinsicValue: round2(Math.max(0, mark - Math.max(0, call ? price - contract.strike : contract.strike - price))),
    optionRoot: contract.root,
    exerciseType: 'A',
    high52Week: ask,
    low52Week: bid,
    nonStandard: false,
    pennyPilot: true,
    inTheMoney: call ? price > contract.strike : contract.strike > price,
    mini: false,
  };
}

/** A standard monthly expiration (Schwab's `S`) falls on the third Friday; every other date is a weekly (`W`). */
export const isThirdFriday = (date: string): boolean => Number(date.slice(8, 10)) >= 15 && Number(date.slice(8, 10)) <= 21;
const round2 = (value: number): number => Math.round(value * 100) / 100;
const round3 = (value: number): number => Math.round(value * 1000) / 1000;
