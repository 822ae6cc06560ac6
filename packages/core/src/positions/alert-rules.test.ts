import { describe, expect, it } from 'vitest';
import type { ManagedPosition } from '../ports/position-store.js';
import { autorollAlerts, type PositionState } from './alert-rules.js';

/** A SPY condor 540/545/600/605 entered for a $1.25 credit; the calm state triggers nothing. */
const position: ManagedPosition = {
  id: 'c0d0e000-0000-4000-8000-000000000001',
  ownerId: 'u1',
  ticker: 'SPY',
  expiry: '2026-02-20',
  legs: [
    { symbol: 'SPY260220P00540000', type: 'put', strike: 540, expiry: '2026-02-20', side: 'long' },
    { symbol: 'SPY260220P00545000', type: 'put', strike: 545, expiry: '2026-02-20', side: 'short' },
    { symbol: 'SPY260220C00600000', type: 'call', strike: 600, expiry: '2026-02-20', side: 'short' },
    { symbol: 'SPY260220C00605000', type: 'call', strike: 605, expiry: '2026-02-20', side: 'long' },
  ],
  qty: 2,
  entryCredit: 1.25,
  status: 'open',
  openedAt: 0,
  closedAt: null,
  orderIds: ['o1'],
};

const calm: PositionState = { position, dte: 30, value: 0.9, spot: 572, shortDelta: { put: -0.12, call: 0.11 } };
const rulesFor = (changes: Partial<PositionState>): string[] => autorollAlerts({ ...calm, ...changes }).map((a) => a.rule);
const only = (changes: Partial<PositionState>) => {
  const alerts = autorollAlerts({ ...calm, ...changes });
  expect(alerts).toHaveLength(1);
  return alerts[0]!;
};

describe('autorollAlerts (options-math §2.10)', () => {
  it('raises nothing for a calm position', () => {
    expect(autorollAlerts(calm)).toEqual([]);
  });

  it('take profit: the debit to close at most 50 % of the credit', () => {
    const alert = only({ value: 0.625 });
    expect(alert).toMatchObject({
      rule: 'take_profit',
      severity: 'info',
      suggestedAction: 'close',
      proposalCall: { tool: 'propose_exit', arguments: { position_id: position.id } },
      alternative: null,
    });
    expect(alert.reason).toContain('$0.63 is 50.0 % of the $1.25 entry credit');
    expect(alert.reason).toContain('$125.00 of profit');
    expect(rulesFor({ value: 0.63 })).toEqual([]);
  });

  it('stop loss: a loss of at least 2 × the credit', () => {
    const alert = only({ value: 3.75 });
    expect(alert).toMatchObject({ rule: 'stop_loss', severity: 'critical', suggestedAction: 'close', proposalCall: { tool: 'propose_exit' } });
    expect(alert.reason).toContain('Loss of $2.50 per share ($500.00 in all) is 2.00 × the $1.25 entry credit');
    expect(rulesFor({ value: 3.74 })).toEqual([]);
  });

  it('21 DTE: close, or roll the whole condor out to about 45 DTE', () => {
    const alert = only({ dte: 21 });
    expect(alert).toMatchObject({
      rule: 'management_dte',
      severity: 'warning',
      suggestedAction: 'close',
      proposalCall: { tool: 'propose_exit', arguments: { position_id: position.id } },
      alternative: { tool: 'propose_roll', arguments: { position_id: position.id, side: 'both', target_dte: 45 } },
    });
    expect(alert.reason).toMatch(/^21 days to expiry \(rule: at most 21\)/);
    expect(rulesFor({ dte: 22 })).toEqual([]);
  });

  it('a tested short put (|delta| ≥ 0.30) rolls the untested call side', () => {
    const alert = only({ shortDelta: { put: -0.3, call: 0.05 } });
    expect(alert).toMatchObject({
      rule: 'short_strike_tested',
      severity: 'warning',
      suggestedAction: 'roll',
      proposalCall: { tool: 'propose_roll', arguments: { position_id: position.id, side: 'call', target_dte: 30, short_delta: 0.25 } },
      alternative: { tool: 'propose_exit' },
    });
    expect(alert.reason).toContain('the short put 545 has delta -0.30');
    expect(alert.reason).toContain('($0.31 per share)');
    expect(rulesFor({ shortDelta: { put: -0.29, call: 0.05 } })).toEqual([]);
  });

  it('a tested short call (price within 1 % of it) rolls the untested put side', () => {
    const alert = only({ spot: 594 });
    expect(alert.proposalCall).toEqual({ tool: 'propose_roll', arguments: { position_id: position.id, side: 'put', target_dte: 30, short_delta: 0.25 } });
    expect(alert.reason).toContain('SPY at 594.00 is 1.0 % below the short call 600');
    expect(rulesFor({ spot: 593.9 })).toEqual([]);
    expect(only({ spot: 550.45 }).proposalCall).toMatchObject({ arguments: { side: 'call' } });
    expect(rulesFor({ spot: 550.5 })).toEqual([]);
  });

  it('a price beyond a short strike is tested; both sides tested means close', () => {
    expect(only({ spot: 543 }).reason).toContain('(beyond it)');
    const both = only({ shortDelta: { put: -0.35, call: 0.33 } });
    expect(both).toMatchObject({ rule: 'short_strike_tested', suggestedAction: 'close', proposalCall: { tool: 'propose_exit' } });
  });

  it('pin risk: 7 days or fewer with the price within 1 % of a short strike', () => {
    const alerts = autorollAlerts({ ...calm, dte: 7, spot: 546, shortDelta: { put: -0.2, call: 0.01 } });
    expect(alerts.map((a) => a.rule)).toEqual(['pin_risk', 'management_dte', 'short_strike_tested']);
    expect(alerts[0]).toMatchObject({ severity: 'critical', suggestedAction: 'close', proposalCall: { tool: 'propose_exit' } });
    expect(alerts[0]?.reason).toContain('7 days to expiry (rule: at most 7) and SPY at 546.00 is 0.2 % above the short put 545');
    expect(rulesFor({ dte: 8, spot: 546 })).not.toContain('pin_risk');
    expect(rulesFor({ dte: 7, spot: 560 })).not.toContain('pin_risk');
  });

  it('skips the rules whose market data is missing instead of guessing', () => {
    expect(rulesFor({ value: null, spot: null, shortDelta: { put: null, call: null }, dte: 30 })).toEqual([]);
    expect(rulesFor({ value: null, spot: null, shortDelta: { put: null, call: null }, dte: 5 })).toEqual(['management_dte']);
  });
});
