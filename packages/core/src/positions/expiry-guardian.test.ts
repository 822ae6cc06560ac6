import { describe, expect, it } from 'vitest';
import type { BrokerPosition } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import { guardianAlerts, guardianStart } from './expiry-guardian.js';

const leg = (type: 'put' | 'call', strike: number, side: 'long' | 'short', expiry: string) => ({
  symbol: `SPY${expiry.slice(2).replaceAll('-', '')}${type === 'put' ? 'P' : 'C'}${String(strike * 1000).padStart(8, '0')}`,
  type,
  strike,
  expiry,
  side,
});

const condor = (expiry: string, qty = 2): ManagedPosition => ({
  id: 'pos-1',
  ownerId: 'u1',
  ticker: 'SPY',
  expiry,
  legs: [leg('put', 640, 'long', expiry), leg('put', 645, 'short', expiry), leg('call', 700, 'short', expiry), leg('call', 705, 'long', expiry)],
  qty,
  entryCredit: 1.4,
  status: 'open',
  openedAt: 0,
  closedAt: null,
  orderIds: ['o1'],
});

const heldAll = (p: ManagedPosition): BrokerPosition[] =>
  p.legs.map((l) => ({ symbol: l.symbol, qty: l.side === 'short' ? -p.qty : p.qty, avgEntryPrice: 1, currentPrice: 1 }));

// Fri 18 Dec 2026 closes at 16:00 New York (21:00 UTC); the session before opens Thu 17 Dec 09:30 (14:30 UTC).
const DEC18 = condor('2026-12-18');
const at = (month: number, day: number, hour: number, minute = 0) => Date.UTC(2026, month - 1, day, hour, minute);

describe('guardianAlerts: expiry', () => {
  it('says nothing before the session before expiry opens', () => {
    expect(guardianAlerts(DEC18, heldAll(DEC18), at(12, 17, 14, 29))).toEqual([]);
  });

  it('warns in the session before expiry, proposing the whole condor closed as one order', () => {
    const [alert, ...rest] = guardianAlerts(DEC18, heldAll(DEC18), at(12, 17, 14, 30));
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({ rule: 'expiry', severity: 'warning', suggestedAction: 'close', proposalCall: { tool: 'propose_exit', arguments: { position_id: 'pos-1' } } });
    expect(alert?.reason).toContain('It expires soon, at Friday 18 December 2026, 16:00 New York time.');
    expect(alert?.reason).toContain('before Friday 18 December 2026, 15:00 New York time');
  });

  it('is critical on expiry day, with the deadline an hour before the close', () => {
    const [alert] = guardianAlerts(DEC18, heldAll(DEC18), at(12, 18, 15));
    expect(alert).toMatchObject({ rule: 'expiry', severity: 'critical', suggestedAction: 'close' });
    expect(alert?.reason).toContain('It expires today, at Friday 18 December 2026, 16:00 New York time.');
    expect(alert?.reason).toContain('before Friday 18 December 2026, 15:00 New York time');
  });

  it('after the close asks the person to check the broker: nothing left to propose', () => {
    const [alert] = guardianAlerts(DEC18, heldAll(DEC18), at(12, 18, 21));
    expect(alert).toMatchObject({ rule: 'expiry', severity: 'critical', suggestedAction: 'check_broker', proposalCall: null });
  });

  it('starts a session earlier and asks for the close by 12:00 when expiry day closes early (Fri 27 Nov 2026, 13:00)', () => {
    const nov27 = condor('2026-11-27');
    // Thu 26 Nov is Thanksgiving: the sessions before are Wed 25 and Tue 24 Nov.
    expect(guardianStart(Date.UTC(2026, 10, 27) / 86_400_000)).toBe(at(11, 24, 14, 30));
    expect(guardianAlerts(nov27, heldAll(nov27), at(11, 24, 14, 29))).toEqual([]);
    const [alert] = guardianAlerts(nov27, heldAll(nov27), at(11, 24, 15));
    expect(alert).toMatchObject({ rule: 'expiry', severity: 'warning' });
    expect(alert?.reason).toContain('Friday 27 November 2026, 13:00 New York time (an early close)');
    expect(alert?.reason).toContain('before Friday 27 November 2026, 12:00 New York time');
  });

  it('watches only open positions', () => {
    expect(guardianAlerts({ ...DEC18, status: 'closing' }, heldAll(DEC18), at(12, 18, 15))).toEqual([]);
  });
});

describe('guardianAlerts: legs changed outside condor', () => {
  const early = at(12, 1, 15);

  it('says nothing while the broker holds every leg as recorded, or when its holdings are unknown', () => {
    expect(guardianAlerts(DEC18, heldAll(DEC18), early)).toEqual([]);
    expect(guardianAlerts(DEC18, null, early)).toEqual([]);
  });

  it('an orphaned long leg after the short was closed: critical, proposing to close what is left', () => {
    const shortPut = DEC18.legs[1]?.symbol;
    const [alert] = guardianAlerts(DEC18, heldAll(DEC18).filter((p) => p.symbol !== shortPut), early);
    expect(alert).toMatchObject({
      rule: 'legs_changed',
      severity: 'critical',
      suggestedAction: 'close',
      proposalCall: { tool: 'propose_exit', arguments: { position_id: 'pos-1', remaining_only: true } },
    });
    expect(alert?.reason).toContain(`holds 0 short ${String(shortPut)}`);
  });

  it('a leg partly gone counts as changed', () => {
    const held = heldAll(DEC18).map((p, i) => (i === 0 ? { ...p, qty: 1 } : p));
    expect(guardianAlerts(DEC18, held, early).map((a) => a.rule)).toEqual(['legs_changed']);
  });

  it('no leg left: a warning to check the broker, and no expiry alert', () => {
    const alerts = guardianAlerts(DEC18, [], at(12, 18, 15));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ rule: 'legs_changed', severity: 'warning', suggestedAction: 'check_broker', proposalCall: null });
  });

  it('on expiry day with a leg gone, both alerts propose closing what is left', () => {
    const alerts = guardianAlerts(DEC18, heldAll(DEC18).slice(1), at(12, 18, 15));
    expect(alerts.map((a) => a.rule)).toEqual(['legs_changed', 'expiry']);
    for (const alert of alerts) expect(alert.proposalCall?.arguments).toEqual({ position_id: 'pos-1', remaining_only: true });
  });
});
