import { SIM_UNIVERSE } from '@condor/broker-sim';
import { DEFAULT_CORE_CONFIG } from '@condor/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { simTrader } from '../test/sim-trader.js';

/**
 * Search and gate agree: with default settings, every candidate find_iron_condors returns passes
 * propose_entry's gate for qty 1 at that moment — over tickers, search criteria and times, on the simulated
 * market keeping exchange hours or running its demo session. While the market is closed the search answers
 * from the last close (market.quotes "last_close") and the gate says market_closed instead.
 */

const TICKERS = SIM_UNIVERSE.filter((s) => s.tradeable).map((s) => s.symbol);

interface Found {
  market: { session: string; quotes: string };
  candidates: Record<string, unknown>[];
}

const trader = async (now: number, session: 'demo' | 'exchange') => (await simTrader(now, session)).call;

const criteriaArb = fc
  .record({
    dte_min: fc.integer({ min: 0, max: 60 }),
    dte_span: fc.integer({ min: 0, max: 60 }),
    short_delta_min: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
    band: fc.double({ min: 0.02, max: 0.25, noNaN: true }),
    wing_widths: fc.uniqueArray(fc.constantFrom(1, 2, 5, 10), { minLength: 1, maxLength: 3 }),
    min_credit: fc.constantFrom(0, 0.1, 0.3),
    max_leg_spread: fc.constantFrom(0.1, 0.5, 5),
    min_open_interest: fc.constantFrom(0, 10, 100, 1_000),
    sort_by: fc.constantFrom('pop', 'credit_to_width', 'return_on_risk', 'expected_value'),
    top_k: fc.integer({ min: 1, max: 10 }),
  })
  .map(({ dte_min, dte_span, short_delta_min, band, ...rest }) => ({
    ...rest,
    dte_min,
    dte_max: dte_min + dte_span,
    short_delta_min,
    short_delta_max: Math.min(0.5, short_delta_min + band),
  }));

describe('find_iron_condors and propose_entry agree', () => {
  test.prop(
    [
      fc.constantFrom(...TICKERS),
      fc.integer({ min: Date.UTC(2026, 0, 5), max: Date.UTC(2027, 5, 30) }),
      fc.constantFrom('demo' as const, 'exchange' as const),
      criteriaArb,
    ],
    { numRuns: 40 },
  )('every candidate passes the gate for qty 1 at that moment, or the market is closed and both say so', async (ticker, now, session, criteria) => {
    const call = await trader(now, session);
    const search = await call('find_iron_condors', { ticker, ...criteria });
    expect(search.ok, JSON.stringify(search.value)).toBe(true);
    const found = search.value as unknown as Found;
    if (session === 'demo') expect(found.market.quotes).toBe('live');
    if (found.market.quotes === 'last_close') {
      expect(found.market.session).toBe('closed');
      for (const candidate of found.candidates.slice(0, 1)) {
        const refused = await call('propose_entry', { candidate, qty: 1 });
        expect(refused.value).toMatchObject({ error: 'ENTRY_REJECTED', received: { market_closed: { next_open: expect.any(String) } } });
      }
      return;
    }
    for (const candidate of found.candidates) {
      const proposed = await call('propose_entry', { candidate, qty: 1 });
      expect(proposed.ok, `${ticker} ${new Date(now).toISOString()} ${session}: ${JSON.stringify(proposed.value)}`).toBe(true);
    }
  });

  test.prop([fc.constantFrom('SPY', 'QQQ', 'IWM', 'AAPL', 'TSLA'), fc.integer({ min: Date.UTC(2026, 0, 5), max: Date.UTC(2027, 5, 30) })], { numRuns: 15 })(
    "with find_iron_condors' own defaults, the README's search in a demo session returns candidates, and all pass",
    async (ticker, now) => {
      const call = await trader(now, 'demo');
      const found = (await call('find_iron_condors', { ticker, dte_min: 25, dte_max: 50, wing_widths: [5, 10], top_k: 3 })).value as unknown as Found;
      expect(found.candidates.length).toBeGreaterThan(0);
      for (const candidate of found.candidates) expect((await call('propose_entry', { candidate, qty: 1 })).ok).toBe(true);
    },
  );

  test.prop([fc.integer({ min: Date.UTC(2026, 0, 5), max: Date.UTC(2027, 5, 30) })], { numRuns: 30 })(
    "the README's first walk at any hour: its search's candidate, and then its position, take a band to the natural price",
    async (now) => {
      const t = await simTrader(now, 'demo', { ...DEFAULT_CORE_CONFIG, approvalPolicy: 'confirm' });
      const pricing = { mode: 'fast', worst_price: 'natural' };
      const found = (await t.call('find_iron_condors', { ticker: 'SPY', top_k: 1, min_credit_to_width: 0.2 })).value as unknown as Found;
      const entry = await t.call('propose_entry', { candidate: found.candidates[0], qty: 1, pricing });
      expect(entry.ok, `${new Date(now).toISOString()}: ${JSON.stringify(entry.value)}`).toBe(true);
      t.clock.advance(6_000);
      expect((await t.call('confirm_proposal', { proposal_id: entry.value['proposal_id'] })).ok).toBe(true);
      const [position] = (await t.call('get_positions')).value['positions'] as { position_id: string; status: string }[];
      expect(position?.status).toBe('open');
      const exit = await t.call('propose_exit', { position_id: position?.position_id, pricing });
      expect(exit.ok, `${new Date(now).toISOString()}: ${JSON.stringify(exit.value)}`).toBe(true);
    },
  );
});
