import type { Broker, BrokerAccess, MarketData, MultiLegOrder, OptionContract, OrderLeg } from '@condor/core';
import { brokerContract, FakeClock, SeededIds } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { MemoryPaperLedger } from './memory-paper-ledger.js';
import { SimBrokers } from './sim-brokers.js';
import { SimMarketData } from './sim-market-data.js';

/** Tuesday 2026-02-10, 10:00 New York: the market is open. */
const NOW = Date.UTC(2026, 1, 10, 15, 0);
const HOUR = 3_600_000;
const SEED = 7;
const OWNER = 'user-1';
const WIDTH = 5;

const access = (ownerId = OWNER): BrokerAccess => ({ ownerId, broker: 'sim', environment: 'paper', credentials: null });
const cents = (x: number): number => Math.round(x * 100) / 100;
const mid = (c: OptionContract): number => (c.bid + c.ask) / 2;

interface Condor {
  readonly legs: OrderLeg[];
  readonly contracts: OptionContract[];
  /** Net mid per share, Alpaca's sign (a credit, so negative). */
  readonly netMid: number;
}

/** A $5-wide SPY iron condor about 5 % out of the money on the 2026-03-20 expiry, priced now. */
async function spyCondor(market: MarketData): Promise<Condor> {
  const spot = (await market.quote('SPY'))._unsafeUnwrap().last;
  const chain = (await market.optionChain('SPY', '2026-03-20'))._unsafeUnwrap();
  const at = (type: 'put' | 'call', strike: number): OptionContract => chain.find((c) => c.type === type && c.strike === strike)!;
  const shortPut = Math.round(spot * 0.95);
  const shortCall = Math.round(spot * 1.05);
  const contracts = [at('put', shortPut - WIDTH), at('put', shortPut), at('call', shortCall), at('call', shortCall + WIDTH)];
  const sides = ['buy', 'sell', 'sell', 'buy'] as const;
  const legs = contracts.map((c, i): OrderLeg => {
    const side = sides[i]!;
    return { symbol: c.symbol, side, intent: side === 'buy' ? 'buy_to_open' : 'sell_to_open' };
  });
  return { legs, contracts, netMid: mid(contracts[0]!) - mid(contracts[1]!) - mid(contracts[2]!) + mid(contracts[3]!) };
}

const condor = await spyCondor(new SimMarketData(new FakeClock(NOW), SEED));
const MARKETABLE = cents(condor.netMid) + 0.05;
const UNMARKETABLE = cents(condor.netMid) - 0.5;

function setup(options: { startingCash?: number } = {}) {
  const clock = new FakeClock(NOW);
  const market = new SimMarketData(clock, SEED);
  const brokers = new SimBrokers(market, clock, new SeededIds(), options);
  return { clock, market, brokers, broker: brokers.open(access()) };
}

const entry = (clientOrderId: string, limitPrice = MARKETABLE, qty = 1): MultiLegOrder => ({ clientOrderId, qty, limitPrice, legs: condor.legs });
const exit = (clientOrderId: string, limitPrice: number, qty = 1): MultiLegOrder => ({
  clientOrderId,
  qty,
  limitPrice,
  legs: condor.legs.map((l): OrderLeg => (l.side === 'buy' ? { symbol: l.symbol, side: 'sell', intent: 'sell_to_close' } : { symbol: l.symbol, side: 'buy', intent: 'buy_to_close' })),
});

async function rejection(broker: Broker, order: MultiLegOrder): Promise<string> {
  const error = (await broker.submit(order))._unsafeUnwrapErr();
  if (error.kind !== 'rejected') throw new Error(`expected a rejection, got ${JSON.stringify(error)}`);
  return error.message;
}

/** The simulated market with the condor's short legs dearer by `lift` a share once lifted: the market coming to a working credit order. */
class LiftedMarket extends SimMarketData {
  lift = 0;
  private readonly shorts = new Set(condor.legs.filter((l) => l.side === 'sell').map((l) => l.symbol));

  override chainContracts(symbol: string, expiry: string, symbols: ReadonlySet<string>) {
    return super.chainContracts(symbol, expiry, symbols).map((contracts) => contracts.map((c) => (this.shorts.has(c.symbol) ? { ...c, bid: c.bid + this.lift, ask: c.ask + this.lift } : c)));
  }
}

brokerContract('SimBrokers', {
  make: () => Promise.resolve(setup().broker),
  entryLegs: () => condor.legs,
  marketableLimit: MARKETABLE,
  unmarketableLimit: UNMARKETABLE,
  exitLimit: cents(-condor.netMid) + 0.1,
  racingReplace: () => {
    const clock = new FakeClock(NOW);
    const market = new LiftedMarket(clock, SEED);
    const broker = new SimBrokers(market, clock, new SeededIds()).open(access());
    // The sim has no replace in flight to race: the nearest is the market reaching the old order as the replace is sent.
    return Promise.resolve({
      broker,
      fillDuringNextReplace: () => {
        market.lift = 1;
      },
    });
  },
});

describe('PaperBroker fills', () => {
  it('is priced from a real credit condor', () => {
    expect(condor.netMid).toBeLessThan(0);
    expect(condor.netMid).toBeGreaterThan(-WIDTH);
  });

  it('fills at the limit when it is at or through the net mid, legs adding up to the limit', async () => {
    const { broker } = setup();
    const order = (await broker.submit(entry('p1')))._unsafeUnwrap();
    expect(order).toMatchObject({ id: `sim-order-${new SeededIds().uuid()}`, status: 'filled', filledQty: 1, filledAvgPrice: MARKETABLE, submittedAt: NOW });
    const positions = (await broker.positions())._unsafeUnwrap();
    const net = condor.legs.reduce((sum, leg) => {
      const p = positions.find((x) => x.symbol === leg.symbol)!;
      return sum + (leg.side === 'buy' ? p.avgEntryPrice : -p.avgEntryPrice);
    }, 0);
    expect(net).toBeCloseTo(MARKETABLE, 3);
    for (const [i, c] of condor.contracts.entries()) expect(positions.find((p) => p.symbol === c.symbol)?.currentPrice).toBeCloseTo(mid(condor.contracts[i]!), 4);
  });

  it('fills up to a cent inside the net mid, and not beyond', async () => {
    const { broker } = setup();
    const penny = Math.ceil((condor.netMid - 0.01) * 100 - 1e-9) / 100;
    expect((await broker.submit(entry('a-penny-inside', penny)))._unsafeUnwrap().status).toBe('filled');
    expect((await broker.submit(entry('two-pennies-inside', penny - 0.01)))._unsafeUnwrap().status).toBe('accepted');
  });

  it('signs positions: longs positive, shorts negative; a partial close shrinks them and a full close removes them', async () => {
    const { broker } = setup();
    (await broker.submit(entry('open', MARKETABLE, 3)))._unsafeUnwrap();
    const qty = async () => new Map((await broker.positions())._unsafeUnwrap().map((p) => [p.symbol, p.qty]));
    expect((await qty()).size).toBe(4);
    for (const leg of condor.legs) expect((await qty()).get(leg.symbol)).toBe(leg.side === 'buy' ? 3 : -3);
    const debit = cents(-condor.netMid) + 0.1;
    expect((await broker.submit(exit('close-1', debit, 1)))._unsafeUnwrap().status).toBe('filled');
    for (const leg of condor.legs) expect((await qty()).get(leg.symbol)).toBe(leg.side === 'buy' ? 2 : -2);
    expect((await broker.submit(exit('close-2', debit, 2)))._unsafeUnwrap().status).toBe('filled');
    expect((await broker.positions())._unsafeUnwrap()).toEqual([]);
  });

  it('holds the max loss of an open condor out of buying power: (width − credit) × 100 × qty', async () => {
    const { broker } = setup();
    (await broker.submit(entry('open', MARKETABLE, 2)))._unsafeUnwrap();
    const { buyingPower } = (await broker.verify())._unsafeUnwrap();
    expect(buyingPower).toBeCloseTo(100_000 - (WIDTH + MARKETABLE) * 100 * 2, 2);
    (await broker.submit(exit('close', cents(-condor.netMid) + 0.1, 2)))._unsafeUnwrap();
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBeLessThan(100_000);
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBeGreaterThan(buyingPower);
  });

  it('holds buying power for a working order and gives it back on cancel', async () => {
    const { broker } = setup();
    const working = (await broker.submit(entry('w', UNMARKETABLE)))._unsafeUnwrap();
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBeCloseTo(100_000 - (WIDTH + UNMARKETABLE) * 100, 2);
    (await broker.cancel(working.id))._unsafeUnwrap();
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBe(100_000);
  });

  it('rejects an order that would take more buying power than there is, and places nothing', async () => {
    const { brokers, broker } = setup({ startingCash: 1_000 });
    const tooMany = Math.ceil(1_000 / ((WIDTH + MARKETABLE) * 100)) + 1;
    expect(await rejection(broker, entry('big', MARKETABLE, tooMany))).toMatch(/^insufficient buying power/);
    expect(await brokers.allOrders(OWNER)).toEqual([]);
    expect((await broker.submit(entry('small', MARKETABLE, 1)))._unsafeUnwrap().status).toBe('filled');
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBeGreaterThanOrEqual(0);
  });
});

describe('PaperBroker working orders', () => {
  it('works an unmarketable order and fills it once the market comes to the limit', async () => {
    const { clock, market, broker } = setup();
    (await broker.submit(entry('open')))._unsafeUnwrap();
    // The condor decays through the day: a closing debit a little under today's mid fills later.
    const limit = cents(-condor.netMid) - 0.05;
    expect((await broker.submit(exit('close', limit)))._unsafeUnwrap().status).toBe('accepted');
    let filledAt: number | undefined;
    for (let step = 1; step <= 12 && filledAt === undefined; step++) {
      clock.set(NOW + step * HOUR * 0.5);
      const debitNow = -(await spyCondorAt(market));
      const order = (await broker.orderByClientId('close'))._unsafeUnwrap();
      expect(order?.status).toBe(limit >= debitNow - 0.01 - 1e-9 ? 'filled' : 'accepted');
      if (order?.status === 'filled') filledAt = clock.now();
    }
    expect(filledAt).toBeDefined();
    expect((await broker.positions())._unsafeUnwrap()).toEqual([]);
  });

  it('expires a day order unfilled at the close', async () => {
    const { clock, broker } = setup();
    (await broker.submit(entry('w', UNMARKETABLE)))._unsafeUnwrap();
    clock.set(Date.UTC(2026, 1, 10, 20, 59));
    expect((await broker.orders('open'))._unsafeUnwrap()).toHaveLength(1);
    clock.set(Date.UTC(2026, 1, 10, 21, 0));
    expect((await broker.orders('open'))._unsafeUnwrap()).toEqual([]);
    expect((await broker.orderByClientId('w'))._unsafeUnwrap()?.status).toBe('expired');
  });

  it('cancels a working order once; refuses a filled or unknown one', async () => {
    const { broker } = setup();
    const working = (await broker.submit(entry('w', UNMARKETABLE)))._unsafeUnwrap();
    const filled = (await broker.submit(entry('f')))._unsafeUnwrap();
    expect((await broker.cancel(working.id))._unsafeUnwrap()).toEqual({ kind: 'canceled' });
    expect((await broker.cancel(working.id))._unsafeUnwrap()).toEqual({ kind: 'refused', message: 'order is not cancelable' });
    expect((await broker.cancel(filled.id))._unsafeUnwrap()).toEqual({ kind: 'refused', message: 'order is not cancelable' });
    expect((await broker.cancel('sim-order-00000000-0000-4000-8000-000000000000'))._unsafeUnwrap()).toEqual({ kind: 'refused', message: 'order not found' });
    expect((await broker.orders('all'))._unsafeUnwrap().map((o) => o.status)).toEqual(['filled', 'canceled']);
  });

  it('replaces a working order within the buying power its own hold frees', async () => {
    const startingCash = Math.ceil((WIDTH + UNMARKETABLE) * 100) + 50;
    const { broker } = setup({ startingCash });
    const working = (await broker.submit(entry('walk-s0', UNMARKETABLE)))._unsafeUnwrap();
    expect(await rejection(broker, entry('another', UNMARKETABLE))).toMatch(/^insufficient buying power/);
    const step = cents(UNMARKETABLE + 0.05);
    expect((await broker.replace({ orderId: working.id, clientOrderId: 'walk-s1', limitPrice: step }))._unsafeUnwrap()).toMatchObject({ status: 'accepted', limitPrice: step });
    expect((await broker.verify())._unsafeUnwrap().buyingPower).toBeCloseTo(startingCash - (WIDTH + step) * 100, 2);
  });

  it('counts working closing legs against what may still be closed', async () => {
    const { broker } = setup();
    (await broker.submit(entry('open')))._unsafeUnwrap();
    expect((await broker.submit(exit('close-low', 0.01)))._unsafeUnwrap().status).toBe('accepted');
    expect(await rejection(broker, exit('close-again', 0.01))).toMatch(/insufficient qty available .*available 0/);
  });
});

/** The SPY condor's net mid at the market's current time. */
async function spyCondorAt(market: MarketData): Promise<number> {
  const chain = (await market.optionChain('SPY', '2026-03-20'))._unsafeUnwrap();
  return condor.legs.reduce((sum, leg) => {
    const c = chain.find((x) => x.symbol === leg.symbol)!;
    return sum + (leg.side === 'buy' ? mid(c) : -mid(c));
  }, 0);
}

describe('PaperBroker refusals', () => {
  const leg = (symbol: string, side: 'buy' | 'sell' = 'buy'): OrderLeg => ({ symbol, side, intent: side === 'buy' ? 'buy_to_open' : 'sell_to_open' });
  const order = (legs: OrderLeg[], extra: Partial<MultiLegOrder> = {}): MultiLegOrder => ({ clientOrderId: 'r', qty: 1, limitPrice: 5, legs, ...extra });
  const [a, b, c, d] = condor.legs as [OrderLeg, OrderLeg, OrderLeg, OrderLeg];

  it.each([
    ['no legs', order([]), /1 to 4 legs; got 0/],
    ['five legs', order([a, b, c, d, leg(a.symbol.replace('P', 'C'))]), /1 to 4 legs; got 5/],
    ['qty 0', order([a], { qty: 0 }), /qty must be a whole number/],
    ['a fractional qty', order([a], { qty: 1.5 }), /qty must be a whole number/],
    ['a symbol that is not OCC', order([leg('SPY')]), /SPY is not an OCC option symbol/],
    ['an unknown underlying', order([leg('ZZZZ260320P00100000')]), /ZZZZ is not a tradeable underlying/],
    ['an underlying that does not trade', order([leg('TCEHY260320P00070000')]), /TCEHY is not a tradeable underlying/],
    ['an expired expiry', order([leg('SPY260116P00600000')]), /expiry 2026-01-16 is not listed/],
    ['an expiry never listed', order([leg('SPY260318P00600000')]), /expiry 2026-03-18 is not listed/],
    ['a strike not listed', order([leg('SPY260320P00600500')]), /no put is listed at strike 600.5/],
    ['legs of two underlyings', order([a, leg('QQQ260320P00550000')]), /same underlying/],
    ['the same contract twice', order([a, a]), /different contract/],
    ['a side against its intent', order([{ symbol: a.symbol, side: 'sell', intent: 'buy_to_open' }]), /does not match position_intent/],
    ['closing a position not held', order([{ symbol: b.symbol, side: 'buy', intent: 'buy_to_close' }]), /insufficient qty available to buy_to_close \(requested 1, available 0\)/],
    ['an uncovered short call', order([leg(c.symbol, 'sell')], { limitPrice: -1 }), /uncovered short calls/],
  ])('rejects %s', async (_, bad, message) => {
    const { brokers, broker } = setup();
    expect(await rejection(broker, bad)).toMatch(message);
    expect(await brokers.allOrders(OWNER)).toEqual([]);
  });

  it('rejects opening against a held opposite position', async () => {
    const { broker } = setup();
    (await broker.submit(entry('open')))._unsafeUnwrap();
    expect(await rejection(broker, order([leg(b.symbol, 'buy')]))).toMatch(/while holding the opposite position; use buy_to_close/);
  });

  it('rejects a client order id already used and keeps one order', async () => {
    const { brokers, broker } = setup();
    (await broker.submit(entry('p1', UNMARKETABLE)))._unsafeUnwrap();
    expect(await rejection(broker, entry('p1'))).toBe('client_order_id must be unique');
    expect(await brokers.allOrders(OWNER)).toHaveLength(1);
  });

  it('places exactly one order for 50 concurrent submits of one client order id', async () => {
    const { brokers, broker } = setup();
    const results = await Promise.all(Array.from({ length: 50 }, () => broker.submit(entry('same'))));
    expect(results.filter((r) => r.isOk())).toHaveLength(1);
    expect(results.filter((r) => r.isErr() && r.error.kind === 'rejected' && r.error.message === 'client_order_id must be unique')).toHaveLength(49);
    expect(await brokers.allOrders(OWNER)).toHaveLength(1);
    expect(brokers.submitCount(OWNER)).toBe(50);
  });

  it('does not open an account of another broker', async () => {
    const { brokers } = setup();
    const alpaca = brokers.open({ ownerId: OWNER, broker: 'alpaca', environment: 'paper', credentials: { kind: 'alpaca', apiKey: 'k', apiSecret: 's' } });
    expect((await alpaca.verify())._unsafeUnwrapErr().kind).toBe('unavailable');
  });
});

describe('SimBrokers faults', () => {
  it('rate-limits the next calls of one owner, whatever the method', async () => {
    const { brokers, broker } = setup();
    brokers.rateLimit(OWNER, 3, 12);
    const other = brokers.open(access('user-2'));
    expect((await other.verify()).isOk()).toBe(true);
    expect((await broker.verify())._unsafeUnwrapErr()).toEqual({ kind: 'rate_limited', retryAfterSeconds: 12 });
    expect((await broker.submit(entry('p1')))._unsafeUnwrapErr().kind).toBe('rate_limited');
    expect((await broker.cancel('x'))._unsafeUnwrapErr().kind).toBe('rate_limited');
    expect((await broker.submit(entry('p1')))._unsafeUnwrap().status).toBe('filled');
    expect(brokers.submitCount(OWNER)).toBe(2);
  });

  it('refuses every cancel while told to, leaving the order working', async () => {
    const { brokers, broker } = setup();
    const working = (await broker.submit(entry('w', UNMARKETABLE)))._unsafeUnwrap();
    brokers.refuseCancels(OWNER, true);
    const outcome = (await broker.cancel(working.id))._unsafeUnwrap();
    expect(outcome.kind).toBe('refused');
    expect((await broker.orders('open'))._unsafeUnwrap()).toHaveLength(1);
    brokers.refuseCancels(OWNER, false);
    expect((await broker.cancel(working.id))._unsafeUnwrap()).toEqual({ kind: 'canceled' });
  });

  it('loses the acknowledgement of a placed order: the submit times out, the order is there', async () => {
    const { brokers, broker } = setup();
    brokers.loseNextSubmitAck(OWNER);
    expect((await broker.submit(entry('p1')))._unsafeUnwrapErr()).toEqual({ kind: 'unavailable', message: 'timeout' });
    expect((await broker.orderByClientId('p1'))._unsafeUnwrap()?.status).toBe('filled');
    expect(await rejection(broker, entry('p1'))).toBe('client_order_id must be unique');
    expect(await brokers.allOrders(OWNER)).toHaveLength(1);
  });

  it('fails a submit without placing it, once', async () => {
    const { brokers, broker } = setup();
    brokers.failNextSubmit(OWNER);
    expect((await broker.submit(entry('p1')))._unsafeUnwrapErr().kind).toBe('unavailable');
    expect((await broker.orderByClientId('p1'))._unsafeUnwrap()).toBeNull();
    expect((await broker.submit(entry('p1')))._unsafeUnwrap().status).toBe('filled');
    expect(brokers.submitCount(OWNER)).toBe(2);
  });

  it('holds an external position that shows in positions and can be closed', async () => {
    const { brokers, broker } = setup();
    const [, shortPut] = condor.contracts as [OptionContract, OptionContract];
    await brokers.holdExternalPosition(OWNER, shortPut.symbol, -2, 4.2);
    const positions = (await broker.positions())._unsafeUnwrap();
    expect(positions).toEqual([{ symbol: shortPut.symbol, qty: -2, avgEntryPrice: 4.2, currentPrice: Math.round(mid(shortPut) * 10_000) / 10_000 }]);
    const close: MultiLegOrder = { clientOrderId: 'c', qty: 2, limitPrice: shortPut.ask, legs: [{ symbol: shortPut.symbol, side: 'buy', intent: 'buy_to_close' }] };
    expect((await broker.submit(close))._unsafeUnwrap().status).toBe('filled');
    expect((await broker.positions())._unsafeUnwrap()).toEqual([]);
  });
});

describe('SimBrokers determinism', () => {
  it('gives the same orders, positions and account for the same clock and calls', async () => {
    const run = async () => {
      const { clock, broker } = setup();
      (await broker.submit(entry('a', MARKETABLE, 2)))._unsafeUnwrap();
      (await broker.submit(entry('b', UNMARKETABLE)))._unsafeUnwrap();
      clock.advance(HOUR);
      return {
        orders: (await broker.orders('all'))._unsafeUnwrap(),
        positions: (await broker.positions())._unsafeUnwrap(),
        account: (await broker.verify())._unsafeUnwrap(),
      };
    };
    expect(await run()).toEqual(await run());
  });

  it('names each order from the injected ids: sim-order- and a UUID, never a counter', async () => {
    const ids = new SeededIds(0x1234);
    const expected = new SeededIds(0x1234);
    const brokers = new SimBrokers(new SimMarketData(new FakeClock(NOW), SEED), new FakeClock(NOW), ids);
    const first = (await brokers.open(access()).submit(entry('x1')))._unsafeUnwrap();
    const other = (await brokers.open(access('user-2')).submit(entry('x2')))._unsafeUnwrap();
    expect([first.id, other.id]).toEqual([`sim-order-${expected.uuid()}`, `sim-order-${expected.uuid()}`]);
  });

  it('keeps one account per owner across opens', async () => {
    const { brokers } = setup();
    (await brokers.open(access()).submit(entry('p1')))._unsafeUnwrap();
    expect((await brokers.open(access()).orders('all'))._unsafeUnwrap()).toHaveLength(1);
    expect((await brokers.open(access('user-2')).orders('all'))._unsafeUnwrap()).toEqual([]);
    const [one, two] = [(await brokers.open(access()).verify())._unsafeUnwrap(), (await brokers.open(access('user-2')).verify())._unsafeUnwrap()];
    expect(one.accountId).not.toBe(two.accountId);
    expect(two).toEqual({ accountId: two.accountId, buyingPower: 100_000, spreadsAllowed: true });
  });
});

describe('SimBrokers over one ledger: a restart, several instances', () => {
  /** `count` SimBrokers on one ledger, as processes on one database: each its own ids, desks and queues. */
  function instances(count: number, options: { outsidePosition?: boolean } = {}) {
    const clock = new FakeClock(NOW);
    const market = new SimMarketData(clock, SEED);
    const ledger = new MemoryPaperLedger();
    const make = (seed: number) => new SimBrokers(market, clock, new SeededIds(seed), { ledger, ...options });
    return { clock, ledger, make, brokers: Array.from({ length: count }, (_, i) => make(100 + i)) };
  }

  it('keeps the account through a restart: orders, fills, positions and buying power, and the position can be exited', async () => {
    const { make, brokers } = instances(1);
    const before = brokers[0]!.open(access());
    const filled = (await before.submit(entry('open', MARKETABLE, 2)))._unsafeUnwrap();
    const working = (await before.submit(entry('w', UNMARKETABLE)))._unsafeUnwrap();
    const seen = { orders: (await before.orders('all'))._unsafeUnwrap(), positions: (await before.positions())._unsafeUnwrap(), account: (await before.verify())._unsafeUnwrap() };

    const after = make(200).open(access());
    expect({ orders: (await after.orders('all'))._unsafeUnwrap(), positions: (await after.positions())._unsafeUnwrap(), account: (await after.verify())._unsafeUnwrap() }).toEqual(seen);
    expect((await after.orderByClientId('open'))._unsafeUnwrap()).toEqual(filled);
    expect((await after.cancel(working.id))._unsafeUnwrap()).toEqual({ kind: 'canceled' });
    const closed = (await after.submit(exit('close', cents(-condor.netMid) + 0.1, 2)))._unsafeUnwrap();
    expect(closed.status).toBe('filled');
    expect((await after.positions())._unsafeUnwrap()).toEqual([]);
    const ids = (await after.orders('all'))._unsafeUnwrap().map((o) => o.id);
    expect(ids).toEqual([closed.id, working.id, filled.id]);
    expect(new Set(ids).size).toBe(3);
  });

  it('gives the demo holding once per account, not again after a restart', async () => {
    const { make, brokers } = instances(1, { outsidePosition: true });
    expect((await brokers[0]!.open(access()).positions())._unsafeUnwrap()).toHaveLength(1);
    expect((await make(200).open(access()).positions())._unsafeUnwrap()).toHaveLength(1);
  });

  it('places one order for 50 concurrent submits of one client order id spread over two instances', async () => {
    const { brokers } = instances(2);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => brokers[i % 2]!.open(access()).submit(entry('same'))));
    expect(results.filter((r) => r.isOk())).toHaveLength(1);
    expect(results.filter((r) => r.isErr() && r.error.kind === 'rejected' && r.error.message === 'client_order_id must be unique')).toHaveLength(49);
    expect(await brokers[0]!.allOrders(OWNER)).toHaveLength(1);
    expect((await brokers[1]!.open(access()).orders('all'))._unsafeUnwrap()).toHaveLength(1);
  });

  it('replaces an order once when two instances replace it at once, and keeps the link through a restart', async () => {
    const { make, brokers } = instances(2);
    const working = (await brokers[0]!.open(access()).submit(entry('w-s0', UNMARKETABLE)))._unsafeUnwrap();
    const results = await Promise.all(brokers.map((b, i) => b.open(access()).replace({ orderId: working.id, clientOrderId: `w-s1-${String(i)}`, limitPrice: UNMARKETABLE })));
    const placed = results.filter((r) => r.isOk()).map((r) => r._unsafeUnwrap());
    expect(placed).toHaveLength(1);
    const after = make(300).open(access());
    expect((await after.orders('open'))._unsafeUnwrap().map((o) => o.id)).toEqual([placed[0]!.id]);
    expect((await after.orderByClientId('w-s0'))._unsafeUnwrap()).toMatchObject({ status: 'replaced', replacedBy: placed[0]!.id });
  });

  it('loses no fill, cash or position when two instances trade one account at once', async () => {
    const trade = async (brokers: readonly SimBrokers[]) => {
      const placed = await Promise.all(Array.from({ length: 12 }, (_, i) => brokers[i % brokers.length]!.open(access()).submit(entry(`p${String(i)}`))));
      expect(placed.map((r) => r._unsafeUnwrap().status)).toEqual(Array(12).fill('filled'));
      const broker = brokers[0]!.open(access());
      return { positions: (await broker.positions())._unsafeUnwrap(), account: (await broker.verify())._unsafeUnwrap(), orders: (await broker.orders('all'))._unsafeUnwrap().length };
    };
    const shared = await trade(instances(2).brokers);
    expect(shared).toEqual(await trade(instances(1).brokers));
    for (const leg of condor.legs) expect(shared.positions.find((p) => p.symbol === leg.symbol)?.qty).toBe(leg.side === 'buy' ? 12 : -12);
    expect(shared.account.buyingPower).toBeCloseTo(100_000 - (WIDTH + MARKETABLE) * 100 * 12, 2);
  });
});
