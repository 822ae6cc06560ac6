import { describe, expect, it } from 'vitest';
import { failure, START, startFakeMarket, value } from './alpaca-market-setup.js';
import { SPY_DIVIDENDS } from './fake-alpaca-data.js';

const CORPORATE_ACTIONS = '/v1/corporate-actions';
const dividend = (exDate: string) => {
  const found = SPY_DIVIDENDS.find((d) => d.exDate === exDate)!;
  return { exDate, amount: found.rate };
};

describe('AlpacaMarketData: events', () => {
  it('reads cash dividends by ex-date across pages, and says earnings are unknown', async () => {
    const { market, fake } = await startFakeMarket();
    fake.corporateActionPageSize = 2;
    const events = value(await market.events('spy', '2025-01-01', '2026-12-31'));
    expect(events).toEqual({ earnings: null, dividends: SPY_DIVIDENDS.map((d) => dividend(d.exDate)) });
    const requests = fake.requestsTo(CORPORATE_ACTIONS);
    expect(requests).toHaveLength(Math.ceil(SPY_DIVIDENDS.length / 2));
    expect(requests[0]!.query).toEqual({ symbols: 'SPY', types: 'cash_dividend', start: '2025-01-01', end: '2027-03-31', limit: '1000', sort: 'asc' });
    expect(requests.slice(1).every((r) => r.query.page_token !== undefined)).toBe(true);
  });

  it('finds a dividend that goes ex inside the range but is paid after it, and leaves out one paid inside but ex before', async () => {
    const { market } = await startFakeMarket();
    // 2025-12-19 is paid on 2026-01-30, 2026-03-20 on 2026-04-30: Alpaca dates both by the payment.
    expect(value(await market.events('SPY', '2026-01-01', '2026-03-20')).dividends).toEqual([dividend('2026-03-20')]);
    expect(value(await market.events('SPY', '2026-03-21', '2026-06-17')).dividends).toEqual([]);
  });

  it('adds up a regular and a special dividend on one ex-date, and ignores other symbols in the answer', async () => {
    const { market, fake } = await startFakeMarket();
    fake.cashDividends.push({ symbol: 'SPY', rate: 0.5, exDate: '2026-03-20', payableDate: '2026-04-30', special: true });
    fake.cashDividends.push({ symbol: 'QQQ', rate: 0.7, exDate: '2026-03-23', payableDate: '2026-04-30' });
    expect(value(await market.events('SPY', '2026-03-01', '2026-03-31')).dividends).toEqual([{ exDate: '2026-03-20', amount: 2.2565 }]);
    fake.replyNext(CORPORATE_ACTIONS, { corporate_actions: { cash_dividends: [{ symbol: 'QQQ', rate: 0.7, ex_date: '2026-04-01', process_date: '2026-04-30' }] }, next_page_token: null });
    expect(value(await market.events('SPY', '2026-04-01', '2026-04-10')).dividends).toEqual([]);
  });

  it('answers a range without dividends with an empty list, and a reversed range without asking', async () => {
    const { market, fake } = await startFakeMarket();
    expect(value(await market.events('SPY', '2026-04-01', '2026-05-01'))).toEqual({ earnings: null, dividends: [] });
    const asked = fake.requestsTo(CORPORATE_ACTIONS).length;
    expect(value(await market.events('SPY', '2026-05-01', '2026-04-01'))).toEqual({ earnings: null, dividends: [] });
    expect(fake.requestsTo(CORPORATE_ACTIONS)).toHaveLength(asked);
  });

  it('reuses a range for an hour', async () => {
    const { market, fake, clock } = await startFakeMarket();
    const first = value(await market.events('SPY', '2026-01-01', '2026-06-30'));
    expect(value(await market.events('SPY', '2026-01-01', '2026-06-30'))).toEqual(first);
    expect(fake.requestsTo(CORPORATE_ACTIONS)).toHaveLength(1);
    clock.now = START + 3_600_001;
    await market.events('SPY', '2026-01-01', '2026-06-30');
    expect(fake.requestsTo(CORPORATE_ACTIONS)).toHaveLength(2);
  });

  it('fails an unknown symbol with unknown_symbol and a malformed date as unavailable, without asking for actions', async () => {
    const { market, fake } = await startFakeMarket();
    expect(failure(await market.events('HALT', '2026-01-01', '2026-06-30'))).toEqual({ kind: 'unknown_symbol' });
    expect(failure(await market.events('SPY', '2026-01-01', '2026-06-31')).kind).toBe('unavailable');
    expect(fake.requestsTo(CORPORATE_ACTIONS)).toHaveLength(0);
  });

  it.each([
    ['no corporate_actions object', { corporate_actions: [] }],
    ['cash_dividends not a list', { corporate_actions: { cash_dividends: {} } }],
    ['a dividend without ex_date', { corporate_actions: { cash_dividends: [{ symbol: 'SPY', rate: 1.7 }] } }],
    ['an unreadable rate', { corporate_actions: { cash_dividends: [{ symbol: 'SPY', rate: 'lots', ex_date: '2026-03-20' }] } }],
    ['a negative rate', { corporate_actions: { cash_dividends: [{ symbol: 'SPY', rate: -1, ex_date: '2026-03-20' }] } }],
    ['not an object', [1, 2]],
  ])('maps a malformed answer (%s) to unavailable', async (_, body) => {
    const { market, fake } = await startFakeMarket();
    fake.replyNext(CORPORATE_ACTIONS, body);
    const error = failure(await market.events('SPY', '2026-01-01', '2026-06-30'));
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/unexpected shape/) as unknown });
  });

  it('maps a 429 to rate_limited with the delay to X-RateLimit-Reset', async () => {
    const { market, fake } = await startFakeMarket();
    fake.rateLimitNext(CORPORATE_ACTIONS, Math.ceil(START / 1000) + 30);
    expect(failure(await market.events('SPY', '2026-01-01', '2026-06-30'))).toEqual({ kind: 'rate_limited', retryAfterSeconds: 30 });
  });
});
