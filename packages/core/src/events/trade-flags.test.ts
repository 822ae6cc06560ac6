import { describe, expect, it } from 'vitest';
import { tradeFlags, type FlagInputs } from './trade-flags.js';

// Tue 24 Nov 2026, 10:00 New York: a regular session. Thanksgiving is Thu 26 Nov, the early close Fri 27 Nov.
const NOW = Date.UTC(2026, 10, 24, 15, 0);
const base: FlagInputs = {
  now: NOW,
  expiry: '2026-12-18',
  session: 'regular',
  events: { earnings: [], dividends: [] },
  spot: 100,
  shortCall: { strike: 110, price: 0.8 },
};
const codes = (inputs: FlagInputs) => tradeFlags(inputs).map((f) => [f.code, f.date]);

describe('tradeFlags', () => {
  it('names the exchange holiday and the early close between now and expiry, and nothing else when events are known and none', () => {
    expect(codes(base)).toEqual([
      ['holiday_before_expiry', '2026-11-26'],
      ['early_close_before_expiry', '2026-11-27'],
    ]);
  });

  it('flags earnings on or before expiry, not after', () => {
    const flags = codes({ ...base, events: { earnings: ['2026-12-10', '2027-01-20'], dividends: [] } });
    expect(flags).toContainEqual(['earnings_before_expiry', '2026-12-10']);
    expect(flags.filter(([code]) => code === 'earnings_before_expiry')).toHaveLength(1);
  });

  it('says earnings and dividends are unknown when the source does not publish them, or could not answer', () => {
    expect(codes({ ...base, events: { earnings: null, dividends: [] } })).toContainEqual(['earnings_unknown', null]);
    const none = codes({ ...base, events: null });
    expect(none).toContainEqual(['earnings_unknown', null]);
    expect(none).toContainEqual(['dividends_unknown', null]);
  });

  it('flags early assignment when the short call is in the money with less time value than a dividend going ex before expiry', () => {
    // Spot 120 over the 110 call: $10 intrinsic; priced 10.20, so $0.20 of time value against a $0.50 dividend.
    const deep = { ...base, spot: 120, shortCall: { strike: 110, price: 10.2 }, events: { earnings: [], dividends: [{ exDate: '2026-12-11', amount: 0.5 }] } };
    const [flag] = tradeFlags(deep).filter((f) => f.code === 'early_assignment_risk');
    expect(flag?.date).toBe('2026-12-11');
    expect(flag?.message).toContain('$0.20 of time value');
  });

  it('does not flag assignment for an out-of-the-money call, more time value than the dividend, or an ex-date after expiry', () => {
    const dividends = [{ exDate: '2026-12-11', amount: 0.5 }];
    const flagged = (inputs: FlagInputs) => tradeFlags(inputs).some((f) => f.code === 'early_assignment_risk');
    expect(flagged({ ...base, spot: 100, shortCall: { strike: 110, price: 0.1 }, events: { earnings: [], dividends } })).toBe(false);
    expect(flagged({ ...base, spot: 120, shortCall: { strike: 110, price: 11 }, events: { earnings: [], dividends } })).toBe(false);
    expect(flagged({ ...base, spot: 120, shortCall: { strike: 110, price: 10.2 }, events: { earnings: [], dividends: [{ exDate: '2026-12-21', amount: 0.5 }] } })).toBe(false);
  });

  it('flags prices read outside the regular session', () => {
    expect(codes({ ...base, session: 'demo' })).toContainEqual(['outside_regular_hours', null]);
    expect(codes({ ...base, session: 'closed' })).toContainEqual(['outside_regular_hours', null]);
  });

  it('flags an early close on expiry day itself', () => {
    const [flag] = tradeFlags({ ...base, expiry: '2026-11-27' }).filter((f) => f.code === 'early_close_before_expiry');
    expect(flag?.message).toContain('expiry day');
  });
});
