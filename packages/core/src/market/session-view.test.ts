import { describe, expect, it } from 'vitest';
import { exchangeSession } from './exchange-session.js';
import { marketSessionView } from './session-view.js';

const SUNDAY = Date.UTC(2026, 10, 22, 19, 3);
const TUESDAY = Date.UTC(2026, 1, 10, 15);

describe('the market session as callers see it', () => {
  it('says a closed market quotes the last close, and when it opens next', () => {
    expect(marketSessionView(exchangeSession(SUNDAY, true), SUNDAY)).toEqual({
      session: 'closed',
      simulated: true,
      source: null,
      source_words: null,
      quotes: 'last_close',
      time: '2026-11-22T19:03:00.000Z',
      quotes_as_of: '2026-11-20T21:00:00.000Z',
      closes_at: null,
      next_open: '2026-11-23T14:30:00.000Z',
      summary:
        'Simulated market, closed: it is Sunday 22 November 2026, 14:03 New York time, and quotes are those of the last close ' +
        '(Friday 20 November 2026, 16:00 New York time). The market opens next on Monday 23 November 2026, 09:30 New York time, ' +
        'in 19 h 27 min; orders can be proposed from then.',
    });
  });

  it('labels a demo session as simulated, live, and ending when the exchange opens', () => {
    const closed = exchangeSession(SUNDAY, true);
    const view = marketSessionView({ ...closed, kind: 'demo', closesAt: closed.nextOpen }, SUNDAY);
    expect(view).toMatchObject({ session: 'demo', simulated: true, quotes: 'live', quotes_as_of: '2026-11-22T19:03:00.000Z', closes_at: '2026-11-23T14:30:00.000Z' });
    expect(view.summary).toMatch(/^Simulated market, demo session: the exchange is closed \(it is Sunday 22 November 2026, 14:03 New York time\)/);
    expect(view.summary).toContain('none of them is a real quote');
  });

  it('gives the regular session its close, and a real market no "simulated"', () => {
    const view = marketSessionView(exchangeSession(TUESDAY, false), TUESDAY);
    expect(view).toMatchObject({ session: 'regular', simulated: false, quotes: 'live', closes_at: '2026-02-10T21:00:00.000Z', next_open: '2026-02-11T14:30:00.000Z' });
    expect(view.source).toBeNull();
    const named = marketSessionView({ ...exchangeSession(TUESDAY, false), source: { id: 'tastytrade:live', simulated: false, words: 'your tastytrade account' } }, TUESDAY);
    expect([named.source, named.source_words]).toEqual(['tastytrade:live', 'your tastytrade account']);
    expect(view.summary).toBe('Market, regular session: it is Tuesday 10 February 2026, 10:00 New York time; the session closes Tuesday 10 February 2026, 16:00 New York time.');
  });
});
