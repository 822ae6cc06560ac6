import type { Quote } from '../ports/market-data.js';

/** A quote's price: the mid of a two-sided market, else the last trade. */
export const quotePrice = (quote: Quote): number => (quote.bid > 0 && quote.ask >= quote.bid ? (quote.bid + quote.ask) / 2 : quote.last);
