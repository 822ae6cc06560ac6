/**
 * The DXLink symbol of a ticker's candles of one period, without `tho=true`: regular-hours daily history was
 * reported cut short at 2018 (tastyware/tastytrade#199).
 * @example
 * candleSymbol('SPY'); // 'SPY{=1d}'
 */
export const candleSymbol = (ticker: string, period = '1d'): string => `${ticker}{=${period}}`;

const ATTRIBUTES = /^([^{]*)\{(.*)\}$/;
const PERIOD = /^(\d*(?:\.\d+)?)([A-Za-z]+)$/;

/**
 * The one spelling of a candle symbol that names the same candles however it is written: a count of 1 is dropped
 * from the period and the other attributes are sorted. tastytrade answers a subscription to `SPY{=1d}` with events
 * for `SPY{=d}`, so events are matched to subscriptions on this form.
 * @example
 * canonicalCandleSymbol('SPY{=1d}') === canonicalCandleSymbol('SPY{=d}'); // true
 */
export function canonicalCandleSymbol(symbol: string): string {
  const match = ATTRIBUTES.exec(symbol);
  if (!match) return symbol;
  const [, base = '', inside = ''] = match;
  const attributes = inside
    .split(',')
    .map((attribute) => attribute.trim())
    .filter((attribute) => attribute !== '');
  const period = attributes.find((attribute) => attribute.startsWith('='));
  const others = attributes.filter((attribute) => attribute !== period).sort();
  const canonical = period === undefined ? others : [`=${canonicalPeriod(period.slice(1))}`, ...others];
  return `${base}{${canonical.join(',')}}`;
}

function canonicalPeriod(period: string): string {
  const match = PERIOD.exec(period);
  if (!match) return period;
  const [, count = '', unit = ''] = match;
  return count === '' || Number(count) === 1 ? unit : `${Number(count)}${unit}`;
}
