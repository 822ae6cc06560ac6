import * as v from 'valibot';
import type { OptionBarHistory } from '../ports/market-data.js';
import { moneyUnsigned } from '../words/money.js';
import type { BacktestTrade, CondorStrikes } from './types.js';

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));
const round = (value: number, places: number): number => Number(value.toFixed(places));

export const ModelVsMarketView = described(
  v.nullable(
    v.object({
      since: described(v.string(), 'The first session the market keeps option bars for, YYYY-MM-DD (Alpaca: 2024-02-01).'),
      period: described(
        v.object({
          from: described(v.nullable(v.string()), 'Rank 1’s first entry on or after `since`, YYYY-MM-DD; null when none.'),
          to: described(v.nullable(v.string()), 'Rank 1’s last entry, YYYY-MM-DD; null when none.'),
        }),
        'The entries compared: rank 1’s, within the market’s option-bar history.',
      ),
      entries: described(v.number(), 'Rank 1’s entries in the period.'),
      entries_with_all_legs: described(v.number(), 'Of them, those whose four legs all traded on the entry day (a daily bar each): the ones compared.'),
      mean_credit_difference: described(
        v.nullable(v.number()),
        'Mean of the market’s entry credit less the model’s, dollars per share: the market’s from the four legs’ daily closes (end-of-day last trades), the model’s at the run’s fill rule; positive when the market paid more. Null when no entry had all four legs.',
      ),
      worst_credit_difference: described(v.nullable(v.number()), 'The difference of largest size, signed as the mean, dollars per share; null when no entry had all four legs.'),
      words: described(v.string(), 'What the figures mean, in a sentence or two.'),
    }),
  ),
  'Model against market: rank 1’s modelled entry credits set against the credits the market’s traded option bars give, where the person’s market keeps option bars; null where it keeps none (the simulated market) or there is no rank 1.',
);

export type ModelVsMarket = NonNullable<v.InferOutput<typeof ModelVsMarketView>>;

/** The compact OCC symbol of a contract: root, YYMMDD, C or P, strike × 1000 in eight digits ('SPY240621P00500000'). */
export function occSymbol(root: string, expiry: string, type: 'call' | 'put', strike: number): string {
  return `${root}${expiry.slice(2).replaceAll('-', '')}${type === 'call' ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`;
}

/** A condor's four legs as OCC symbols, with the sign each close adds to the credit (short +, long −). */
export function condorLegs(root: string, expiry: string, strikes: CondorStrikes): readonly { readonly symbol: string; readonly sign: 1 | -1 }[] {
  return [
    { symbol: occSymbol(root, expiry, 'put', strikes.longPut), sign: -1 },
    { symbol: occSymbol(root, expiry, 'put', strikes.shortPut), sign: 1 },
    { symbol: occSymbol(root, expiry, 'call', strikes.shortCall), sign: 1 },
    { symbol: occSymbol(root, expiry, 'call', strikes.longCall), sign: -1 },
  ];
}

/**
 * Counts rank 1's entries within the market's option-bar history whose four legs all traded on the entry day, and
 * sets the market's credit there (the legs' closes: short puts and calls less long ones) against the model's entry
 * credit. Pure: the bars were read beforehand (`loadOptionBars`).
 * @example
 * modelVsMarket(rankOne.trades, 'SPY', { since: '2024-02-01', bars }); // { entries: 40, entries_with_all_legs: 31, mean_credit_difference: 0.12, ... }
 */
export function modelVsMarket(trades: readonly BacktestTrade[], root: string, history: OptionBarHistory): ModelVsMarket {
  const closes = new Map<string, number>();
  for (const [symbol, bars] of history.bars) for (const bar of bars) closes.set(`${symbol}|${bar.date}`, bar.close);
  const inHistory = trades.filter((trade) => trade.entryDate >= history.since).sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : 0));
  const differences: number[] = [];
  for (const trade of inHistory) {
    let credit = 0;
    let traded = true;
    for (const { symbol, sign } of condorLegs(root, trade.expiry, trade.strikes)) {
      const close = closes.get(`${symbol}|${trade.entryDate}`);
      if (close === undefined) {
        traded = false;
        break;
      }
      credit += sign * close;
    }
    if (traded) differences.push(credit - trade.credit);
  }
  const mean = differences.length === 0 ? null : round(differences.reduce((sum, d) => sum + d, 0) / differences.length, 4);
  const worst = differences.reduce<number | null>((w, d) => (w === null || Math.abs(d) > Math.abs(w) ? d : w), null);
  const figures = {
    since: history.since,
    period: { from: inHistory[0]?.entryDate ?? null, to: inHistory.at(-1)?.entryDate ?? null },
    entries: inHistory.length,
    entries_with_all_legs: differences.length,
    mean_credit_difference: mean,
    worst_credit_difference: worst === null ? null : round(worst, 4),
  };
  return { ...figures, words: modelVsMarketWords(figures, trades.length) };
}

const side = (difference: number): string => (difference === 0 ? 'equal to' : `${moneyUnsigned(difference)} per share ${difference > 0 ? 'above' : 'below'}`);

function modelVsMarketWords(figures: Omit<ModelVsMarket, 'words'>, allEntries: number): string {
  const { since, entries, entries_with_all_legs: withAll, mean_credit_difference: mean, worst_credit_difference: worst } = figures;
  if (entries === 0) {
    return `None of rank 1’s ${String(allEntries)} entries falls within the market’s option bars (kept since ${since}), so its modelled prices could not be set against traded ones.`;
  }
  const counted = `Since ${since}, rank 1 entered ${String(entries)} times; on ${String(withAll)} of those days all four legs traded (a daily bar each).`;
  if (mean === null || worst === null) return `${counted} No entry could be set against the market’s prices.`;
  const largest = worst === 0 ? 'none differed' : `the largest difference was ${side(worst)} it`;
  return `${counted} There, the market’s credit from the legs’ closing trades (end of day) was on average ${side(mean)} the model’s entry credit at the run’s fill rule; ${largest}.`;
}
