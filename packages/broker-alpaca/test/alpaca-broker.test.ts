import type { Broker, BrokerAccess, BrokerError, MultiLegOrder, OrderLeg } from '@condor/core';
import { brokerContract } from '@condor/testkit';
import type { Result } from 'neverthrow';
import { afterEach, describe, expect, it } from 'vitest';
import { AlpacaBrokers, type AlpacaBrokersOptions } from '../src/index.js';
import { FakeAlpaca } from './fake-alpaca.js';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const now = (): number => NOW;

const entryLegs = (): OrderLeg[] => [
  { symbol: 'SPY260320P00560000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY260320P00570000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00640000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260320C00650000', side: 'buy', intent: 'buy_to_open' },
];

const fakes: FakeAlpaca[] = [];
const sleeps: number[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
  sleeps.length = 0;
});

interface Setup {
  readonly fake: FakeAlpaca;
  readonly broker: Broker;
}

async function setup(options: { keys?: { apiKey: string; apiSecret: string }; environment?: 'paper' | 'live'; brokers?: AlpacaBrokersOptions } = {}): Promise<Setup> {
  const fake = new FakeAlpaca({ now });
  fakes.push(fake);
  const url = await fake.start();
  const brokers = new AlpacaBrokers({
    baseUrls: { paper: url, live: url },
    timeoutMs: 2_000,
    now,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...options.brokers,
  });
  const access: BrokerAccess = {
    ownerId: 'u1',
    broker: 'alpaca',
    environment: options.environment ?? 'paper',
    credentials: { kind: 'alpaca', ...(options.keys ?? { apiKey: fake.apiKey, apiSecret: fake.apiSecret }) },
  };
  return { fake, broker: brokers.open(access) };
}

function value<T>(result: Result<T, BrokerError>): T {
  if (result.isErr()) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function failure<T>(result: Result<T, BrokerError>): BrokerError {
  if (result.isOk()) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

const condor = (clientOrderId: string, limitPrice = -1.25): MultiLegOrder => ({ clientOrderId, qty: 1, limitPrice, legs: entryLegs() });

brokerContract('AlpacaBroker against the fake Alpaca server', {
  make: async () => (await setup()).broker,
  entryLegs,
  marketableLimit: -1.25,
  unmarketableLimit: -5,
  exitLimit: 0.5,
  racingReplace: async () => {
    const { fake, broker } = await setup();
    return {
      broker,
      fillDuringNextReplace: () => {
        fake.raceNextReplace('fill-during');
      },
    };
  },
});

describe('AlpacaBroker', () => {
  it('answers auth_failed naming paper and live, without the keys, when the keys are refused', async () => {
    const keys = { apiKey: 'PKWRONGKEY123', apiSecret: 'wrong-secret-xyz' };
    const { fake, broker } = await setup({ keys, environment: 'live' });
    const error = failure(await broker.verify());
    expect(error.kind).toBe('auth_failed');
    const message = error.kind === 'auth_failed' ? error.message : '';
    expect(message).toMatch(/paper keys are used with paper and live keys with live/);
    expect(message).not.toContain(keys.apiKey);
    expect(message).not.toContain(keys.apiSecret);
    expect(fake.requests.map((r) => [r.method, r.path, r.authorized])).toEqual([['GET', '/v2/account', false]]);
  });

  it('answers auth_failed for a 403 on the account', async () => {
    const { fake, broker } = await setup();
    fake.failNext('GET', 403, 1, 'forbidden');
    expect(failure(await broker.verify()).kind).toBe('auth_failed');
    expect(fake.requests).toHaveLength(1);
  });

  it('reads the account: options buying power, spreads allowed at level 3', async () => {
    const { broker } = await setup();
    expect(value(await broker.verify())).toEqual({ accountId: 'PA3FAKE0001', buyingPower: 100_000, spreadsAllowed: true });
  });

  it('answers rate_limited with the seconds until X-RateLimit-Reset, at least 1', async () => {
    const { fake, broker } = await setup();
    fake.rateLimitNext('GET', NOW / 1000 + 12.3);
    expect(failure(await broker.positions())).toEqual({ kind: 'rate_limited', retryAfterSeconds: 13 });
    fake.rateLimitNext('GET', NOW / 1000 - 5);
    expect(failure(await broker.orders('all'))).toEqual({ kind: 'rate_limited', retryAfterSeconds: 1 });
    expect(sleeps).toEqual([]);
  });

  it("rejects an order refused for buying power (403) with Alpaca's message", async () => {
    const { fake, broker } = await setup();
    fake.refuseNextOrderForBuyingPower();
    expect(failure(await broker.submit(condor('p-bp')))).toEqual({
      kind: 'rejected',
      message: 'insufficient options buying power for order (required: 500, available: 0)',
    });
  });

  it('rejects more than four legs without calling Alpaca', async () => {
    const { fake, broker } = await setup();
    const five = { ...condor('p-five'), legs: [...entryLegs(), { symbol: 'SPY260320C00660000', side: 'buy', intent: 'buy_to_open' } as const] };
    expect(failure(await broker.submit(five)).kind).toBe('rejected');
    expect(fake.requests).toEqual([]);
  });

  it('retries a GET that met a 5xx and succeeds, after a backoff', async () => {
    const { fake, broker } = await setup();
    fake.failNext('GET', 503, 2);
    expect(value(await broker.positions())).toEqual([]);
    expect(fake.requests.filter((r) => r.path === '/v2/positions')).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('retries a GET that timed out', async () => {
    const { fake, broker } = await setup({ brokers: { timeoutMs: 150 } });
    fake.delayNext('GET', 1_000);
    expect(value(await broker.orders('all'))).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('gives up on a GET after two retries, as unavailable', async () => {
    const { fake, broker } = await setup();
    fake.failNext('GET', 500, 3);
    expect(failure(await broker.verify()).kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a submit that timed out, answers unavailable, and the order is found by client order id', async () => {
    const { fake, broker } = await setup({ brokers: { timeoutMs: 150 } });
    fake.delayNext('POST', 1_000);
    const error = failure(await broker.submit(condor('p-timeout')));
    expect(error.kind).toBe('unavailable');
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(value(await broker.orderByClientId('p-timeout'))?.status).toBe('filled');
  });

  it('does not retry a submit that met a 5xx', async () => {
    const { fake, broker } = await setup();
    fake.failNext('POST', 502);
    expect(failure(await broker.submit(condor('p-502'))).kind).toBe('unavailable');
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('sends the documented mleg order JSON', async () => {
    const { fake, broker } = await setup();
    value(await broker.submit(condor('proposal-1')));
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/v2/orders');
    expect(post?.authorized).toBe(true);
    expect(post?.body).toStrictEqual({
      order_class: 'mleg',
      qty: '1',
      type: 'limit',
      limit_price: '-1.25',
      time_in_force: 'day',
      client_order_id: 'proposal-1',
      legs: [
        { symbol: 'SPY260320P00560000', ratio_qty: '1', side: 'buy', position_intent: 'buy_to_open' },
        { symbol: 'SPY260320P00570000', ratio_qty: '1', side: 'sell', position_intent: 'sell_to_open' },
        { symbol: 'SPY260320C00640000', ratio_qty: '1', side: 'sell', position_intent: 'sell_to_open' },
        { symbol: 'SPY260320C00650000', ratio_qty: '1', side: 'buy', position_intent: 'buy_to_open' },
      ],
    });
  });

  it('lists orders with status, nested, limit 500 and newest first', async () => {
    const { fake, broker } = await setup();
    value(await broker.orders('open'));
    expect(fake.requests[0]?.query).toEqual({ status: 'open', nested: 'true', limit: '500', direction: 'desc' });
  });

  it('maps the order: strings parsed, status, legs with side and intent', async () => {
    const { broker } = await setup();
    const placed = value(await broker.submit(condor('p-map')));
    expect(placed).toMatchObject({ clientOrderId: 'p-map', status: 'filled', qty: 1, filledQty: 1, limitPrice: -1.25, filledAvgPrice: -1.25, submittedAt: NOW });
    expect(placed.legs).toEqual(entryLegs());
  });

  it('maps cancels: 204 then canceled, 422 refused, 404 refused, each with the re-read or message', async () => {
    const { fake, broker } = await setup();
    const working = value(await broker.submit(condor('p-work', -5)));
    expect(value(await broker.cancel(working.id))).toEqual({ kind: 'canceled' });
    expect(fake.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v2/orders/${working.id}`, `GET /v2/orders/${working.id}`]);
    expect(value(await broker.cancel(working.id))).toEqual({ kind: 'refused', message: 'order is not cancelable' });
    expect(value(await broker.cancel('00000000-0000-0000-0000-000000000000'))).toEqual({ kind: 'refused', message: 'order not found' });
  });

  it('carries short option legs as negative quantities and leaves out other asset classes', async () => {
    const { fake, broker } = await setup();
    fake.otherPositions.push({ symbol: 'SPY', asset_class: 'us_equity', qty: '-3', side: 'short', avg_entry_price: '600.00', current_price: '601.00' });
    value(await broker.submit(condor('p-pos')));
    const positions = value(await broker.positions());
    expect(Object.fromEntries(positions.map((p) => [p.symbol, p.qty]))).toEqual({
      SPY260320P00560000: 1,
      SPY260320P00570000: -1,
      SPY260320C00640000: -1,
      SPY260320C00650000: 1,
    });
  });

  it('scrubs the keys from a message Alpaca echoes', async () => {
    const { fake, broker } = await setup();
    fake.failNext('POST', 500, 1, `bad header APCA-API-SECRET-KEY=${fake.apiSecret} for key ${fake.apiKey}`);
    const error = failure(await broker.submit(condor('p-echo')));
    expect(error.kind).toBe('unavailable');
    expect(JSON.stringify(error)).toContain('[redacted]');
    expect(JSON.stringify(error)).not.toContain(fake.apiSecret);
    expect(JSON.stringify(error)).not.toContain(fake.apiKey);
  });
});

describe('AlpacaBroker replace', () => {
  it('reads the order, then PATCHes the new limit (signed as for mleg) and the client order id, and answers the new order', async () => {
    const { fake, broker } = await setup();
    const working = value(await broker.submit(condor('p-walk', -5)));
    const placed = value(await broker.replace({ orderId: working.id, clientOrderId: 'p-walk-s1', limitPrice: -4.256 }));
    expect(fake.requests.slice(-2).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/orders/${working.id}`, `PATCH /v2/orders/${working.id}`]);
    expect(fake.requests.at(-1)?.body).toStrictEqual({ limit_price: '-4.26', client_order_id: 'p-walk-s1' });
    expect(placed).toMatchObject({ clientOrderId: 'p-walk-s1', limitPrice: -4.26, status: 'accepted', replaces: working.id, replacedBy: null, submittedAt: NOW });
    const all = value(await broker.orders('all'));
    expect(all.find((o) => o.id === working.id)).toMatchObject({ status: 'replaced', replacedBy: placed.id, replaces: null });
  });

  it('refuses a partly filled order without sending the replace', async () => {
    const { fake, broker } = await setup();
    const working = value(await broker.submit(condor('p-partial', -5)));
    fake.setOrderStatus(working.id, 'partially_filled', 1);
    const before = fake.requests.length;
    expect(failure(await broker.replace({ orderId: working.id, clientOrderId: 'p-partial-s1', limitPrice: -4.9 })).kind).toBe('rejected');
    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
  });

  it("rejects with Alpaca's words when a fill lands before the PATCH, or the order is not yet at the venue or already being replaced", async () => {
    const { fake, broker } = await setup();
    const raced = value(await broker.submit(condor('p-raced', -5)));
    fake.raceNextReplace('fill-first');
    expect(failure(await broker.replace({ orderId: raced.id, clientOrderId: 'p-raced-s1', limitPrice: -4.9 }))).toEqual({ kind: 'rejected', message: 'order is already in "filled" state' });
    const early = value(await broker.submit(condor('p-early', -5)));
    fake.setOrderStatus(early.id, 'accepted');
    expect(failure(await broker.replace({ orderId: early.id, clientOrderId: 'p-early-s1', limitPrice: -4.9 }))).toEqual({ kind: 'rejected', message: "unable to replace order, order isn't sent to exchange yet" });
    const busy = value(await broker.submit(condor('p-busy', -5)));
    fake.setOrderStatus(busy.id, 'pending_replace');
    expect(value(await broker.orderByClientId('p-busy'))?.status).toBe('accepted');
    expect(failure(await broker.replace({ orderId: busy.id, clientOrderId: 'p-busy-s1', limitPrice: -4.9 }))).toEqual({ kind: 'rejected', message: 'order is already in "pending_replace" state' });
    expect(value(await broker.cancel(busy.id)).kind).toBe('refused');
    expect(value(await broker.orderByClientId('p-raced-s1'))).toBeNull();
  });

  it('answers the new order when a fill wins after the PATCH was taken; the new order then reads back rejected', async () => {
    const { fake, broker } = await setup();
    const working = value(await broker.submit(condor('p-late', -5)));
    fake.raceNextReplace('fill-during');
    const placed = value(await broker.replace({ orderId: working.id, clientOrderId: 'p-late-s1', limitPrice: -4.9 }));
    expect(placed.status).toBe('accepted');
    expect(value(await broker.orderByClientId('p-late-s1'))).toMatchObject({ id: placed.id, status: 'rejected', filledQty: 0 });
    expect(value(await broker.orderByClientId('p-late'))).toMatchObject({ status: 'filled', replacedBy: null });
  });

  it('does not retry a replace that timed out, answers unavailable, and the new order is found by client order id', async () => {
    const { fake, broker } = await setup({ brokers: { timeoutMs: 150 } });
    const working = value(await broker.submit(condor('p-slow', -5)));
    fake.delayNext('PATCH', 1_000);
    expect(failure(await broker.replace({ orderId: working.id, clientOrderId: 'p-slow-s1', limitPrice: -4.9 })).kind).toBe('unavailable');
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(value(await broker.orderByClientId('p-slow-s1'))?.replaces).toBe(working.id);
  });
});
