import { easternDay, formatDay, isTradingDay, parseDay } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { candleWorld, eventually, failure, value } from './dxlink-setup.js';
import { NOW } from './tastytrade-setup.js';

const THREE_YEARS_FROM = '2023-01-03';
const LAST_CLOSE = '2026-02-27';
const quoteTokenRequests = (fake: { requests: { path: string }[] }): number => fake.requests.filter((r) => r.path === '/api-quote-tokens').length;

describe('TastytradeMarketData over DXLink: daily bars', () => {
  it('reads three years of daily bars, ascending, one per trading day, dated in New York as the fake streamed them', async () => {
    const { fake, link } = await candleWorld();
    const bars = value(await link().dailyBars('spy', THREE_YEARS_FROM, LAST_CLOSE));
    expect(bars.length).toBeGreaterThan(3 * 250);
    expect(bars[0]!.date).toBe(THREE_YEARS_FROM);
    expect(bars.at(-1)!.date).toBe(LAST_CLOSE);
    expect(bars.every((bar, i) => i === 0 || bars[i - 1]!.date < bar.date)).toBe(true);
    expect(bars.every((bar) => isTradingDay(parseDay(bar.date)!))).toBe(true);
    const streamed = new Map(fake.dxlink.dailyHistory('SPY')!.map((candle) => [formatDay(easternDay(candle.time)), candle]));
    for (const bar of bars) expect(bar).toEqual({ date: bar.date, open: streamed.get(bar.date)!.open, high: streamed.get(bar.date)!.high, low: streamed.get(bar.date)!.low, close: streamed.get(bar.date)!.close, volume: streamed.get(bar.date)!.volume });
  });

  it('asks on the HISTORY contract for SPY{=1d} from a time, without toTime, and matches the events the server renamed to SPY{=d}', async () => {
    const { fake, link } = await candleWorld();
    value(await link().dailyBars('SPY', THREE_YEARS_FROM, LAST_CLOSE));
    expect(fake.dxlink.subscriptions).toEqual([{ token: fake.dxlink.issuedTokens[0], symbol: 'SPY{=1d}', fromTime: expect.any(Number) as unknown, contract: 'HISTORY' }]);
    expect(fake.dxlink.subscriptions[0]!.fromTime!).toBeLessThanOrEqual(Date.parse(`${THREE_YEARS_FROM}T05:00:00Z`));
  });

  it("leaves today's still-moving bar out during the session and takes it once the session has closed", async () => {
    const open = await candleWorld();
    expect(value(await open.link().dailyBars('SPY', '2026-02-23', '2026-03-02')).map((bar) => bar.date)).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27']);
    const closed = await candleWorld({ now: Date.parse('2026-03-02T21:30:00Z') });
    expect(value(await closed.link().dailyBars('SPY', '2026-02-27', '2026-03-02')).map((bar) => bar.date)).toEqual(['2026-02-27', '2026-03-02']);
  });

  it('reads the same bars whatever the end and shape of the snapshot: the sentinel, END on the oldest bar, the nested shape, a pending end', async () => {
    const styles = [{}, { end: 'flagged' as const }, { shape: 'nested' as const }, { pendingEnd: true }, { eventsPerFrame: 7 }];
    const answers = [];
    for (const style of styles) {
      const { link } = await candleWorld({ fake: { dxlink: style } });
      answers.push(value(await link().dailyBars('QQQ', '2025-01-02', LAST_CLOSE)));
    }
    expect(answers[0]!.length).toBeGreaterThan(250);
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('answers no bars for a symbol whose history is an empty snapshot (flags 14)', async () => {
    const { fake, link } = await candleWorld({ fake: { prices: { SPY: 605, XYZ: 40 }, dxlink: { symbols: { SPY: { price: 605, iv: 0.15 } } } } });
    expect(value(await link().dailyBars('XYZ', '2025-01-02', LAST_CLOSE))).toEqual([]);
    expect(fake.dxlink.subscriptions.map((s) => s.symbol)).toEqual(['XYZ{=1d}']);
  });
});

describe('TastytradeMarketData over DXLink: IV history', () => {
  it("gives each session's impVolatility from the candles", async () => {
    const { fake, link } = await candleWorld();
    const history = value(await link().ivHistory('AAPL', '2025-03-03', LAST_CLOSE));
    expect(history.length).toBeGreaterThan(240);
    const streamed = new Map(fake.dxlink.dailyHistory('AAPL')!.map((candle) => [formatDay(easternDay(candle.time)), candle.impVolatility]));
    for (const point of history) expect(point.volatility).toBe(streamed.get(point.date));
  });

  it('says it has none when no candle carries an implied volatility', async () => {
    const { link } = await candleWorld({ fake: { dxlink: { symbols: { SPY: { price: 605, iv: null } } } } });
    const market = link();
    expect(value(await market.dailyBars('SPY', '2025-03-03', LAST_CLOSE)).length).toBeGreaterThan(240);
    expect(failure(await market.ivHistory('SPY', '2025-03-03', LAST_CLOSE))).toEqual({ kind: 'unsupported', message: "tastytrade's daily candles of SPY carry no implied volatility" });
  });

  it('reads bars and IV of one range from one subscription', async () => {
    const { fake, link } = await candleWorld();
    const market = link();
    await Promise.all([market.dailyBars('SPY', '2025-03-03', LAST_CLOSE), market.ivHistory('SPY', '2025-03-03', LAST_CLOSE)]);
    expect(fake.dxlink.subscriptions).toHaveLength(1);
  });
});

describe('TastytradeMarketData over DXLink: one connection per link', () => {
  it('shares one connection between concurrent requests for different symbols, one subscription each', async () => {
    const { fake, link } = await candleWorld();
    const market = link();
    const [spy, qqq] = await Promise.all([market.dailyBars('SPY', '2025-03-03', LAST_CLOSE), market.dailyBars('QQQ', '2025-03-03', LAST_CLOSE)]);
    expect(value(spy).length).toBeGreaterThan(240);
    expect(value(qqq).length).toBeGreaterThan(240);
    const [token] = fake.dxlink.issuedTokens;
    expect(fake.dxlink.usage(token!)).toEqual({ connections: 1, subscriptions: 2 });
  });

  it('shares one subscription between concurrent requests for the same symbol', async () => {
    const { fake, link } = await candleWorld();
    const market = link();
    const [wide, narrow] = await Promise.all([market.dailyBars('SPY', '2024-03-01', LAST_CLOSE), market.dailyBars('SPY', '2025-03-03', LAST_CLOSE)]);
    expect(value(narrow)).toEqual(value(wide).filter((bar) => bar.date >= '2025-03-03'));
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[0]!)).toEqual({ connections: 1, subscriptions: 1 });
  });

  it('keeps each link to its own token and connection', async () => {
    const { fake, link } = await candleWorld();
    await Promise.all([link().dailyBars('SPY', '2025-03-03', LAST_CLOSE), link().dailyBars('SPY', '2025-03-03', LAST_CLOSE)]);
    expect(fake.dxlink.issuedTokens).toHaveLength(2);
    for (const token of fake.dxlink.issuedTokens) expect(fake.dxlink.usage(token)).toEqual({ connections: 1, subscriptions: 1 });
  });

  it('closes the connection once idle, and opens another with the cached token when asked again', async () => {
    const { fake, link } = await candleWorld();
    const market = link({ dxlink: { idleMs: 30 } });
    value(await market.dailyBars('SPY', '2025-03-03', LAST_CLOSE));
    await eventually(() => fake.dxlink.openConnections === 0);
    value(await market.dailyBars('QQQ', '2025-03-03', LAST_CLOSE));
    expect(quoteTokenRequests(fake)).toBe(1);
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[0]!)).toEqual({ connections: 2, subscriptions: 2 });
  });

  it('keeps an idle connection alive with keepalives past the server timeout', async () => {
    const { fake, link } = await candleWorld({ fake: { dxlink: { keepaliveSeconds: 0.1 } } });
    const market = link();
    value(await market.dailyBars('SPY', '2025-03-03', LAST_CLOSE));
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(fake.dxlink.openConnections).toBe(1);
    value(await market.dailyBars('QQQ', '2025-03-03', LAST_CLOSE));
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[0]!).connections).toBe(1);
  });

  it('subscribes again in smaller messages after the server closes with 1009', async () => {
    const { fake, link } = await candleWorld({ fake: { dxlink: { maxSubscriptionBytes: 200 } } });
    const market = link({ dxlink: { subscriptionsPerMessage: 4 } });
    const symbols = ['SPY', 'QQQ', 'IWM', 'AAPL'];
    for (const symbol of symbols) expect(value(await market.isTradeable(symbol))).toBe(true);
    const answers = await Promise.all(symbols.map((symbol) => market.dailyBars(symbol, '2025-03-03', LAST_CLOSE)));
    for (const answer of answers) expect(value(answer).length).toBeGreaterThan(240);
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[0]!)).toEqual({ connections: 2, subscriptions: 4 });
  });
});

describe('TastytradeMarketData over DXLink: tokens and failures', () => {
  it('asks for a new quote token when the streamer answers ERROR UNAUTHORIZED, and carries on', async () => {
    const { fake, link } = await candleWorld();
    const market = link({ dxlink: { idleMs: 30 } });
    value(await market.dailyBars('SPY', '2025-03-03', LAST_CLOSE));
    await eventually(() => fake.dxlink.openConnections === 0);
    fake.dxlink.revokeTokens();
    expect(value(await market.dailyBars('QQQ', '2025-03-03', LAST_CLOSE)).length).toBeGreaterThan(240);
    expect(quoteTokenRequests(fake)).toBe(2);
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[1]!)).toEqual({ connections: 1, subscriptions: 1 });
  });

  it('says so when even a new token is refused', async () => {
    const { fake, link } = await candleWorld({ fake: { dxlink: { tokenSeconds: 0 } } });
    const error = failure(await link().dailyBars('SPY', '2025-03-03', LAST_CLOSE));
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/refused a newly issued quote token/) as unknown });
    expect(quoteTokenRequests(fake)).toBe(2);
  });

  it('asks once more on a fresh connection when the socket drops part way, and answers the whole history', async () => {
    const { fake, link } = await candleWorld({ fake: { dxlink: { eventsPerFrame: 50 } } });
    fake.dxlink.failNextHistories('drop', { afterFrames: 3 });
    const bars = value(await link().dailyBars('SPY', THREE_YEARS_FROM, LAST_CLOSE));
    expect(bars[0]!.date).toBe(THREE_YEARS_FROM);
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[0]!)).toEqual({ connections: 2, subscriptions: 2 });
  });

  it('answers unavailable, saying how far back the history reached, when it stops early twice', async () => {
    const { fake, link } = await candleWorld({ fake: { dxlink: { eventsPerFrame: 50 } } });
    fake.dxlink.failNextHistories('drop', { afterFrames: 3, times: 2 });
    const error = failure(await link().dailyBars('SPY', THREE_YEARS_FROM, LAST_CLOSE));
    const reached = formatDay(easternDay(fake.dxlink.dailyHistory('SPY')![149]!.time));
    expect(error).toEqual({ kind: 'unavailable', message: expect.stringContaining(`stopped early (the connection closed) when its history of SPY reached back only to ${reached}`) as unknown });
    expect(error).toMatchObject({ message: expect.stringMatching(/asked from 2023-01-03 and does not use a partial history/) as unknown });
  });

  it('takes a history that goes quiet without an end as partial too', async () => {
    const { fake, link } = await candleWorld({ fake: { dxlink: { eventsPerFrame: 50 } } });
    fake.dxlink.failNextHistories('stall', { afterFrames: 2, times: 2 });
    const error = failure(await link({ dxlink: { quietMs: 100 } }).dailyBars('SPY', THREE_YEARS_FROM, LAST_CLOSE));
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/\(the stream went quiet\) when its history of SPY reached back only to \d{4}-\d{2}-\d{2}/) as unknown });
    expect(fake.dxlink.usage(fake.dxlink.issuedTokens[0]!).connections).toBe(2);
  });
});

it('dates NOW as a Monday session in New York (the fixtures above rely on it)', () => {
  expect(formatDay(easternDay(NOW))).toBe('2026-03-02');
});
