import { bandRangeWords, oneSide, perShareWords } from '../words/band.js';
import { moneyUnsigned } from '../words/money.js';
import { tenths } from '../words/percent.js';
import { secondsWords } from '../words/time.js';
import type { BandEffect, BandRow, EntryBandEffect, ExitBandEffect, TicketBand } from './ticket-types.js';

/** The band's figures, before they are put in words. */
export type BandFigures = Omit<TicketBand, 'rows' | 'words' | 'walkWords' | 'approveWords'>;

const andList = (items: readonly string[]): string => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`);
const breakevenWords = (breakevens: readonly number[]): string => andList(breakevens.map((b) => b.toFixed(2)));
/** Prices on one side of zero say credit or debit once, in the sentence before them; across zero, each says it. */
const pricesWords = (prices: readonly number[]): string[] => prices.map(oneSide(prices) ? moneyUnsigned : perShareWords);
const singlePrice = (band: BandFigures): boolean => band.startPrice === band.worstPrice;

/**
 * The sentence a person reads before approving: the band, and what a fill at its worst price means.
 * @example bandSentence(band, false)
 * // 'You approve a credit of $1.25 down to $1.20 per share: at $1.20 the max loss is $380.00, breakevens 543.80 and 601.20, return on risk 31.6%.'
 */
export function bandSentence(band: BandFigures, firstOfTwo: boolean): string {
  const range = bandRangeWords(band.startPrice, band.worstPrice);
  const scope = firstOfTwo ? ', for the first of the two orders' : '';
  if (singlePrice(band)) return `You approve one price, ${range}${scope}.`;
  const [, at = ''] = pricesWords([band.startPrice, band.worstPrice]);
  return `You approve ${range}${scope}${band.atWorst === null ? '' : `: at ${at} ${effectWords(band.atWorst)}`}.`;
}

function effectWords(effect: BandEffect): string {
  switch (effect.kind) {
    case 'entry': {
      const breakevens = effect.breakevens.length === 0 ? '' : `, breakevens ${breakevenWords(effect.breakevens)}`;
      const ratio = effect.returnOnRisk === null ? '' : `, return on risk ${tenths(effect.returnOnRisk)}`;
      return `the max loss is ${moneyUnsigned(effect.maxLoss)}${breakevens}${ratio}`;
    }
    case 'exit': {
      const opened = `the ${moneyUnsigned(effect.entryCredit)} credit it was opened for`;
      if (effect.debit <= 0) return `closing brings in ${moneyUnsigned(effect.debit)}, ${moneyUnsigned(effect.result)} in all with ${opened}`;
      if (effect.result >= 0) return `closing costs ${moneyUnsigned(effect.debit)}, keeping ${moneyUnsigned(effect.result)} of ${opened}`;
      return `closing costs ${moneyUnsigned(effect.debit)}, a loss of ${moneyUnsigned(effect.result)} after ${opened}`;
    }
  }
}

/**
 * How the order walks the band, and when it is cancelled.
 * @example walkWords(band) // 'The order walks through 4 prices ($1.25, $1.24, $1.22, $1.20), moving every 10 s, and rests 2 min at the worst price; unfilled then, it is cancelled: 2 min 30 s in all.'
 */
export function walkWords(band: BandFigures): string {
  const count = band.steps.length;
  if (count <= 1) return `The order is not walked: it rests ${secondsWords(band.timeLimitSeconds)} at that price and is then cancelled if unfilled.`;
  const finalRest = band.timeLimitSeconds - (count - 1) * band.stepSeconds;
  return (
    `The order walks through ${String(count)} prices (${pricesWords(band.steps).join(', ')}), moving every ${secondsWords(band.stepSeconds)}, ` +
    `and rests ${secondsWords(finalRest)} at the worst price; unfilled then, it is cancelled: ${secondsWords(band.timeLimitSeconds)} in all.`
  );
}

/** What pressing Approve covers: the whole band, nothing beyond it. */
export function approveWords(band: BandFigures): string {
  const range = bandRangeWords(band.startPrice, band.worstPrice);
  return singlePrice(band) ? `Approve covers one price, ${range}, and nothing worse.` : `Approve covers every price from ${range}, and nothing worse.`;
}

/** A fill at the start price beside one at the worst, line by line; none for a one-price band or an unknown effect. */
export function bandRows(band: BandFigures): BandRow[] {
  const { atStart: start, atWorst: worst } = band;
  if (singlePrice(band) || start === null || worst === null) return [];
  if (start.kind === 'entry' && worst.kind === 'entry') return entryRows(rowsOf(start, worst));
  if (start.kind === 'exit' && worst.kind === 'exit') return exitRows(rowsOf(start, worst), start.entryCredit);
  return [];
}

type Row<E> = (label: string, words: (effect: E) => string) => BandRow;
const rowsOf =
  <E>(start: E, worst: E): Row<E> =>
  (label, words) => ({ label, atStart: words(start), atWorst: words(worst) });
const priceRow = <E extends BandEffect>(row: Row<E>): BandRow => row('Price', (e) => `${perShareWords(e.price)} per share`);

const entryRows = (row: Row<EntryBandEffect>): BandRow[] => [
  priceRow(row),
  row('Credit, all contracts', (e) => moneyUnsigned(e.credit)),
  row('Max loss', (e) => moneyUnsigned(e.maxLoss)),
  row('Breakevens', (e) => (e.breakevens.length === 0 ? 'none' : breakevenWords(e.breakevens))),
  row('Return on risk', (e) => (e.returnOnRisk === null ? 'not applicable' : tenths(e.returnOnRisk))),
];

const exitRows = (row: Row<ExitBandEffect>, entryCredit: number): BandRow[] => [
  priceRow(row),
  row('To close, all contracts', (e) => (e.debit > 0 ? `costs ${moneyUnsigned(e.debit)}` : `brings in ${moneyUnsigned(e.debit)}`)),
  row(`Result on the ${moneyUnsigned(entryCredit)} opening credit`, (e) => `${moneyUnsigned(e.result)} ${e.result >= 0 ? 'kept' : 'lost'}`),
];
