import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { DailyBar, MarketData, MarketDataError, OptionBarHistory } from '../ports/market-data.js';
import { condorLegs } from './model-vs-market.js';
import type { BacktestTrade } from './types.js';

/** Trades per request: their 400 legs at most, over the few months their entries span (Alpaca takes 100 symbols a request; the adapter splits). */
const TRADES_PER_ASK = 25;

/**
 * The option bars of the four legs of `trades` around their entry days, where the market keeps option bars: one ask
 * per `TRADES_PER_ASK` trades in entry order, each over its trades' first to last entry, so no ask spans the whole
 * history. Null where the market keeps none (no `optionBars`, or `unsupported`) or there is no trade.
 */
export function loadOptionBars(market: MarketData, root: string, trades: readonly BacktestTrade[]): ResultAsync<OptionBarHistory | null, MarketDataError> {
  if (market.optionBars === undefined || trades.length === 0) return okAsync(null);
  const ask = market.optionBars.bind(market);
  const ordered = [...trades].sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : 0));
  const asks: ResultAsync<OptionBarHistory, MarketDataError>[] = [];
  for (let at = 0; at < ordered.length; at += TRADES_PER_ASK) {
    const batch = ordered.slice(at, at + TRADES_PER_ASK);
    const [first, last] = [batch[0], batch.at(-1)];
    if (first === undefined || last === undefined) continue;
    const symbols = [...new Set(batch.flatMap((trade) => condorLegs(root, trade.expiry, trade.strikes).map((leg) => leg.symbol)))];
    asks.push(ask(symbols, first.entryDate, last.entryDate));
  }
  return ResultAsync.combine(asks)
    .map((answers): OptionBarHistory | null => merged(answers))
    .orElse((error) => (error.kind === 'unsupported' ? okAsync(null) : errAsync(error)));
}

/** The answers as one: a symbol asked in two batches keeps one bar per date. */
function merged(answers: readonly OptionBarHistory[]): OptionBarHistory | null {
  const first = answers[0];
  if (first === undefined) return null;
  const bars = new Map<string, Map<string, DailyBar>>();
  for (const answer of answers) {
    for (const [symbol, list] of answer.bars) {
      const byDate = bars.get(symbol) ?? new Map<string, DailyBar>();
      for (const bar of list) byDate.set(bar.date, bar);
      bars.set(symbol, byDate);
    }
  }
  const sorted = [...bars].map(([symbol, byDate]) => [symbol, [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1))] as const);
  return { since: first.since, bars: new Map(sorted) };
}
