import type { BrokerAccess, OptionContract, OrderLeg } from '@condor/core';
import { FakeClock, SeededIds } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { MemoryPaperLedger } from './memory-paper-ledger.js';
import { SimBrokers } from './sim-brokers.js';
import { SimMarketData } from './sim-market-data.js';

/** Tuesday 2026-02-10, 10:00 New York: the market is open. */
const NOW = Date.UTC(2026, 1, 10, 15, 0);
const OWNER = 'user-1';
const EXPIRY = '2026-03-20';
const access: BrokerAccess = { ownerId: OWNER, broker: 'sim', environment: 'paper', credentials: null };
const mid = (c: OptionContract): number => (c.bid + c.ask) / 2;

/** A paper account holding two SPY iron condors (bought outside any order at their mids), and its ledger. */
async function holdingCondors() {
  const clock = new FakeClock(NOW);
  const market = new SimMarketData(clock, 7);
  const ledger = new MemoryPaperLedger();
  const brokers = new SimBrokers(market, clock, new SeededIds(), { ledger });
  const spot = (await market.quote('SPY'))._unsafeUnwrap().last;
  const chain = (await market.optionChain('SPY', EXPIRY))._unsafeUnwrap();
  const at = (type: 'put' | 'call', strike: number): OptionContract => chain.find((c) => c.type === type && c.strike === strike)!;
  const [shortPut, shortCall] = [Math.round(spot * 0.95), Math.round(spot * 1.05)];
  const legs = { longPut: at('put', shortPut - 5), shortPut: at('put', shortPut), shortCall: at('call', shortCall), longCall: at('call', shortCall + 5) };
  for (const [contract, qty] of [[legs.longPut, 2], [legs.shortPut, -2], [legs.shortCall, -2], [legs.longCall, 2]] as const) {
    await brokers.holdExternalPosition(OWNER, contract.symbol, qty, mid(contract));
  }
  const cash = async (): Promise<number> => (await ledger.load(OWNER))!.cash;
  return { clock, market, ledger, brokers, broker: brokers.open(access), legs, spot, chain, cash };
}

describe('SimBrokers: a leg changed outside condor', () => {
  it('closes one leg at its mark: the other legs stay and the cash pays for the buy-back', async () => {
    const { brokers, broker, legs, cash } = await holdingCondors();
    const before = await cash();
    const mark = (await broker.positions())._unsafeUnwrap().find((p) => p.symbol === legs.shortPut.symbol)!.currentPrice;
    await brokers.closeLegOutside(OWNER, legs.shortPut.symbol);
    const positions = (await broker.positions())._unsafeUnwrap();
    expect(positions.map((p) => [p.symbol, p.qty])).toEqual(
      [
        [legs.longCall.symbol, 2],
        [legs.longPut.symbol, 2],
        [legs.shortCall.symbol, -2],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect(mark).toBeGreaterThan(0);
    expect(await cash()).toBeCloseTo(before - 2 * mark * 100, 2);
  });

  it('closing a long leg receives its mark', async () => {
    const { brokers, broker, legs, cash } = await holdingCondors();
    const before = await cash();
    const mark = (await broker.positions())._unsafeUnwrap().find((p) => p.symbol === legs.longCall.symbol)!.currentPrice;
    await brokers.closeLegOutside(OWNER, legs.longCall.symbol);
    expect(await cash()).toBeCloseTo(before + 2 * mark * 100, 2);
    expect((await broker.positions())._unsafeUnwrap().map((p) => p.symbol)).not.toContain(legs.longCall.symbol);
  });

  it('cancels the working orders that trade the leg, giving back what they held', async () => {
    const { brokers, broker, legs } = await holdingCondors();
    const close: OrderLeg[] = [
      { symbol: legs.longPut.symbol, side: 'sell', intent: 'sell_to_close' },
      { symbol: legs.shortPut.symbol, side: 'buy', intent: 'buy_to_close' },
    ];
    const working = (await broker.submit({ clientOrderId: 'close-puts', qty: 2, limitPrice: 0.01, legs: close }))._unsafeUnwrap();
    expect(working.status).toBe('accepted');
    await brokers.closeLegOutside(OWNER, legs.shortPut.symbol);
    expect((await broker.orderByClientId('close-puts'))._unsafeUnwrap()?.status).toBe('canceled');
    expect((await broker.orders('open'))._unsafeUnwrap()).toEqual([]);
  });

  it('assigns a short call in the money: the leg is gone and the cash pays its intrinsic value', async () => {
    const { brokers, broker, market, chain, spot, cash } = await holdingCondors();
    const deep = chain.find((c) => c.type === 'call' && c.strike === Math.round(spot * 0.9))!;
    await brokers.holdExternalPosition(OWNER, deep.symbol, -1, mid(deep));
    const before = await cash();
    await brokers.assignLeg(OWNER, deep.symbol);
    const last = (await market.quote('SPY'))._unsafeUnwrap().last;
    expect(await cash()).toBeCloseTo(before - (last - deep.strike) * 100, 2);
    expect((await broker.positions())._unsafeUnwrap().map((p) => p.symbol)).not.toContain(deep.symbol);
    expect((await broker.positions())._unsafeUnwrap()).toHaveLength(4);
  });

  it('assigns an out-of-the-money leg for nothing', async () => {
    const { brokers, legs, cash } = await holdingCondors();
    const before = await cash();
    await brokers.assignLeg(OWNER, legs.shortPut.symbol);
    expect(await cash()).toBe(before);
  });

  it('keeps the change in the ledger, where another instance sees it', async () => {
    const { clock, market, ledger, brokers, legs } = await holdingCondors();
    await brokers.closeLegOutside(OWNER, legs.shortCall.symbol);
    const other = new SimBrokers(market, clock, new SeededIds(), { ledger }).open(access);
    expect((await other.positions())._unsafeUnwrap().map((p) => p.symbol)).not.toContain(legs.shortCall.symbol);
    expect((await other.positions())._unsafeUnwrap()).toHaveLength(3);
  });

  it('refuses to close or assign a contract the account does not hold', async () => {
    const { brokers, legs } = await holdingCondors();
    await brokers.closeLegOutside(OWNER, legs.shortPut.symbol);
    await expect(brokers.closeLegOutside(OWNER, legs.shortPut.symbol)).rejects.toThrow(/is not held/);
    await expect(brokers.assignLeg(OWNER, 'SPY260320P00100000')).rejects.toThrow(/is not held/);
  });
});
