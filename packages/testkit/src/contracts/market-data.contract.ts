import type { MarketData, MarketDataError } from '@condor/core';
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';

/** What a market adapter under test is set up with. */
export interface MarketDataFixture {
  readonly market: MarketData;
  /**
   * A tradeable underlying with listed options, at least a year of history, and at least one known earnings
   * date or dividend in the year around its quote (six months either side).
   */
  readonly knownSymbol: string;
  /** A symbol the market does not trade. */
  readonly unknownSymbol: string;
  /** Whether the provider keeps an implied-volatility history (default true); without one, `ivHistory` is `unsupported`. */
  readonly offersIvHistory?: boolean;
  /** Whether the provider serves daily bars (default true); without them, `dailyBars` is `unsupported`. */
  readonly offersDailyBars?: boolean;
}

const DAY_MS = 86_400_000;
const OCC = /^([A-Z0-9.]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

const day = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const isoDate = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);
const isWeekday = (days: number): boolean => ![0, 6].includes((days + 4) % 7);

function value<T>(result: Result<T, MarketDataError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/**
 * The behaviour every MarketData adapter must show. `make` returns a market (with the clock, if any,
 * at a time the market has data for), a symbol it trades with options and a symbol it does not.
 */
export function marketDataContract(adapter: string, make: () => Promise<MarketDataFixture>): void {
  describe(`MarketData contract: ${adapter}`, () => {
    it('tells tradeable symbols from unknown ones', async () => {
      const { market, knownSymbol, unknownSymbol } = await make();
      expect(value(await market.isTradeable(knownSymbol))).toBe(true);
      expect(value(await market.isTradeable(unknownSymbol))).toBe(false);
    });

    it('fails every lookup of an unknown symbol with unknown_symbol', async () => {
      const { market, unknownSymbol } = await make();
      const failures = await Promise.all([
        market.quote(unknownSymbol),
        market.expirations(unknownSymbol),
        market.optionChain(unknownSymbol, '2030-01-18'),
        market.dailyBars(unknownSymbol, '2025-01-01', '2025-02-01'),
        market.ivHistory(unknownSymbol, '2025-01-01', '2025-02-01'),
        market.dividendYield(unknownSymbol),
        market.events(unknownSymbol, '2025-01-01', '2025-12-31'),
      ]);
      for (const failure of failures) expect(failure._unsafeUnwrapErr()).toEqual({ kind: 'unknown_symbol' });
    });

    it('quotes a positive two-sided market with its time', async () => {
      const { market, knownSymbol } = await make();
      const quote = value(await market.quote(knownSymbol));
      expect(quote.symbol).toBe(knownSymbol.toUpperCase());
      expect(quote.bid).toBeGreaterThan(0);
      expect(quote.bid).toBeLessThanOrEqual(quote.ask);
      expect(quote.last).toBeGreaterThan(0);
      expect(Number.isFinite(quote.time)).toBe(true);
    });

    it('lists expirations ascending, unique and not before the quote date', async () => {
      const { market, knownSymbol } = await make();
      const quote = value(await market.quote(knownSymbol));
      const expiries = value(await market.expirations(knownSymbol));
      expect(expiries.length).toBeGreaterThan(0);
      for (const expiry of expiries) expect(expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect([...new Set(expiries)].sort()).toEqual(expiries);
      expect(expiries[0]! >= isoDate(Math.floor(quote.time / DAY_MS) - 1)).toBe(true);
    });

    it('returns a chain of one expiry with calls and puts, sane markets and sorted strikes', async () => {
      const { market, knownSymbol } = await make();
      const expiries = value(await market.expirations(knownSymbol));
      const expiry = expiries[Math.min(3, expiries.length - 1)]!;
      const chain = value(await market.optionChain(knownSymbol, expiry));
      expect(chain.length).toBeGreaterThan(10);
      expect(new Set(chain.map((c) => c.type))).toEqual(new Set(['call', 'put']));
      const strikes = chain.map((c) => c.strike);
      expect([...strikes].sort((a, b) => a - b)).toEqual(strikes);
      for (const contract of chain) {
        expect(contract.expiry).toBe(expiry);
        expect(contract.strike).toBeGreaterThan(0);
        expect(contract.bid).toBeGreaterThanOrEqual(0);
        expect(contract.bid).toBeLessThanOrEqual(contract.ask);
        expect(contract.openInterest).toBeGreaterThanOrEqual(0);
        expect(contract.volume).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(contract.quoteTime)).toBe(true);
        if (contract.volatility !== null) expect(contract.volatility).toBeGreaterThan(0);
        if (contract.greeks) {
          const { delta } = contract.greeks;
          expect(contract.type === 'call' ? delta >= 0 && delta <= 1 : delta <= 0 && delta >= -1).toBe(true);
        }
      }
    });

    it('names each contract by an OCC symbol that parses back to its fields', async () => {
      const { market, knownSymbol } = await make();
      const [expiry] = value(await market.expirations(knownSymbol));
      const chain = value(await market.optionChain(knownSymbol, expiry!));
      expect(new Set(chain.map((c) => c.symbol)).size).toBe(chain.length);
      for (const contract of chain) {
        const match = OCC.exec(contract.symbol);
        expect(match, contract.symbol).not.toBeNull();
        const [, root, yy, mm, dd, cp, strike] = match!;
        expect(root).toBe(knownSymbol.toUpperCase());
        expect(`20${yy!}-${mm!}-${dd!}`).toBe(contract.expiry);
        expect(cp).toBe(contract.type === 'call' ? 'C' : 'P');
        expect(Number(strike) / 1000).toBe(contract.strike);
      }
    });

    it('answers an unlisted expiry with an empty chain', async () => {
      const { market, knownSymbol } = await make();
      expect(value(await market.optionChain(knownSymbol, '1999-01-15'))).toEqual([]);
    });

    it('returns a year of daily bars ascending, weekdays only, without missing sessions, or says it serves none', async () => {
      const { market, knownSymbol, offersDailyBars = true } = await make();
      if (!offersDailyBars) {
        const refusal = await market.dailyBars(knownSymbol, '2025-01-01', '2025-12-31');
        expect(refusal._unsafeUnwrapErr()).toMatchObject({ kind: 'unsupported', message: expect.stringMatching(/\S/) as unknown });
        return;
      }
      const quote = value(await market.quote(knownSymbol));
      const to = Math.floor(quote.time / DAY_MS);
      const bars = value(await market.dailyBars(knownSymbol, isoDate(to - 365), isoDate(to)));
      expect(bars.length).toBeGreaterThanOrEqual(240);
      bars.forEach((bar, i) => {
        expect(isWeekday(day(bar.date))).toBe(true);
        expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
        expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
        expect(bar.low).toBeGreaterThan(0);
        expect(bar.volume).toBeGreaterThanOrEqual(0);
        const before = bars[i - 1];
        if (!before) return;
        const gap = day(bar.date) - day(before.date);
        const weekdaysSkipped = Array.from({ length: gap - 1 }, (_, k) => day(before.date) + k + 1).filter(isWeekday);
        expect(gap).toBeGreaterThan(0);
        expect(weekdaysSkipped.length, `${before.date} → ${bar.date}`).toBeLessThanOrEqual(2);
      });
    });

    it('returns an IV history by session, ascending, each value in (0, 3), or says it keeps none', async () => {
      const { market, knownSymbol, offersIvHistory = true } = await make();
      if (!offersIvHistory) {
        const refusal = await market.ivHistory(knownSymbol, '2025-01-01', '2025-12-31');
        expect(refusal._unsafeUnwrapErr()).toMatchObject({ kind: 'unsupported', message: expect.stringMatching(/\S/) as unknown });
        return;
      }
      const quote = value(await market.quote(knownSymbol));
      const to = Math.floor(quote.time / DAY_MS);
      const history = value(await market.ivHistory(knownSymbol, isoDate(to - 365), isoDate(to)));
      expect(history.length).toBeGreaterThanOrEqual(240);
      const dates = history.map((point) => point.date);
      expect([...new Set(dates)].sort()).toEqual(dates);
      for (const point of history) {
        expect(point.volatility).toBeGreaterThan(0);
        expect(point.volatility).toBeLessThan(3);
      }
    });

    it('reports its session: open until a close before the next open, or closed since the last close', async () => {
      const { market } = await make();
      const session = value(await market.session());
      expect(['regular', 'demo', 'closed']).toContain(session.kind);
      expect(session.lastClose).toBeLessThan(session.nextOpen);
      if (session.kind === 'closed') expect(session.closesAt).toBeNull();
      else expect(session.closesAt! > session.lastClose && session.closesAt! <= session.nextOpen).toBe(true);
    });

    it('knows a risk-free rate and the dividend yield', async () => {
      const { market, knownSymbol } = await make();
      const rate = value(await market.riskFreeRate());
      const dividendYield = value(await market.dividendYield(knownSymbol));
      expect(rate).toBeGreaterThan(-0.05);
      expect(rate).toBeLessThan(0.25);
      expect(dividendYield).toBeGreaterThanOrEqual(0);
      expect(dividendYield).toBeLessThan(0.2);
    });

    it('lists events in the range, ascending, and the same ones when asked for part of the range', async () => {
      const { market, knownSymbol } = await make();
      const quoted = Math.floor(value(await market.quote(knownSymbol)).time / DAY_MS);
      const [from, to] = [isoDate(quoted - 182), isoDate(quoted + 182)];
      const { earnings, dividends } = value(await market.events(knownSymbol, from, to));
      const exDates = dividends?.map((dividend) => dividend.exDate) ?? [];
      expect((earnings?.length ?? 0) + exDates.length).toBeGreaterThan(0);
      for (const dates of [earnings ?? [], exDates]) {
        expect([...new Set(dates)].sort()).toEqual(dates);
        for (const date of dates) {
          expect(date >= from && date <= to, date).toBe(true);
          expect(isWeekday(day(date)), date).toBe(true);
        }
      }
      for (const dividend of dividends ?? []) expect(dividend.amount).toBeGreaterThan(0);
      const middle = isoDate(quoted);
      const firstHalf = value(await market.events(knownSymbol, from, middle));
      expect(firstHalf.earnings).toEqual(earnings && earnings.filter((date) => date <= middle));
      expect(firstHalf.dividends).toEqual(dividends && dividends.filter((dividend) => dividend.exDate <= middle));
    });
  });
}
