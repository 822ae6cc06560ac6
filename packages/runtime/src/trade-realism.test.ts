import { simulatedEvents } from '@condor/broker-sim';
import { DEFAULT_CORE_CONFIG } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { simTrader } from '../test/sim-trader.js';

/**
 * What a trader checks, against the simulated market and paper broker (issue 18): the calendar's earnings on a
 * proposal, the expiry-day guardian on a real paper position, and a leg closed outside condor. The agent confirms
 * paper orders itself here (CONDOR_APPROVAL=confirm), so the tests reach positions without a browser.
 */

const DAY = 86_400_000;

/** The agent confirms paper orders itself here (CONDOR_APPROVAL=confirm). */
const trader = (now: number) => simTrader(now, 'exchange', { ...DEFAULT_CORE_CONFIG, approvalPolicy: 'confirm' });

const flagsOf = (value: unknown): { code: string; date: string | null }[] => value as { code: string; date: string | null }[];

/** Opens one condor of `ticker` expiring within the DTE range, confirmed by the agent (paper, CONDOR_APPROVAL=confirm), and lets it fill. */
async function openCondor(t: Awaited<ReturnType<typeof trader>>, ticker: string, dte: { dte_min: number; dte_max: number }) {
  const found = await t.call('find_iron_condors', { ticker, ...dte, top_k: 1 });
  const [candidate] = found.value['candidates'] as Record<string, unknown>[];
  expect(candidate).toBeDefined();
  const proposed = await t.call('propose_entry', { candidate, qty: 1 });
  expect(proposed.ok).toBe(true);
  t.clock.advance(6_000);
  const confirmed = await t.call('confirm_proposal', { proposal_id: proposed.value['proposal_id'] });
  expect(confirmed.value).toMatchObject({ account: { broker: 'sim', environment: 'paper', simulated_market: true } });
  t.clock.advance(60_000);
  const listed = await t.call('get_positions');
  const [position] = listed.value['positions'] as Record<string, unknown>[];
  expect(position?.['status']).toBe('open');
  return { position: position ?? {}, candidate: candidate ?? {} };
}

describe('the simulated calendar on candidates and proposals', () => {
  it('a proposal across an earnings date carries the flag, on the candidate and on the ticket', async () => {
    // Tue 24 Nov 2026, 10:00 New York.
    const now = Date.UTC(2026, 10, 24, 15);
    const earnings = simulatedEvents('AAPL', '2026-11-24', '2027-06-30')?.earnings ?? [];
    const next = earnings[0];
    expect(next).toBeDefined();
    const daysTo = Math.round((Date.parse(`${next ?? ''}T00:00:00Z`) - Date.UTC(2026, 10, 24)) / DAY);
    const t = await trader(now);
    const found = await t.call('find_iron_condors', { ticker: 'AAPL', dte_min: daysTo + 1, dte_max: daysTo + 40, top_k: 1 });
    const [candidate] = found.value['candidates'] as Record<string, unknown>[];
    expect(flagsOf(candidate?.['flags'])).toContainEqual(expect.objectContaining({ code: 'earnings_before_expiry', date: next }));
    const proposed = await t.call('propose_entry', { candidate, qty: 1 });
    const details = proposed.value['details'] as Record<string, unknown>;
    expect(flagsOf(details['flags'])).toContainEqual(expect.objectContaining({ code: 'earnings_before_expiry', date: next }));
    expect(flagsOf((proposed.value['ticket'] as Record<string, unknown>)['flags'])).toContainEqual(expect.objectContaining({ code: 'earnings_before_expiry' }));
    const refused = await t.call('propose_entry', { candidate, qty: 1, refuse_flags: ['earnings_before_expiry'] });
    expect(refused.value).toMatchObject({ error: 'ENTRY_REJECTED', received: { earnings_before_expiry: next } });
  });

  it('an ETF reports no earnings: none flagged, and none unknown', async () => {
    const t = await trader(Date.UTC(2026, 10, 24, 15));
    const found = await t.call('find_iron_condors', { ticker: 'SPY', dte_min: 20, dte_max: 60, top_k: 3 });
    const codes = (found.value['candidates'] as Record<string, unknown>[]).flatMap((c) => flagsOf(c['flags']).map((f) => f.code));
    expect(codes).not.toContain('earnings_before_expiry');
    expect(codes).not.toContain('earnings_unknown');
  });

  it('an ex-dividend date before expiry with the short call deep in the money carries the early-assignment flag', async () => {
    // Tue 8 Dec 2026, 10:00 New York: SPY goes ex-dividend tomorrow, and the Friday expiry is three days out.
    const t = await trader(Date.UTC(2026, 11, 8, 15));
    const [dividend] = simulatedEvents('SPY', '2026-12-09', '2026-12-11')?.dividends ?? [];
    expect(dividend?.exDate).toBe('2026-12-09');
    const expiry = '2026-12-11';
    const spot = (await t.market.quote('SPY'))._unsafeUnwrap().last;
    const chain = (await t.market.optionChain('SPY', expiry))._unsafeUnwrap();
    const mid = (c: { bid: number; ask: number }) => (c.bid + c.ask) / 2;
    const liquid = (c: { bid: number; ask: number }) => c.bid > 0 && c.ask - c.bid <= Math.max(0.05, 0.25 * mid(c)) + 1e-9;
    const calls = chain.filter((c) => c.type === 'call');
    // The deepest liquid in-the-money call whose time value is below the dividend, with a liquid wing above it.
    const short = [...calls]
      .reverse()
      .find((c) => c.strike < spot && liquid(c) && mid(c) - (spot - c.strike) < (dividend?.amount ?? 0) && calls.some((w) => w.strike > c.strike && w.strike < spot && liquid(w)));
    const wing = calls.find((w) => short !== undefined && w.strike > short.strike && w.strike < spot && liquid(w));
    const puts = chain.filter((c) => c.type === 'put' && short !== undefined && c.strike < short.strike && liquid(c));
    const [longPut, shortPut] = [puts.at(-2), puts.at(-1)];
    expect([short, wing, longPut, shortPut].every((c) => c !== undefined)).toBe(true);
    const legOf = (c: (typeof chain)[number] | undefined) => ({ occ_symbol: c?.symbol, type: c?.type, strike: c?.strike });
    const legs = [longPut, shortPut, short, wing];
    const credit = [-1, 1, 1, -1].reduce((sum, sign, i) => sum + sign * mid(legs[i] ?? { bid: 0, ask: 0 }), 0);
    const candidate = { ticker: 'SPY', expiry, net_credit: credit, legs: { long_put: legOf(longPut), short_put: legOf(shortPut), short_call: legOf(short), long_call: legOf(wing) } };
    const proposed = await t.call('propose_entry', { candidate, qty: 1, min_credit_to_width: 0, max_risk: 100_000 });
    expect(proposed.ok ? null : proposed.value).toBeNull();
    const flags = flagsOf((proposed.value['details'] as Record<string, unknown>)['flags']);
    expect(flags).toContainEqual(expect.objectContaining({ code: 'early_assignment_risk', date: '2026-12-09' }));
  });
});

describe('the expiry-day guardian on a paper position', () => {
  it('on expiry day the position gets the expiry alert, and its call proposes the whole condor closed in one 4-leg order', async () => {
    // Mon 14 Dec 2026, 10:00 New York; the condor expires Fri 18 Dec.
    const t = await trader(Date.UTC(2026, 11, 14, 15));
    const { position } = await openCondor(t, 'SPY', { dte_min: 4, dte_max: 4 });
    expect(position['expiry']).toBe('2026-12-18');
    expect(position['alerts']).toEqual([]);

    await t.later(Date.UTC(2026, 11, 18, 15, 30));
    const listed = await t.call('get_positions');
    const [shown] = listed.value['positions'] as Record<string, unknown>[];
    const alerts = shown?.['alerts'] as { rule: string; severity: string; proposal_call: { tool: string; arguments: Record<string, unknown> } }[];
    expect(alerts).toEqual([expect.objectContaining({ rule: 'expiry', severity: 'critical', suggested_action: 'close' })]);
    const suggested = await t.call('suggest_iron_condor_autoroll');
    expect((suggested.value['alerts'] as { rule: string }[]).map((a) => a.rule)).toContain('expiry');

    const [alert] = alerts;
    const exit = await t.call(alert?.proposal_call.tool ?? '', alert?.proposal_call.arguments);
    expect(exit.ok).toBe(true);
    expect((exit.value['legs'] as { intent: string }[]).map((l) => l.intent)).toEqual(['sell_to_close', 'buy_to_close', 'buy_to_close', 'sell_to_close']);
    expect(exit.value['account']).toMatchObject({ broker: 'sim', environment: 'paper', simulated_market: true });
    expect((exit.value['details'] as Record<string, unknown>)['costs']).toMatchObject({ open: null, close: { orf: 0.11 } });
  });
});

describe('a leg changed outside condor', () => {
  it("a paper-broker fault that closes the short put leaves an orphaned long put: legs_changed, and the close proposes what is left", async () => {
    const t = await trader(Date.UTC(2026, 11, 14, 15));
    const { position } = await openCondor(t, 'SPY', { dte_min: 20, dte_max: 45 });
    const legs = position['legs'] as { symbol: string; type: string; side: string }[];
    const shortPut = legs.find((l) => l.type === 'put' && l.side === 'short')?.symbol ?? '';
    await t.brokers.closeLegOutside(t.userId, shortPut);

    const listed = await t.call('get_positions');
    const [shown] = listed.value['positions'] as Record<string, unknown>[];
    const alerts = shown?.['alerts'] as { rule: string; severity: string; reason: string; proposal_call: { tool: string; arguments: Record<string, unknown> } }[];
    expect(alerts).toEqual([
      expect.objectContaining({
        rule: 'legs_changed',
        severity: 'critical',
        proposal_call: { tool: 'propose_exit', arguments: { position_id: position['position_id'], remaining_only: true } },
      }),
    ]);
    expect(alerts[0]?.reason).toContain(`holds 0 short ${shortPut}`);
    const suggested = await t.call('suggest_iron_condor_autoroll');
    expect((suggested.value['alerts'] as { rule: string }[]).map((a) => a.rule)).toEqual(['legs_changed']);

    const whole = await t.call('propose_exit', { position_id: position['position_id'] });
    expect(whole.value['error']).toBe('ENTRY_REJECTED');
    const rest = await t.call('propose_exit', alerts[0]?.proposal_call.arguments);
    expect((rest.value['legs'] as { symbol: string }[]).map((l) => l.symbol)).toEqual(legs.map((l) => l.symbol).filter((symbol) => symbol !== shortPut));
  });
});
