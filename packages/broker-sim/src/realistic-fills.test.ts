import type { Broker, BrokerAccess, MarketData, MultiLegOrder, OptionContract, OrderLeg } from '@condor/core';
import { FakeClock, SeededIds } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { FILL_MODEL } from './fill-curve.js';
import { MemoryPaperLedger } from './memory-paper-ledger.js';
import { netMid, netNatural, priceLegs } from './paper-legs.js';
import { SimBrokers, type SimBrokersOptions } from './sim-brokers.js';
import { SimMarketData } from './sim-market-data.js';

/** Tuesday 2026-02-10, 10:00 New York: the market is open. */
const NOW = Date.UTC(2026, 1, 10, 15, 0);
/** That day's close, 16:00 New York. */
const CLOSE = Date.UTC(2026, 1, 10, 21, 0);
const SEED = 7;
const OWNER = 'user-1';
const STEP = FILL_MODEL.intervalMs;
const MINUTE = 60_000;

const access: BrokerAccess = { ownerId: OWNER, broker: 'sim', environment: 'paper', credentials: null };

/** The simulated market as it stood at NOW, whatever instant it is asked about: one market for every interval. */
class HeldMarket extends SimMarketData {
  override chainContracts(symbol: string, expiry: string, symbols: ReadonlySet<string>) {
    return super.chainContracts(symbol, expiry, symbols, NOW);
  }
}

/** The held market with one wing's quote spoilt while `spoilt` says so. */
class SpoiltMarket extends HeldMarket {
  spoilt: 'no' | 'one-sided' | 'crossed' = 'no';

  override chainContracts(symbol: string, expiry: string, symbols: ReadonlySet<string>) {
    const spoil = (c: OptionContract): OptionContract =>
      c.symbol !== condor.legs[0]!.symbol || this.spoilt === 'no' ? c : this.spoilt === 'one-sided' ? { ...c, bid: 0 } : { ...c, bid: c.ask + 0.05 };
    return super.chainContracts(symbol, expiry, symbols).map((contracts) => contracts.map(spoil));
  }
}

/** A $5-wide SPY iron condor about 5 % out of the money on the 2026-03-20 expiry, with its net mid and natural now. */
async function spyCondor(market: MarketData) {
  const spot = (await market.quote('SPY'))._unsafeUnwrap().last;
  const chain = (await market.optionChain('SPY', '2026-03-20'))._unsafeUnwrap();
  const at = (type: 'put' | 'call', strike: number): OptionContract => chain.find((c) => c.type === type && c.strike === strike)!;
  const [shortPut, shortCall] = [Math.round(spot * 0.95), Math.round(spot * 1.05)];
  const contracts = [at('put', shortPut - 5), at('put', shortPut), at('call', shortCall), at('call', shortCall + 5)];
  const legs = contracts.map((c, i): OrderLeg => (i === 0 || i === 3 ? { symbol: c.symbol, side: 'buy', intent: 'buy_to_open' } : { symbol: c.symbol, side: 'sell', intent: 'sell_to_open' }));
  const priced = (await priceLegs(market, legs))._unsafeUnwrap();
  return { legs, contracts, mid: netMid(priced), natural: netNatural(priced) };
}

const condor = await spyCondor(new HeldMarket(new FakeClock(NOW), SEED));
/** The limit `way` of the way from the net mid (0) to the natural (1), to the cent. */
const limitAt = (way: number): number => Math.round((condor.mid + way * (condor.natural - condor.mid)) * 100) / 100;
const entry = (clientOrderId: string, limitPrice: number, qty = 1): MultiLegOrder => ({ clientOrderId, qty, limitPrice, legs: condor.legs });

function setup(options: SimBrokersOptions = {}, market: MarketData = new HeldMarket(new FakeClock(NOW), SEED)) {
  const clock = new FakeClock(NOW);
  const ledger = options.ledger ?? new MemoryPaperLedger();
  const make = (more: SimBrokersOptions = {}) => new SimBrokers(market, clock, new SeededIds(), { fills: 'realistic', startingCash: 10_000_000, requestsPerMinute: 1_000_000, ledger, ...options, ...more });
  const brokers = make();
  return { clock, market, ledger, make, brokers, broker: brokers.open(access) };
}

const submitted = async (broker: Broker, orders: readonly MultiLegOrder[]) => {
  for (const order of orders) expect((await broker.submit(order))._unsafeUnwrap().status).toBe('accepted');
};
const found = async (broker: Broker, clientOrderId: string) => (await broker.orderByClientId(clientOrderId))._unsafeUnwrap()!;
/** The account as a person reads it: every order, the positions and the buying power. */
const account = async (broker: Broker) => ({
  orders: (await broker.orders('all'))._unsafeUnwrap(),
  positions: (await broker.positions())._unsafeUnwrap(),
  account: (await broker.verify())._unsafeUnwrap(),
});

describe('realistic fills: when', () => {
  it('is priced from a two-sided credit condor with a spread', () => {
    expect(condor.mid).toBeLessThan(0);
    expect(condor.natural - condor.mid).toBeGreaterThan(0.05);
    for (const c of condor.contracts) expect(c.bid).toBeGreaterThan(0);
  });

  it('judges nothing at placement: even a limit through the natural works until its first interval has ended (at_mid fills it at once)', async () => {
    const { clock, broker } = setup();
    const limit = limitAt(3);
    await submitted(broker, [entry('through', limit)]);
    clock.advance(STEP - 1);
    expect((await found(broker, 'through')).status).toBe('accepted');
    clock.advance(1);
    expect(await found(broker, 'through')).toMatchObject({ status: 'filled', filledQty: 1, filledAvgPrice: limit });
    expect((await setup({ fills: 'at_mid' }).broker.submit(entry('through', limit)))._unsafeUnwrap().status).toBe('filled');
  });

  it('fills an order at the mid later than one at the natural, on average over many orders', async () => {
    const { clock, broker } = setup();
    const ids = Array.from({ length: 100 }, (_, i) => i);
    await submitted(broker, [...ids.map((i) => entry(`mid-${i}`, limitAt(0))), ...ids.map((i) => entry(`natural-${i}`, limitAt(1)))]);
    const filledAt = new Map<string, number>();
    for (let t = STEP; t <= 5 * MINUTE; t += STEP) {
      clock.set(NOW + t);
      for (const order of (await broker.orders('all'))._unsafeUnwrap()) if (order.status === 'filled' && !filledAt.has(order.clientOrderId)) filledAt.set(order.clientOrderId, t);
    }
    const meanWait = (way: string) => ids.reduce((sum, i) => sum + (filledAt.get(`${way}-${i}`) ?? 5 * MINUTE), 0) / ids.length / 1000;
    const [atMid, atNatural] = [meanWait('mid'), meanWait('natural')];
    expect(atNatural).toBeLessThan(7.5);
    expect(atMid).toBeGreaterThan(20);
    expect(atMid).toBeGreaterThan(3 * atNatural);
    const midInTenSeconds = ids.filter((i) => (filledAt.get(`mid-${i}`) ?? Infinity) <= 10_000).length;
    expect(midInTenSeconds).toBeGreaterThan(5);
    expect(midInTenSeconds).toBeLessThan(50);
  });

  it('gives the same fills for the same seed, and others for another seed', async () => {
    const run = async (fillSeed?: number) => {
      const { clock, broker } = setup(fillSeed === undefined ? {} : { fillSeed });
      await submitted(broker, Array.from({ length: 20 }, (_, i) => entry(`o-${i}`, limitAt(0.25), 3)));
      const trace: string[] = [];
      for (let t = STEP; t <= 2 * MINUTE; t += STEP) {
        clock.set(NOW + t);
        trace.push((await broker.orders('all'))._unsafeUnwrap().map((o) => `${o.clientOrderId}:${o.filledQty}`).join(' '));
      }
      return trace;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(await run(28)).toEqual(first);
    expect(await run(29)).not.toEqual(first);
  });

  it('starts a replaced order’s intervals again: the replacement is judged from its own submission', async () => {
    const { clock, broker } = setup();
    const old = (await broker.submit(entry('walk-s0', limitAt(-1.5))))._unsafeUnwrap();
    clock.set(NOW + 62_500);
    expect((await found(broker, 'walk-s0')).status).toBe('accepted');
    const limit = limitAt(3);
    expect((await broker.replace({ orderId: old.id, clientOrderId: 'walk-s1', limitPrice: limit }))._unsafeUnwrap().status).toBe('accepted');
    clock.advance(STEP - 1);
    expect((await found(broker, 'walk-s1')).status).toBe('accepted');
    clock.advance(1);
    expect(await found(broker, 'walk-s1')).toMatchObject({ status: 'filled', filledAvgPrice: limit, replaces: old.id });
    expect(await found(broker, 'walk-s0')).toMatchObject({ status: 'replaced', filledQty: 0 });
  });

  it.each(['one-sided', 'crossed'] as const)('fills nothing while a leg’s quote is %s; the intervals then pass unfilled', async (spoilt) => {
    const market = new SpoiltMarket(new FakeClock(NOW), SEED);
    const { clock, broker } = setup({}, market);
    market.spoilt = spoilt;
    await submitted(broker, [entry('through', limitAt(3))]);
    clock.advance(MINUTE);
    expect((await found(broker, 'through')).status).toBe('accepted');
    market.spoilt = 'no';
    expect((await found(broker, 'through')).status).toBe('accepted');
    clock.advance(STEP);
    expect((await found(broker, 'through')).status).toBe('filled');
  });

  it('judges the intervals that ended before the close, read before it or after; what has not filled then expires', async () => {
    const { clock, broker } = setup();
    clock.set(CLOSE - MINUTE);
    await submitted(broker, [entry('a-minute-before', limitAt(3)), entry('never', limitAt(-1.5))]);
    clock.set(CLOSE - STEP + 1);
    await submitted(broker, [entry('too-late', limitAt(3))]);
    clock.set(CLOSE + 3 * MINUTE);
    expect(await found(broker, 'a-minute-before')).toMatchObject({ status: 'filled', filledQty: 1 });
    expect(await found(broker, 'never')).toMatchObject({ status: 'expired', filledQty: 0 });
    expect(await found(broker, 'too-late')).toMatchObject({ status: 'expired', filledQty: 0 });
  });
});

describe('realistic fills: partial fills', () => {
  it('fills whole condors at exactly the limit, never more than the order’s quantity, positions matching what filled', async () => {
    const { clock, broker } = setup();
    const ways = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 0];
    await submitted(broker, ways.map((way, i) => entry(`five-${i}`, limitAt(way), 5)));
    const seen = new Set<string>();
    for (let t = STEP; t <= 3 * MINUTE; t += STEP) {
      clock.set(NOW + t);
      const orders = (await broker.orders('all'))._unsafeUnwrap();
      for (const order of orders) {
        expect(Number.isInteger(order.filledQty)).toBe(true);
        expect(order.filledQty).toBeGreaterThanOrEqual(0);
        expect(order.filledQty).toBeLessThanOrEqual(5);
        expect(order.filledAvgPrice).toBe(order.filledQty === 0 ? null : order.limitPrice);
        expect(order.status).toBe(order.filledQty === 5 ? 'filled' : order.filledQty > 0 ? 'partially_filled' : 'accepted');
        seen.add(order.status);
      }
      const filled = orders.reduce((sum, o) => sum + o.filledQty, 0);
      const positions = (await broker.positions())._unsafeUnwrap();
      for (const leg of condor.legs) expect(positions.find((p) => p.symbol === leg.symbol)?.qty ?? 0).toBe(leg.side === 'buy' ? filled : -filled);
    }
    expect([...seen].sort()).toEqual(['accepted', 'filled', 'partially_filled']);
  });

  it('leaves the rest of a partly filled 5-lot working, holding buying power only for the rest; a cancel keeps what filled', async () => {
    const { clock, broker } = setup();
    await submitted(broker, [entry('five', limitAt(0), 5)]);
    const before = (await broker.verify())._unsafeUnwrap().buyingPower;
    let order = await found(broker, 'five');
    while (order.status === 'accepted') {
      clock.advance(STEP);
      order = await found(broker, 'five');
    }
    expect(order).toMatchObject({ status: 'partially_filled', filledAvgPrice: limitAt(0) });
    expect(order.filledQty).toBeGreaterThan(0);
    expect(order.filledQty).toBeLessThan(5);
    expect((await broker.orders('open'))._unsafeUnwrap().map((o) => o.id)).toEqual([order.id]);
    // The filled condors' credit and margin take exactly what their share of the order's hold was.
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBeCloseTo(before, 2);
    expect((await broker.cancel(order.id))._unsafeUnwrap()).toEqual({ kind: 'canceled' });
    expect(await found(broker, 'five')).toMatchObject({ status: 'canceled', filledQty: order.filledQty, filledAvgPrice: limitAt(0) });
    const positions = (await broker.positions())._unsafeUnwrap();
    for (const leg of condor.legs) expect(positions.find((p) => p.symbol === leg.symbol)?.qty).toBe(leg.side === 'buy' ? order.filledQty : -order.filledQty);
    expect((await broker.replace({ orderId: order.id, clientOrderId: 'five-s1', limitPrice: limitAt(1) }))._unsafeUnwrapErr().kind).toBe('rejected');
  });

  it('refuses to replace a partly filled order: its rest is cancelled and a new order sent instead', async () => {
    const { clock, broker } = setup();
    await submitted(broker, [entry('five', limitAt(0), 5)]);
    let order = await found(broker, 'five');
    while (order.status === 'accepted') {
      clock.advance(STEP);
      order = await found(broker, 'five');
    }
    expect(order.status).toBe('partially_filled');
    expect((await broker.replace({ orderId: order.id, clientOrderId: 'five-s1', limitPrice: limitAt(1) }))._unsafeUnwrapErr()).toMatchObject({ kind: 'rejected' });
    expect(await found(broker, 'five')).toEqual(order);
  });
});

describe('realistic fills: whoever reads, and how often', () => {
  const ways = [-0.9, -0.5, 0, 0.25, 0.5, 0.75, 1, 0];
  const orders = (limits: readonly number[]) => ways.map((_, i) => entry(`o-${i}`, limits[i]!, 3));

  /** Two minutes of trading on the moving simulated market, the account read at `reads` (ms after NOW) by `reader`. */
  async function session(reads: readonly number[], reader: (read: number, run: ReturnType<typeof setup>) => Broker) {
    const run = setup({}, new SimMarketData(new FakeClock(NOW), SEED));
    const limits = await spyCondor(new SimMarketData(new FakeClock(NOW), SEED)).then((c) => ways.map((way) => Math.round((c.mid + way * (c.natural - c.mid)) * 100) / 100));
    await submitted(run.broker, orders(limits));
    for (const [i, read] of reads.entries()) {
      run.clock.set(NOW + read);
      (await reader(i, run).orders('all'))._unsafeUnwrap();
    }
    run.clock.set(NOW + 2 * MINUTE);
    return account(run.broker);
  }

  it('comes to the same fills whether the account is read every 5 s, every 23 s or once, by one process, several, or after a restart', async () => {
    const every = (ms: number) => Array.from({ length: Math.floor((2 * MINUTE) / ms) }, (_, i) => (i + 1) * ms);
    const often = await session(every(STEP), (_, run) => run.broker);
    expect(new Set(often.orders.map((o) => o.status))).toEqual(new Set(['accepted', 'partially_filled', 'filled']));
    expect(await session(every(23_000), (_, run) => run.broker)).toEqual(often);
    expect(await session([], (_, run) => run.broker)).toEqual(often);
    // Reads alternate between two instances on one ledger; each read from the 12th on is by a process just started.
    const instances = new Map<number, SimBrokers>();
    const shared = await session(every(STEP), (i, run) => {
      const key = i >= 12 ? i : i % 2;
      const brokers = instances.get(key) ?? run.make();
      instances.set(key, brokers);
      return brokers.open(access);
    });
    expect(shared).toEqual(often);
  });

  it('keeps a partial fill through a restart: the next process reads it as it was and fills the rest, never more', async () => {
    const { clock, make, broker } = setup();
    await submitted(broker, [entry('five', limitAt(0), 5)]);
    let order = await found(broker, 'five');
    while (order.status === 'accepted') {
      clock.advance(STEP);
      order = await found(broker, 'five');
    }
    expect(order.status).toBe('partially_filled');
    const restarted = make().open(access);
    expect(await found(restarted, 'five')).toEqual(order);
    expect((await restarted.positions())._unsafeUnwrap()).toEqual((await broker.positions())._unsafeUnwrap());
    clock.advance(10 * MINUTE);
    expect(await found(restarted, 'five')).toMatchObject({ status: 'filled', filledQty: 5, filledAvgPrice: limitAt(0) });
    const positions = (await restarted.positions())._unsafeUnwrap();
    for (const leg of condor.legs) expect(positions.find((p) => p.symbol === leg.symbol)?.qty).toBe(leg.side === 'buy' ? 5 : -5);
  });
});
