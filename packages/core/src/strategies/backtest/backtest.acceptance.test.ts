import { describe, expect, it } from 'vitest';
import { condorCosts, tradeCosts } from '../../costs/condor-costs.js';
import { ironCondorStats } from '../../options/iron-condor.js';
import { normalCdf } from '../../options/normal.js';
import { priceOption } from '../../options/price-option.js';
import { lognormalPop } from '../pop-lognormal.js';
import type { BacktestSettings, CondorStrikes, HistorySession, MarketHistory, RuleSet } from '../types.js';
import { backtest } from './backtest.js';

// A hand-built history: the NYSE sessions of January and February 2024 up to 23 Feb (MLK day
// 15 Jan and Presidents' Day 19 Feb are closed). The close sits at 100 until 19 Jan, falls to 85
// for three sessions, to 77.5 from 25 Jan, and comes back to 85 at the last close. Flat 20 % IV,
// no smile, r = q = 0, every leg quoted $0.05 wide (or its price, when that is less).
const DATES = [
  '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05',
  '2024-01-08', '2024-01-09', '2024-01-10', '2024-01-11', '2024-01-12',
  '2024-01-16', '2024-01-17', '2024-01-18', '2024-01-19',
  '2024-01-22', '2024-01-23', '2024-01-24', '2024-01-25', '2024-01-26',
  '2024-01-29', '2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02',
  '2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-09',
  '2024-02-12', '2024-02-13', '2024-02-14', '2024-02-15', '2024-02-16',
  '2024-02-20', '2024-02-21', '2024-02-22', '2024-02-23',
];
const closeOn = (index: number): number => (index <= 12 ? 100 : index <= 15 ? 85 : index <= 35 ? 77.5 : 85);
const VOL = 0.2;
const SPREAD = 0.05;

const sessions: HistorySession[] = DATES.map((date, index) => ({ date, close: closeOn(index), atmVol: VOL }));
const history: MarketHistory = {
  ticker: 'HAND',
  sessions,
  rate: 0,
  dividendYield: 0,
  smile: { skew: 0, curvature: 0 },
  spread: { atm: SPREAD, perZ2: 0 },
};
// Weekly entries (every 5 sessions) aiming at 30 DTE within 25–35; $1,000 of capital with 40 %
// per trade: one contract (max loss ≈ $420) each, so at most two trades fit at once.
const settings: BacktestSettings = {
  firstEntryIndex: 0,
  entryIntervalSessions: 5,
  dteMin: 25,
  dteMax: 35,
  ivRankGate: { mode: 'off', threshold: 0 },
  maxCapital: 1000,
  riskPerTrade: 0.4,
  popModel: 'lognormal',
  seed: 1,
  execution: { fill: { kind: 'natural' }, commissionPerContract: 0 },
};
const rules: RuleSet = { shortDelta: 0.16, wingWidth: 5, entryDte: 30, profitTakePct: 0.5, managementDte: null, stopLossMultiple: null };

// Independent pricing: Black–Scholes at 20 %, years = calendar days / 365, half a $0.05 spread each side.
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / DAY_MS;
function leg(type: 'put' | 'call', spot: number, strike: number, daysLeft: number): { mid: number; bid: number; ask: number; delta: number } {
  const { price, delta } = priceOption({ type, spot, strike, years: daysLeft / 365, rate: 0, dividendYield: 0, volatility: VOL });
  const half = Math.min(SPREAD, price) / 2;
  return { mid: price, bid: price - half, ask: price + half, delta };
}
/** Brute force over every $1 strike (the increment below $250) on the side of the forward (= spot here). */
function shortStrikeByScan(type: 'put' | 'call', spot: number, daysLeft: number): number {
  const strikes = type === 'put' ? Array.from({ length: Math.ceil(spot) - 1 }, (_, i) => i + 1) : Array.from({ length: 200 }, (_, i) => Math.floor(spot) + 1 + i);
  const miss = (strike: number): number => Math.abs(Math.abs(leg(type, spot, strike, daysLeft).delta) - 0.16);
  return strikes.reduce((best, strike) => (miss(strike) < miss(best) ? strike : best));
}
const entryCredit = (k: CondorStrikes, spot: number, daysLeft: number): number =>
  leg('put', spot, k.shortPut, daysLeft).bid + leg('call', spot, k.shortCall, daysLeft).bid - leg('put', spot, k.longPut, daysLeft).ask - leg('call', spot, k.longCall, daysLeft).ask;
const debitToClose = (k: CondorStrikes, spot: number, daysLeft: number): number =>
  leg('put', spot, k.shortPut, daysLeft).ask + leg('call', spot, k.shortCall, daysLeft).ask - leg('put', spot, k.longPut, daysLeft).bid - leg('call', spot, k.longCall, daysLeft).bid;
const fairValue = (k: CondorStrikes, spot: number, daysLeft: number): number =>
  leg('put', spot, k.shortPut, daysLeft).mid + leg('call', spot, k.shortCall, daysLeft).mid - leg('put', spot, k.longPut, daysLeft).mid - leg('call', spot, k.longCall, daysLeft).mid;
/** The ticket's costs of one condor opened (or closed) at the legs' mids at this spot and time to expiry. */
const ticketCosts = (k: CondorStrikes, spot: number, daysLeft: number) =>
  condorCosts(
    { longPut: leg('put', spot, k.longPut, daysLeft).mid, shortPut: leg('put', spot, k.shortPut, daysLeft).mid, shortCall: leg('call', spot, k.shortCall, daysLeft).mid, longCall: leg('call', spot, k.longCall, daysLeft).mid },
    1,
    0,
  );
/** Risk-neutral P(S_T > level) at 20 %, r = q = 0. */
const above = (spot: number, level: number, daysLeft: number): number => {
  const s = VOL * Math.sqrt(daysLeft / 365);
  return normalCdf((Math.log(spot / level) - (s * s) / 2) / s);
};

// Trade A: 2 Jan at 100, expiry Fri 2 Feb = 31 days (Fri 26 Jan is 24 days, below dte_min).
const A = { entry: '2024-01-02', expiry: '2024-02-02', spot: 100, dte: 31, strikes: { longPut: 90, shortPut: 95, shortCall: 106, longCall: 111 } };
// Trade B: 9 Jan at 100, expiry Fri 9 Feb = 31 days: the same strikes and credit as A.
const B = { entry: '2024-01-09', expiry: '2024-02-09', spot: 100, dte: 31, strikes: A.strikes };
// Trade D: 24 Jan at 85, expiry Fri 23 Feb = 30 days.
const D = { entry: '2024-01-24', expiry: '2024-02-23', spot: 85, dte: 30, strikes: { longPut: 75, shortPut: 80, shortCall: 90, longCall: 95 } };

describe('backtest: a hand-computed history', () => {
  const result = backtest(history, rules, settings, lognormalPop);
  const creditA = entryCredit(A.strikes, 100, 31);
  const creditD = entryCredit(D.strikes, 85, 30);
  // Costs, as the ticket computes them for the same orders (commission 0 here, so the regulatory fees alone):
  // A opens at 100 with 31 days left and closes on 18 Jan with 15; B opens as A and, held to the 9 Feb expiry at 77.5,
  // has both puts in the money — the 95 put assigned (bought back at $17.50) and the 90 put exercised (sold at $12.50);
  // D opens at 85 with 30 days left and expires with every leg out of the money.
  const costsA = ticketCosts(A.strikes, 100, 31).open.total + ticketCosts(A.strikes, 100, 15).close.total;
  const costsB = ticketCosts(A.strikes, 100, 31).open.total + tradeCosts([], [{ side: 'sell', price: 12.5 }, { side: 'buy', price: 17.5 }], 1, 0).total;
  const costsD = ticketCosts(D.strikes, 85, 30).open.total;

  it('each trade pays the ticket’s fees for the same orders: $0.23 to open, $0.23 to close, $0.16 for an exercise and an assignment', () => {
    expect([costsA, costsB, costsD]).toEqual([0.46, 0.39, 0.23]);
    expect(result.trades.map((trade) => trade.costs)).toEqual([costsA, costsB, costsD]);
    expect(result.metrics.totalCosts).toBeCloseTo(costsA + costsB + costsD, 12);
  });

  it('the strikes are the 16-delta strikes found by scanning every $1 strike', () => {
    expect(daysBetween(A.entry, A.expiry)).toBe(A.dte);
    expect(daysBetween(D.entry, D.expiry)).toBe(D.dte);
    expect(shortStrikeByScan('put', 100, 31)).toBe(95);
    expect(shortStrikeByScan('call', 100, 31)).toBe(106);
    expect(shortStrikeByScan('put', 85, 30)).toBe(80);
    expect(shortStrikeByScan('call', 85, 30)).toBe(90);
    expect(result.trades.map((trade) => [trade.entryDate, trade.expiry, trade.strikes])).toEqual([
      [A.entry, A.expiry, A.strikes],
      [B.entry, B.expiry, B.strikes],
      [D.entry, D.expiry, D.strikes],
    ]);
  });

  it('trade A takes its profit at the first close where the debit is at most half the credit', () => {
    // Entry credit at the natural price: 95 put and 106 call sold at the bid, 90 put and 111 call bought at the ask.
    expect(creditA).toBeCloseTo(0.824537, 6);
    // The price stays at 100; the debit to close first falls to half the credit on Thu 18 Jan (15 days left).
    expect(debitToClose(A.strikes, 100, daysBetween('2024-01-17', A.expiry))).toBeGreaterThan(creditA / 2);
    const exitDebit = debitToClose(A.strikes, 100, daysBetween('2024-01-18', A.expiry));
    expect(exitDebit).toBeLessThanOrEqual(creditA / 2);
    const trade = result.trades[0]!;
    expect(trade).toMatchObject({ qty: 1, exitDate: '2024-01-18', exitReason: 'profit_take', ivRankAtEntry: null });
    expect(trade.credit).toBeCloseTo(creditA, 12);
    expect(trade.exitDebit).toBeCloseTo(exitDebit, 12);
    expect(trade.pnl).toBeCloseTo((creditA - exitDebit) * 100 - costsA, 9); // +$44.16
    expect(trade.maxLoss).toBeCloseTo((5 - creditA) * 100, 9);
    // Under 21 returns of history the forecast is the ATM IV, so the EV is the credit less the fair value: the spread paid.
    expect(trade.expectedValue).toBeCloseTo((creditA - fairValue(A.strikes, 100, 31)) * 100, 9);
    expect(trade.expectedValue).toBeCloseTo(-4 * (SPREAD / 2) * 100, 9);
    const stats = ironCondorStats({ spot: 100, years: 31 / 365, rate: 0, dividendYield: 0, volatility: VOL, putLong: 90, putShort: 95, callShort: 106, callLong: 111, credit: creditA });
    expect(trade.expectedValue).toBeCloseTo(stats._unsafeUnwrap().expectedValue * 100, 9);
    expect(trade.popAtEntry).toBeCloseTo(above(100, 95 - creditA, 31) - above(100, 106 + creditA, 31), 12);
  });

  it('trade B goes through the long put and settles at the full width', () => {
    // The close falls to 85, then 77.5 < 90 (the long put) until and at the 9 Feb expiry: the put spread pays $5.
    const trade = result.trades[1]!;
    expect(trade).toMatchObject({ qty: 1, exitDate: B.expiry, exitReason: 'expiry', exitDebit: 5 });
    expect(trade.credit).toBeCloseTo(creditA, 12);
    expect(trade.pnl).toBeCloseTo((creditA - 5) * 100 - costsB, 9); // −$417.94: the max loss and the costs
    expect(trade.pnl).toBeCloseTo(-trade.maxLoss - costsB, 9);
  });

  it('trade D sits below its short put all month, then expires inside at 85 and keeps the whole credit', () => {
    expect(creditD).toBeCloseTo(0.611382, 6);
    // At 77.5 the debit to close stays far above half the credit, so the profit taker never fires.
    for (let index = 16; index <= 35; index++) {
      expect(debitToClose(D.strikes, 77.5, daysBetween(DATES[index]!, D.expiry))).toBeGreaterThan(creditD / 2);
    }
    const trade = result.trades[2]!;
    expect(trade).toMatchObject({ qty: 1, exitDate: D.expiry, exitReason: 'expiry', exitDebit: 0 });
    expect(trade.pnl).toBeCloseTo(creditD * 100 - costsD, 9); // +$60.91
  });

  it('capital blocks the entries made while two trades are open, and entries without an expiry in the history are skipped', () => {
    // Scheduled: 2 Jan (A), 9 Jan (B), 17 Jan (A and B open: $835 at risk, no room for $418 more),
    // 24 Jan (A closed on 18 Jan: D), 31 Jan and 7 Feb (B and D open), 14 and 22 Feb (their
    // expiries in March are after the last session).
    const riskOpenOn17Jan = 2 * (5 - creditA) * 100;
    expect(riskOpenOn17Jan + (5 - creditA) * 100).toBeGreaterThan(settings.maxCapital);
    expect(riskOpenOn17Jan).toBeLessThanOrEqual(settings.maxCapital);
    expect(result.metrics.skippedEntries).toBe(5);
    expect(result.metrics.trades).toBe(3);
  });

  it('metrics: total P/L, win rate, return on risk, days held and the drawdown of the marked equity curve', () => {
    const pnls = [(creditA - debitToClose(A.strikes, 100, 15)) * 100 - costsA, (creditA - 5) * 100 - costsB, creditD * 100 - costsD];
    const maxLosses = [(5 - creditA) * 100, (5 - creditA) * 100, (5 - creditD) * 100];
    const { metrics } = result;
    expect(metrics.totalPnl).toBeCloseTo(pnls[0]! + pnls[1]! + pnls[2]!, 9); // −$312.87
    expect(metrics.totalPnl).toBeCloseTo(-311.790817 - 1.08, 5);
    expect(metrics.winRate).toBeCloseTo(2 / 3, 12);
    expect(metrics.averagePnl).toBeCloseTo(metrics.totalPnl / 3, 9);
    expect(metrics.worstTrade).toBeCloseTo(pnls[1]!, 9);
    expect(metrics.returnOnRisk).toBeCloseTo(metrics.totalPnl / (maxLosses[0]! + maxLosses[1]! + maxLosses[2]!), 12);
    expect(metrics.averageDaysHeld).toBeCloseTo((16 + 31 + 30) / 3, 12);

    // The equity curve by hand: $1,000 + closed P/L + each open trade marked at credit − debit to close, less its opening fees.
    const opening = [ticketCosts(A.strikes, 100, 31).open.total, ticketCosts(A.strikes, 100, 31).open.total, ticketCosts(D.strikes, 85, 30).open.total];
    const trades = [
      { ...A, credit: creditA, exit: '2024-01-18', pnl: pnls[0]!, opening: opening[0]! },
      { ...B, credit: creditA, exit: B.expiry, pnl: pnls[1]!, opening: opening[1]! },
      { ...D, credit: creditD, exit: D.expiry, pnl: pnls[2]!, opening: opening[2]! },
    ];
    let peak = 1000;
    let drawdown = 0;
    DATES.forEach((date, index) => {
      let equity = 1000;
      for (const trade of trades) {
        if (date >= trade.exit) equity += trade.pnl;
        else if (date >= trade.entry) equity += (trade.credit - debitToClose(trade.strikes, closeOn(index), daysBetween(date, trade.expiry))) * 100 - trade.opening;
      }
      peak = Math.max(peak, equity);
      drawdown = Math.max(drawdown, peak - equity);
    });
    expect(metrics.maxDrawdown).toBeCloseTo(drawdown, 9);
    expect(metrics.maxDrawdown).toBeCloseTo(641.204281, 5); // $640.97 before costs, and the opening fees of the open trades
  });
});
