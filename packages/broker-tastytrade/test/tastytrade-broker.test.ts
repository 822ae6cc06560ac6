import type { MultiLegOrder } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { TASTYTRADE_ORDER_API_VERSION, toTastytradeSymbol } from '../src/index.js';
import { isRefusal, readOrderRequest } from '@condor/testkit';
import { entryLegs, exitLegs, failure, inAccount, value, VERSION, world } from './tastytrade-setup.js';

const condor = (clientOrderId: string, limitPrice = -0.5, qty = 1): MultiLegOrder => ({ clientOrderId, qty, limitPrice, legs: entryLegs() });
const placements = (fake: { requests: readonly { method: string; path: string }[] }): number =>
  fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/orders')).length;

describe('TastytradeBroker: the account', () => {
  it('reads derivative buying power from /balances/USD and spread approval from the options level', async () => {
    const { broker, brokers, access, fake } = await world();
    expect(value(await broker.verify())).toEqual({ accountId: '5WT00001', buyingPower: 100_000, spreadsAllowed: true });
    const ira = brokers.open(inAccount(access, '5WT00002'));
    expect(value(await ira.verify())).toEqual({ accountId: '5WT00002', buyingPower: 25_000, spreadsAllowed: false });
    expect(fake.requests.filter((r) => r.path.startsWith('/accounts/5WT00001')).map((r) => r.path).sort()).toEqual(['/accounts/5WT00001/balances/USD', '/accounts/5WT00001/trading-status']);
  });

  it('answers auth_failed naming an account the login does not have', async () => {
    const { brokers, access } = await world();
    const error = failure(await brokers.open(inAccount(access, '5WT99999')).verify());
    expect(error.kind).toBe('auth_failed');
    expect(error.kind === 'auth_failed' && error.message).toMatch(/account 5WT99999/);
  });

  it("lists the login's open accounts in words, for the connect step, before an account is chosen", async () => {
    const { brokers, access, fake } = await world();
    expect(value(await brokers.listAccounts(inAccount(access, null)))).toEqual([
      { accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true },
      { accountNumber: '5WT00002', description: 'Roth IRA cash account (Retirement)', canTrade: true },
    ]);
    expect(fake.requests.at(-1)?.path).toBe('/customers/me/accounts');
  });

  it('says a read-only authority may not trade', async () => {
    const { brokers, access } = await world({ fake: { accounts: [{ accountNumber: '5WT00003', nickname: 'Joint', authority: 'read-only' }] } });
    expect(value(await brokers.listAccounts(access))).toEqual([{ accountNumber: '5WT00003', description: 'Individual margin account (Joint), read only', canTrade: false }]);
  });

  it('opens a broker that says what is missing, without calling tastytrade, for a link with no account chosen, no keys or another broker', async () => {
    const { brokers, access, fake } = await world();
    const noAccount = failure(await brokers.open(inAccount(access, null)).verify());
    expect(noAccount).toMatchObject({ kind: 'auth_failed', message: expect.stringMatching(/No tastytrade account is chosen.*account_number/) as unknown });
    const noKeys = failure(await brokers.open({ ...access, credentials: null }).positions());
    expect(noKeys).toMatchObject({ kind: 'auth_failed', message: expect.stringMatching(/No tastytrade client secret and refresh token/) as unknown });
    const alpacaKeys = brokers.open({ ...access, credentials: { kind: 'alpaca', apiKey: 'k', apiSecret: 's' } });
    expect(failure(await alpacaKeys.dryRun({ clientOrderId: 'x', qty: 1, limitPrice: -1, legs: entryLegs() })).kind).toBe('auth_failed');
    expect(failure(await brokers.open({ ...access, broker: 'alpaca' }).verify()).kind).toBe('unavailable');
    expect(failure(await brokers.listAccounts({ ...access, credentials: null })).kind).toBe('auth_failed');
    expect(brokers.available).toEqual(['tastytrade']);
    expect(fake.requests).toEqual([]);
  });

  it('carries positions in compact OCC symbols, short legs negative, at the mark', async () => {
    const { broker, fake } = await world();
    value(await broker.submit(condor('p-pos')));
    const positions = value(await broker.positions());
    expect(Object.fromEntries(positions.map((p) => [p.symbol, p.qty]))).toEqual({
      SPY260320P00560000: 1,
      SPY260320P00570000: -1,
      SPY260320C00640000: -1,
      SPY260320C00650000: 1,
    });
    expect(positions.find((p) => p.symbol === 'SPY260320P00570000')).toMatchObject({ avgEntryPrice: 2.28, currentPrice: 2.28 });
    expect(Object.fromEntries(fake.requests.at(-1)?.query ?? [])).toEqual({ 'instrument-type': 'Equity Option', 'include-marks': 'true' });
  });
});

describe('TastytradeBroker: orders', () => {
  it('sends the documented iron condor body: padded symbols, unsigned price with its effect, the client order id, strict position effect', async () => {
    const { broker, fake } = await world();
    value(await broker.submit(condor('proposal-1', -1.256)));
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/accounts/5WT00001/orders');
    expect(post?.body).toStrictEqual({
      'time-in-force': 'Day',
      'order-type': 'Limit',
      price: '1.26',
      'price-effect': 'Credit',
      source: `condor/${VERSION}`,
      'external-identifier': 'proposal-1',
      'advanced-instructions': { 'strict-position-effect-validation': true },
      legs: [
        { 'instrument-type': 'Equity Option', symbol: 'SPY   260320P00560000', quantity: 1, action: 'Buy to Open' },
        { 'instrument-type': 'Equity Option', symbol: 'SPY   260320P00570000', quantity: 1, action: 'Sell to Open' },
        { 'instrument-type': 'Equity Option', symbol: 'SPY   260320C00640000', quantity: 1, action: 'Sell to Open' },
        { 'instrument-type': 'Equity Option', symbol: 'SPY   260320C00650000', quantity: 1, action: 'Buy to Open' },
      ],
    });
  });

  it('pins Accept-Version on the order endpoints only', async () => {
    const { broker, fake } = await world();
    value(await broker.submit(condor('p-version')));
    value(await broker.orders('all'));
    value(await broker.positions());
    for (const request of fake.requests) {
      expect([request.path, request.acceptVersion]).toEqual([request.path, request.path.includes('/orders') ? TASTYTRADE_ORDER_API_VERSION : null]);
    }
    // The search sends the start date the pinned version requires.
    expect(fake.requests.find((r) => r.path === '/accounts/5WT00001/orders' && r.method === 'GET')?.query.get('start-date')).toBe('2026-01-31');
  });

  it('maps a filled condor: the net of the legs’ fills as a credit, received-at as the submit time', async () => {
    const { broker } = await world();
    value(await broker.submit(condor('p-fill')));
    expect(value(await broker.orderByClientId('p-fill'))).toMatchObject({
      clientOrderId: 'p-fill',
      status: 'filled',
      qty: 1,
      filledQty: 1,
      limitPrice: -0.5,
      filledAvgPrice: -1.28,
      submittedAt: Date.parse('2026-03-02T15:00:00Z'),
      legs: entryLegs(),
    });
  });

  it('closes for a debit, with the price effect Debit', async () => {
    const { broker, fake } = await world();
    value(await broker.submit(condor('p-open')));
    const closed = value(await broker.submit({ clientOrderId: 'p-close', qty: 1, limitPrice: 3, legs: exitLegs() }));
    expect(fake.requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({ price: '3.00', 'price-effect': 'Debit' });
    expect(closed.legs.map((l) => l.intent)).toEqual(['sell_to_close', 'buy_to_close', 'buy_to_close', 'sell_to_close']);
    expect(value(await broker.orderByClientId('p-close'))).toMatchObject({ status: 'filled', limitPrice: 3, filledAvgPrice: 1.28 });
  });

  it('maps a partial fill: Live with remaining quantity is partially_filled with the units every leg filled', async () => {
    const { broker, fake } = await world();
    fake.partialFillNext(1);
    const placed = value(await broker.submit(condor('p-partial', -0.5, 3)));
    expect(placed.status).toBe('accepted');
    const partial = value(await broker.orderByClientId('p-partial'));
    expect(partial).toMatchObject({ status: 'partially_filled', qty: 3, filledQty: 1, filledAvgPrice: -1.28 });
    expect(value(await broker.orders('open')).map((o) => o.id)).toEqual([placed.id]);
    fake.fill(placed.id);
    expect(value(await broker.orderByClientId('p-partial'))).toMatchObject({ status: 'filled', filledQty: 3, filledAvgPrice: -1.28 });
  });

  it('reports an order Filled on its first leg only as still filling, until every leg shows its fills', async () => {
    const { broker, fake } = await world();
    fake.lagLegFillsNext();
    value(await broker.submit(condor('p-lag')));
    expect(value(await broker.orderByClientId('p-lag'))).toMatchObject({ status: 'partially_filled', filledQty: 0, filledAvgPrice: null });
    expect(value(await broker.orderByClientId('p-lag'))).toMatchObject({ status: 'filled', filledQty: 1, filledAvgPrice: -1.28 });
  });

  it("rejects with tastytrade's reason in words (422 preflight_check_failure and its nested errors)", async () => {
    const { broker, fake } = await world({ fake: { accounts: [{ accountNumber: '5WT00001', buyingPower: 500 }] } });
    // The wider wing (10 points) × 100 − the 0.50 credit × 100 + 4.52 fees.
    expect(failure(await broker.submit(condor('p-bp')))).toEqual({
      kind: 'rejected',
      message: 'tastytrade refused the request (HTTP 422): One or more preflight checks failed: This order requires 954.52 in buying power; 500.0 is available',
    });
    expect(fake.book.orders).toHaveLength(0);
  });

  it('rejects a close of legs not held (strict position effect) instead of opening them', async () => {
    const { broker, fake } = await world();
    const error = failure(await broker.submit({ clientOrderId: 'p-close-nothing', qty: 1, limitPrice: 3, legs: exitLegs() }));
    expect(error.kind).toBe('rejected');
    expect(error.kind === 'rejected' && error.message).toMatch(/Sell to Close 1 SPY {3}260320P00560000: 0 available to close/);
    expect(fake.book.orders).toHaveLength(0);
  });

  it('refuses more than four legs, two legs on one contract, or a fractional quantity, without calling tastytrade', async () => {
    const { broker, fake } = await world();
    const five = { ...condor('p-five'), legs: [...entryLegs(), { symbol: 'SPY260320C00660000', side: 'buy', intent: 'buy_to_open' } as const] };
    expect(failure(await broker.submit(five)).kind).toBe('rejected');
    const twice = { ...condor('p-twice'), legs: [...entryLegs().slice(0, 3), entryLegs()[1]!] };
    expect(failure(await broker.submit(twice)).kind).toBe('rejected');
    expect(failure(await broker.submit(condor('p-half', -0.5, 1.5))).kind).toBe('rejected');
    expect(failure(await broker.submit({ ...condor('p-bad'), legs: [{ symbol: 'SPY', side: 'buy', intent: 'buy_to_open' }] })).kind).toBe('rejected');
    expect(fake.requests).toEqual([]);
  });
});

describe('TastytradeBroker: placing once without an idempotency key', () => {
  it('finds a submit that timed out by its external-identifier, and a retry never places it twice', async () => {
    const { broker, fake } = await world({ brokers: { timeoutMs: 150 } });
    fake.delayNext(1_000, { method: 'POST', path: /\/orders$/ });
    const placed = value(await broker.submit(condor('p-timeout')));
    expect(placed.clientOrderId).toBe('p-timeout');
    expect(placements(fake)).toBe(1);
    const again = value(await broker.submit(condor('p-timeout')));
    expect(again.id).toBe(placed.id);
    expect(placements(fake)).toBe(1);
    expect(fake.book.orders).toHaveLength(1);
  });

  it('finds an order placed before a 5xx answer', async () => {
    const { broker, fake } = await world();
    fake.failNext(502, { method: 'POST', path: /\/orders$/, afterHandling: true });
    expect(value(await broker.submit(condor('p-502'))).clientOrderId).toBe('p-502');
    expect(fake.book.orders).toHaveLength(1);
  });

  it('answers unavailable when no order carries the identifier, and the retry then places it once', async () => {
    const { broker, fake } = await world();
    fake.failNext(503, { method: 'POST', path: /\/orders$/ });
    const error = failure(await broker.submit(condor('p-lost')));
    expect(error.kind).toBe('unavailable');
    expect(error.kind === 'unavailable' && error.message).toMatch(/no order with external-identifier p-lost is listed yet/);
    value(await broker.submit(condor('p-lost')));
    expect(placements(fake)).toBe(2);
    expect(fake.book.orders).toHaveLength(1);
  });

  it('does not retry a submit; retries reads after a 5xx with a backoff', async () => {
    const { broker, fake, sleeps } = await world();
    fake.failNext(500, { method: 'GET', path: '/positions', times: 2 });
    expect(value(await broker.positions())).toEqual([]);
    expect(fake.requests.filter((r) => r.path.endsWith('/positions'))).toHaveLength(3);
    expect(sleeps).toEqual([200, 600]);
  });

  it('finds an order placed on an earlier day through the order search', async () => {
    const { broker, fake, clock } = await world();
    const placed = value(await broker.submit(condor('p-yesterday', -5)));
    fake.closeSession();
    clock.advance(24 * 3_600_000);
    expect(value(await broker.orderByClientId('p-yesterday'))?.id).toBe(placed.id);
    expect(value(await broker.orders('open'))).toEqual([]);
    expect(value(await broker.orders('all')).map((o) => [o.id, o.status])).toEqual([[placed.id, 'expired']]);
  });

  it('pages through the order search for an older order', async () => {
    const { broker, fake, clock } = await world();
    clock.advance(-24 * 3_600_000);
    for (let i = 0; i < 205; i++) {
      const body = {
        'order-type': 'Limit',
        'time-in-force': 'Day',
        price: '5.00',
        'price-effect': 'Credit',
        'external-identifier': `p-old-${String(i)}`,
        legs: entryLegs().map((leg) => ({ 'instrument-type': 'Equity Option', symbol: toTastytradeSymbol(leg.symbol), quantity: 1, action: leg.side === 'buy' ? 'Buy to Open' : 'Sell to Open' })),
      };
      const request = readOrderRequest(body, fake.market);
      if (isRefusal(request) || isRefusal(fake.book.place('5WT00001', request, { marketOpen: true }))) throw new Error('the fake refused the order');
    }
    clock.advance(24 * 3_600_000);
    expect(value(await broker.orderByClientId('p-old-0'))?.clientOrderId).toBe('p-old-0');
    const searches = fake.requests.filter((r) => r.method === 'GET' && r.path === '/accounts/5WT00001/orders');
    expect(searches.map((r) => [r.query.get('page-offset'), r.query.get('per-page'), r.query.get('sort')])).toEqual([
      ['0', '200', 'Desc'],
      ['1', '200', 'Desc'],
    ]);
    expect(value(await broker.orders('all'))).toHaveLength(205);
  });
});

describe('TastytradeBroker: faults', () => {
  it('answers rate_limited with a default wait, tastytrade sending no header', async () => {
    const { broker, fake, sleeps } = await world({ brokers: { retryAfterSeconds: 7 } });
    fake.rateLimitNext({ path: '/positions' });
    expect(failure(await broker.positions())).toEqual({ kind: 'rate_limited', retryAfterSeconds: 7 });
    expect(sleeps).toEqual([]);
  });

  it('answers unavailable for a read with no answer within the timeout, after its retries', async () => {
    const { broker, fake } = await world({ brokers: { timeoutMs: 100 } });
    for (let i = 0; i < 3; i++) fake.delayNext(500, { path: '/positions' });
    expect(failure(await broker.positions())).toEqual({ kind: 'unavailable', message: 'tastytrade GET /accounts/5WT00001/positions: no answer within 100 ms' });
  });
});

describe('TastytradeBroker: cancels', () => {
  it('waits out Cancel Requested until the order is Cancelled', async () => {
    const { broker, sleeps } = await world();
    const working = value(await broker.submit(condor('p-cancel', -5)));
    expect(value(await broker.cancel(working.id))).toEqual({ kind: 'canceled' });
    expect(sleeps).toEqual([250]);
    expect(value(await broker.orderByClientId('p-cancel'))?.status).toBe('canceled');
  });

  it('refuses a cancel a fill beat to it (422 cannot_update_order), saying it filled', async () => {
    const { broker, fake } = await world();
    const working = value(await broker.submit(condor('p-race-1', -5)));
    fake.cancelRaceNext('fill-first');
    expect(value(await broker.cancel(working.id))).toEqual({ kind: 'refused', message: 'the order filled before it could be cancelled' });
  });

  it('refuses a cancel tastytrade accepted when a fill then wins the race', async () => {
    const { broker, fake } = await world();
    const working = value(await broker.submit(condor('p-race-2', -5)));
    fake.cancelRaceNext('fill-during');
    expect(value(await broker.cancel(working.id))).toEqual({ kind: 'refused', message: 'the order filled before it could be cancelled' });
    expect(value(await broker.orderByClientId('p-race-2'))?.status).toBe('filled');
  });

  it('refuses an unknown order with the reason', async () => {
    const { broker } = await world();
    expect(value(await broker.cancel('123'))).toEqual({ kind: 'refused', message: 'Order not found' });
  });
});
