import { sessionClose, sessionOpen, parseDay, type MultiLegOrder, type OptionContract } from '@condor/core';
import { FakeClock, marketDataContract, SeededIds } from '@condor/testkit';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SimBrokers } from './sim-brokers.js';
import { SimMarketData } from './sim-market-data.js';

const day = (date: string): number => parseDay(date)!;
const SUNDAY = Date.UTC(2026, 10, 22, 19, 3); // Sunday 2026-11-22, 14:03 New York
const FRIDAY_CLOSE = sessionClose(day('2026-11-20'));
const MONDAY_OPEN = sessionOpen(day('2026-11-23'));

const demo = (now: number, seed = 7) => {
  const clock = new FakeClock(now);
  return { clock, market: new SimMarketData(clock, seed, { session: 'demo' }) };
};
const exchange = (now: number, seed = 7) => new SimMarketData(new FakeClock(now), seed, { session: 'exchange' });

async function nearChain(market: SimMarketData, symbol = 'SPY'): Promise<readonly OptionContract[]> {
  const expiries = (await market.expirations(symbol))._unsafeUnwrap();
  return (await market.optionChain(symbol, expiries[3]!))._unsafeUnwrap();
}

marketDataContract('SimMarketData in a demo session on a Sunday', () =>
  Promise.resolve({ market: demo(SUNDAY).market, knownSymbol: 'SPY', unknownSymbol: 'ZZZZ' }),
);

describe('the demo session', () => {
  it('runs while the exchange is closed: fresh quotes and chains that move with the clock, labelled demo until the next open', async () => {
    const { clock, market } = demo(SUNDAY);
    expect((await market.session())._unsafeUnwrap()).toEqual({
      kind: 'demo',
      simulated: true,
      closesAt: MONDAY_OPEN,
      nextOpen: MONDAY_OPEN,
      lastClose: FRIDAY_CLOSE,
    });
    const lasts: number[] = [];
    for (let i = 0; i < 6; i++) {
      const quote = (await market.quote('SPY'))._unsafeUnwrap();
      expect(quote.time).toBe(clock.now());
      for (const contract of await nearChain(market)) expect(contract.quoteTime).toBe(clock.now());
      lasts.push(quote.last);
      clock.advance(60 * 60_000);
    }
    expect(new Set(lasts).size).toBeGreaterThan(3);
  });

  it('starts from the last close and ends at the next open, so the regular session continues from it', async () => {
    const atClose = (await exchange(FRIDAY_CLOSE).quote('SPY'))._unsafeUnwrap().last;
    const atOpen = (await exchange(MONDAY_OPEN).quote('SPY'))._unsafeUnwrap().last;
    const demoStart = (await demo(FRIDAY_CLOSE + 1).market.quote('SPY'))._unsafeUnwrap().last;
    const demoEnd = (await demo(MONDAY_OPEN - 1).market.quote('SPY'))._unsafeUnwrap().last;
    expect(Math.abs(demoStart - atClose)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(demoEnd - atOpen)).toBeLessThanOrEqual(0.02);
  });

  it('answers exactly as the exchange-hours market during the regular session', async () => {
    const tuesday = Date.UTC(2026, 1, 10, 15, 0);
    const [a, b] = [demo(tuesday).market, exchange(tuesday)];
    expect((await a.session())._unsafeUnwrap()).toEqual((await b.session())._unsafeUnwrap());
    expect((await a.session())._unsafeUnwrap().kind).toBe('regular');
    expect((await a.quote('AAPL'))._unsafeUnwrap()).toEqual((await b.quote('AAPL'))._unsafeUnwrap());
    expect(await nearChain(a, 'AAPL')).toEqual(await nearChain(b, 'AAPL'));
  });

  test.prop([fc.integer({ min: Date.UTC(2026, 0, 2, 22), max: Date.UTC(2027, 11, 31) }), fc.constantFrom('SPY', 'KO', 'TSLA')], { numRuns: 40 })(
    'is deterministic, and at any hour has fresh two-sided quotes that stay near the last close',
    async (now, symbol) => {
      const [a, b] = [demo(now).market, demo(now).market];
      const quote = (await a.quote(symbol))._unsafeUnwrap();
      expect(quote).toEqual((await b.quote(symbol))._unsafeUnwrap());
      expect(quote.time).toBe(now);
      expect(quote.bid).toBeGreaterThan(0);
      expect(quote.ask).toBeGreaterThanOrEqual(quote.bid);
      const closed = (await exchange(now).quote(symbol))._unsafeUnwrap();
      expect(Math.abs(Math.log(quote.last / closed.last))).toBeLessThan(0.15);
    },
  );

  it('lets the paper broker fill a marketable condor on a Sunday', async () => {
    const { clock, market } = demo(SUNDAY);
    const brokers = new SimBrokers(market, clock, new SeededIds());
    const broker = brokers.open({ ownerId: 'u1', broker: 'sim', environment: 'paper', credentials: null });
    const chain = await nearChain(market);
    const put = (strike: number) => chain.find((c) => c.type === 'put' && c.strike === strike)!;
    const call = (strike: number) => chain.find((c) => c.type === 'call' && c.strike === strike)!;
    const spot = (await market.quote('SPY'))._unsafeUnwrap().last;
    const strikes = [...new Set(chain.map((c) => c.strike))];
    const near = (target: number) => strikes.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best));
    const [sp, sc] = [near(spot * 0.95), near(spot * 1.05)];
    const legs = [put(sp - 5), put(sp), call(sc), call(sc + 5)];
    const mid = (c: OptionContract) => (c.bid + c.ask) / 2;
    const credit = mid(legs[1]!) + mid(legs[2]!) - mid(legs[0]!) - mid(legs[3]!);
    const order: MultiLegOrder = {
      clientOrderId: 'demo-order-1',
      qty: 1,
      limitPrice: -Math.floor(credit * 100) / 100,
      legs: [
        { symbol: legs[0]!.symbol, side: 'buy', intent: 'buy_to_open' },
        { symbol: legs[1]!.symbol, side: 'sell', intent: 'sell_to_open' },
        { symbol: legs[2]!.symbol, side: 'sell', intent: 'sell_to_open' },
        { symbol: legs[3]!.symbol, side: 'buy', intent: 'buy_to_open' },
      ],
    };
    expect((await broker.submit(order))._unsafeUnwrap().status).toBe('filled');
  });
});

describe('exchange hours', () => {
  it('hold quotes at the last close on a weekend and say the market is closed until Monday', async () => {
    const market = exchange(SUNDAY);
    expect((await market.session())._unsafeUnwrap()).toEqual({ kind: 'closed', simulated: true, closesAt: null, nextOpen: MONDAY_OPEN, lastClose: FRIDAY_CLOSE });
    expect((await market.quote('SPY'))._unsafeUnwrap().time).toBe(FRIDAY_CLOSE);
    for (const contract of await nearChain(market)) expect(contract.quoteTime).toBe(FRIDAY_CLOSE);
  });

  it('close at 13:00 New York on the day after Thanksgiving', async () => {
    const halfDay = day('2026-11-27');
    const market = exchange(Date.UTC(2026, 10, 27, 19));
    expect((await market.session())._unsafeUnwrap()).toMatchObject({ kind: 'closed', lastClose: sessionClose(halfDay) });
    expect(sessionClose(halfDay)).toBe(Date.UTC(2026, 10, 27, 18));
    expect((await market.quote('SPY'))._unsafeUnwrap().time).toBe(sessionClose(halfDay));
    const open = exchange(Date.UTC(2026, 10, 27, 17, 30));
    expect((await open.session())._unsafeUnwrap()).toMatchObject({ kind: 'regular', closesAt: sessionClose(halfDay) });
  });
});
