import { easternDay, earlyCloses, holidays } from '../calendar/exchange-calendar.js';
import { civil, formatDay, parseDay, weekday } from '../calendar/days.js';
import type { CorporateEvents, SessionKind } from '../ports/market-data.js';
import { money } from '../words/money.js';

/** What a trader checks about the calendar before selling a condor. */
export const FLAG_CODES = [
  'earnings_before_expiry',
  'earnings_unknown',
  'early_assignment_risk',
  'dividends_unknown',
  'holiday_before_expiry',
  'early_close_before_expiry',
  'outside_regular_hours',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

/** One thing to know before trading, with the date it concerns when there is one. */
export interface TradeFlag {
  readonly code: FlagCode;
  readonly date: string | null;
  readonly message: string;
}

/** A short leg as the flags need it: strike and price per share now. */
export interface ShortLeg {
  readonly strike: number;
  readonly price: number;
}

export interface FlagInputs {
  readonly now: number;
  readonly expiry: string;
  readonly session: SessionKind;
  /** Null when the lookup failed: both kinds of event are then unknown. */
  readonly events: CorporateEvents | null;
  /** The underlying's price, null when unknown (no assignment check then). */
  readonly spot: number | null;
  readonly shortCall: ShortLeg;
}


/**
 * The flags of a condor expiring on `expiry`, opened now: earnings and ex-dividend dates before expiry (a short
 * call in the money whose time value is below the dividend is likely assigned the day before the ex-date, Cboe's
 * rule of thumb), exchange holidays and early closes on the way, and prices read outside the regular session.
 * Events a provider does not publish are flagged unknown rather than taken as none.
 */
export function tradeFlags(inputs: FlagInputs): TradeFlag[] {
  const today = easternDay(inputs.now);
  const last = parseDay(inputs.expiry);
  if (last === undefined) return [];
  return [
    ...earningsFlags(inputs.events, today, last),
    ...dividendFlags(inputs, today, last),
    ...calendarFlags(today, last),
    ...(inputs.session === 'regular'
      ? []
      : [
          {
            code: 'outside_regular_hours' as const,
            date: null,
            message:
              inputs.session === 'demo'
                ? 'Prices come from a demo session outside the exchange’s regular hours; real options trade 9:30–16:00 New York only.'
                : 'The market is closed: prices are from the last close, and an order waits for the next regular session.',
          },
        ]),
  ];
}

const within = (date: string, from: number, to: number): boolean => {
  const day = parseDay(date);
  return day !== undefined && day >= from && day <= to;
};

function earningsFlags(events: CorporateEvents | null, today: number, last: number): TradeFlag[] {
  if (events?.earnings == null) {
    return [{ code: 'earnings_unknown', date: null, message: 'The market data source publishes no earnings calendar: check the company’s next report date yourself.' }];
  }
  return events.earnings
    .filter((date) => within(date, today, last))
    .map((date) => ({ code: 'earnings_before_expiry' as const, date, message: `Earnings are due on ${date}, before expiry: the price can gap past a short strike.` }));
}

function dividendFlags({ events, spot, shortCall }: FlagInputs, today: number, last: number): TradeFlag[] {
  if (events?.dividends == null) {
    return [{ code: 'dividends_unknown', date: null, message: 'Dividends before expiry are unknown: a short call in the money may be assigned early before an ex-date.' }];
  }
  if (spot === null) return [];
  const intrinsic = Math.max(0, spot - shortCall.strike);
  const extrinsic = Math.max(0, shortCall.price - intrinsic);
  return events.dividends
    .filter((d) => within(d.exDate, today + 1, last) && intrinsic > 0 && extrinsic < d.amount)
    .map((d) => ({
      code: 'early_assignment_risk' as const,
      date: d.exDate,
      message:
        `The short ${String(shortCall.strike)} call is in the money with ${money(extrinsic)} of time value, below the ${money(d.amount)} dividend ` +
        `going ex on ${d.exDate}: it is likely to be assigned the day before, leaving a short stock position.`,
    }));
}

function calendarFlags(today: number, last: number): TradeFlag[] {
  const flags: TradeFlag[] = [];
  for (let year = civil(today).year; year <= civil(last).year; year++) {
    for (const day of holidays(year)) {
      if (day > today && day <= last && weekday(day) !== 0 && weekday(day) !== 6) {
        flags.push({ code: 'holiday_before_expiry', date: formatDay(day), message: `The exchange is closed on ${formatDay(day)} (a holiday) before expiry.` });
      }
    }
    for (const day of earlyCloses(year)) {
      if (day >= today && day <= last) {
        flags.push({
          code: 'early_close_before_expiry',
          date: formatDay(day),
          message: `The exchange closes early (13:00 New York) on ${formatDay(day)}${day === last ? ', expiry day: the position must be managed by then' : ''}.`,
        });
      }
    }
  }
  return flags.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
}
