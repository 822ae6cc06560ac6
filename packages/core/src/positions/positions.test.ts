import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createTestServices, FakeBrokers, FakeClock, FixtureMarketData, type TestServices, AGENT_CONFIRMS } from '@condor/testkit';
import { renderError } from '../errors/render.js';
import type { ErrorResult } from '../errors/error-result.js';
import type { AnyOperation, HandlerContext } from '../operations/operation.js';
import type { OptionContract } from '../ports/market-data.js';
import { confirmProposal } from '../placement/confirm-proposal.js';
import { issuesToAppError } from '../validation/issues-to-error.js';
import { getPositions } from './get-positions.js';
import { positions } from './positions.js';
import { ALL_SCOPES } from '../scopes/scopes.js';

/**
 * get_positions and positions(action) through their handlers, with validation as execute runs it
 * (gate 2: schema, then the operation's own check). The other gates are execute's and tested there.
 */

const ALICE = '0a11ce00-0000-4000-8000-000000000001';
const BOB = '0b0b0000-0000-4000-8000-000000000002';
const EXPIRY = '2026-02-20';
const LEGS = {
  longPut: 'SPY260220P00540000',
  shortPut: 'SPY260220P00545000',
  shortCall: 'SPY260220C00600000',
  longCall: 'SPY260220C00605000',
};

const contract = (symbol: string, type: 'put' | 'call', strike: number, bid: number, ask: number): OptionContract => ({
  symbol,
  type,
  strike,
  expiry: EXPIRY,
  bid,
  ask,
  volatility: 0.2,
  greeks: { delta: type === 'put' ? -0.1 : 0.1, gamma: 0.01, theta: -0.02, vega: 0.5 },
  openInterest: 1_000,
  volume: 10,
  quoteTime: 0,
});

const CHAIN = [
  contract(LEGS.longPut, 'put', 540, 0.6, 0.7),
  contract(LEGS.shortPut, 'put', 545, 0.8, 0.9),
  contract(LEGS.shortCall, 'call', 600, 0.7, 0.8),
  contract(LEGS.longCall, 'call', 605, 0.4, 0.5),
];

type Outcome = { ok: true; value: Record<string, unknown> } | { ok: false; status: number; body: ErrorResult };

async function setUp() {
  const clock = new FakeClock();
  const brokers = new FakeBrokers({ clock });
  const market = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 571.9, ask: 572.1, last: 572, time: 0 }, chains: { [EXPIRY]: CHAIN } } });
  const services: TestServices = createTestServices({ clock, brokers, market, config: AGENT_CONFIRMS });
  for (const ownerId of [ALICE, BOB]) {
    await services.brokerLinks.put({ ownerId, broker: 'sim', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: clock.now(), updatedAt: clock.now() });
  }
  const ctx = (userId: string, batchKey: string | null = null): HandlerContext<'trading'> => ({
    services,
    caller: { userId, email: `${userId}@example.com`, tier: 'free', sessionId: 'session', credential: 'session', scopes: ALL_SCOPES },
    requestId: 'test',
    batchKey,
    clientIp: null,
    progress: null,
    client: null,
    approval: null,
  });

  /** Runs an operation as execute would after authentication: validation, then the handler. */
  async function call(operation: AnyOperation, raw: unknown, userId: string): Promise<Outcome> {
    const parsed = v.safeParse(operation.input, raw);
    const invalid = parsed.success
      ? (operation.validate?.(parsed.output) ?? null)
      : issuesToAppError(operation.name, operation.input, parsed.issues, operation.fieldRules);
    if (invalid !== null) return { ok: false, ...renderError(invalid) };
    const result = await operation.handler(parsed.output, ctx(userId));
    return result.match(
      (value) => ({ ok: true as const, value: value as Record<string, unknown> }),
      (error) => ({ ok: false as const, ...renderError(error) }),
    );
  }

  /** Opens a condor for the owner through confirm_proposal, as a user would; the entry fills or keeps working. */
  async function openCondor(ownerId: string, entry: 'fill' | 'work' = 'fill', qty = 2) {
    brokers.decideOrders(ownerId, () => entry);
    const proposalId = services.ids.uuid();
    const positionId = services.ids.uuid();
    await services.proposals.insert({
      id: proposalId,
      ownerId,
      kind: 'entry',
      batchKey: 'propose',
      createdAt: clock.now(),
      ticker: 'SPY',
      qty,
      legs: [
        { symbol: LEGS.longPut, side: 'buy', intent: 'buy_to_open' },
        { symbol: LEGS.shortPut, side: 'sell', intent: 'sell_to_open' },
        { symbol: LEGS.shortCall, side: 'sell', intent: 'sell_to_open' },
        { symbol: LEGS.longCall, side: 'buy', intent: 'buy_to_open' },
      ],
      limitPrice: -1.25,
      maxLoss: 750,
      summary: 'test condor',
      positionId,
      details: { expiry: EXPIRY, strikes: { long_put: 540, short_put: 545, short_call: 600, long_call: 605 } },
      consumedAt: null,
      approval: null,
      outcome: null,
    });
    clock.advance(6_000);
    const confirmed = (await confirmProposal.handler({ proposal_id: proposalId }, ctx(ownerId, 'confirm')))._unsafeUnwrap();
    return { proposalId, positionId, orderId: confirmed.order_id };
  }

  /** Confirms an exit of the position (all legs closed for a debit) whose order keeps working. */
  async function workingExit(ownerId: string, positionId: string, qty = 2) {
    brokers.decideOrders(ownerId, () => 'work');
    const proposalId = services.ids.uuid();
    await services.proposals.insert({
      id: proposalId,
      ownerId,
      kind: 'exit',
      batchKey: 'propose',
      createdAt: clock.now(),
      ticker: 'SPY',
      qty,
      legs: [
        { symbol: LEGS.longPut, side: 'sell', intent: 'sell_to_close' },
        { symbol: LEGS.shortPut, side: 'buy', intent: 'buy_to_close' },
        { symbol: LEGS.shortCall, side: 'buy', intent: 'buy_to_close' },
        { symbol: LEGS.longCall, side: 'sell', intent: 'sell_to_close' },
      ],
      limitPrice: 0.6,
      maxLoss: 0,
      summary: 'test exit',
      positionId,
      details: {},
      consumedAt: null,
      approval: null,
      outcome: null,
    });
    clock.advance(6_000);
    const confirmed = (await confirmProposal.handler({ proposal_id: proposalId }, ctx(ownerId, 'confirm')))._unsafeUnwrap();
    return { orderId: confirmed.order_id };
  }

  return { services, brokers, clock, call, openCondor, workingExit };
}

const positionsOf = (outcome: Outcome): Record<string, unknown>[] => (outcome.ok ? (outcome.value['positions'] as Record<string, unknown>[]) : []);
const errorOf = (outcome: Outcome): string | null => (outcome.ok ? null : outcome.body.error);

describe('get_positions', () => {
  it("lists the caller's managed positions with live marks, and nobody else's", async () => {
    const { call, openCondor, brokers } = await setUp();
    const { positionId } = await openCondor(ALICE);
    brokers.setPrice(LEGS.longPut, 0.5);
    brokers.setPrice(LEGS.shortPut, 1.0);
    brokers.setPrice(LEGS.shortCall, 0.9);
    brokers.setPrice(LEGS.longCall, 0.4);

    const answer = await call(getPositions, {}, ALICE);
    expect(answer.ok && answer.value['market']).toMatchObject({ session: 'regular', quotes: 'live', simulated: false });
    const [position] = positionsOf(answer);
    expect(position).toMatchObject({
      position_id: positionId,
      ticker: 'SPY',
      expiry: EXPIRY,
      dte: 46,
      status: 'open',
      qty: 2,
      entry_credit: 1.25,
      current_value: 1,
      unrealized_pl: 50,
    });
    expect(position?.['legs']).toEqual([
      { symbol: LEGS.longPut, type: 'put', strike: 540, side: 'long', current_price: 0.5, price_source: 'broker' },
      { symbol: LEGS.shortPut, type: 'put', strike: 545, side: 'short', current_price: 1, price_source: 'broker' },
      { symbol: LEGS.shortCall, type: 'call', strike: 600, side: 'short', current_price: 0.9, price_source: 'broker' },
      { symbol: LEGS.longCall, type: 'call', strike: 605, side: 'long', current_price: 0.4, price_source: 'broker' },
    ]);
    expect(positionsOf(await call(getPositions, {}, BOB))).toEqual([]);
  });

  it('prices a leg the broker does not report at the chain mid', async () => {
    const { call, openCondor, brokers } = await setUp();
    await openCondor(ALICE, 'fill', 1);
    for (const [symbol, price] of [[LEGS.longPut, 0.5], [LEGS.shortPut, 1.0], [LEGS.shortCall, 0.9]] as const) brokers.setPrice(symbol, price);
    brokers.holdExternalPosition(ALICE, LEGS.longCall, 0, 0);

    const [position] = positionsOf(await call(getPositions, {}, ALICE));
    const legs = position?.['legs'] as Record<string, unknown>[];
    expect(legs[3]).toMatchObject({ current_price: 0.45, price_source: 'chain' });
    expect(position?.['current_value']).toBeCloseTo(0.95, 10);
    expect(position?.['unrealized_pl']).toBeCloseTo(30, 10);
  });

  it("answers POSITION_NOT_FOUND for another user's position id exactly as for an unknown one", async () => {
    const { call, openCondor } = await setUp();
    const { positionId } = await openCondor(ALICE);
    const theirs = await call(getPositions, { position_id: positionId }, BOB);
    const unknown = await call(getPositions, { position_id: '99999999-9999-4999-8999-999999999999' }, BOB);
    expect(errorOf(theirs)).toBe('POSITION_NOT_FOUND');
    expect(theirs.ok ? null : theirs.status).toBe(404);
    expect(theirs.ok ? null : theirs.body.message).toBe(unknown.ok ? null : unknown.body.message);
    expect(positionsOf(await call(getPositions, { position_id: positionId }, ALICE)).map((p) => p['position_id'])).toEqual([positionId]);
  });

  it('refuses a malformed position_id with INVALID_UUID, and position_id with symbol together', async () => {
    const { call } = await setUp();
    expect(errorOf(await call(getPositions, { position_id: 'not-a-uuid' }, ALICE))).toBe('INVALID_UUID');
    expect(errorOf(await call(getPositions, { position_id: ALICE, symbol: LEGS.shortPut }, ALICE))).toBe('VALIDATION_ERROR');
    expect(errorOf(await call(getPositions, { symbol: 'SPY' }, ALICE))).toBe('VALIDATION_ERROR');
  });

  it('finds a managed position by a leg symbol; a leg held only outside the service is NOT_SERVICE_MANAGED', async () => {
    const { call, openCondor, brokers } = await setUp();
    const { positionId } = await openCondor(ALICE);
    brokers.holdExternalPosition(ALICE, 'QQQ260220P00480000', -1, 2.1);

    const found = await call(getPositions, { symbol: LEGS.shortCall.toLowerCase() }, ALICE);
    expect(positionsOf(found).map((p) => p['position_id'])).toEqual([positionId]);
    const external = await call(getPositions, { symbol: 'QQQ260220P00480000' }, ALICE);
    expect(errorOf(external)).toBe('NOT_SERVICE_MANAGED');
    expect(external.ok ? null : external.status).toBe(403);
    expect(errorOf(await call(getPositions, { symbol: 'IWM260220P00180000' }, ALICE))).toBe('POSITION_NOT_FOUND');
    // Bob's account holds nothing: Alice's leg is simply not found for him.
    expect(errorOf(await call(getPositions, { symbol: LEGS.shortCall }, BOB))).toBe('POSITION_NOT_FOUND');
  });

  it('turns an opening position open once its entry fills, at the fill credit', async () => {
    const { call, openCondor, brokers, services } = await setUp();
    const { positionId, orderId } = await openCondor(ALICE, 'work');
    const [opening] = positionsOf(await call(getPositions, {}, ALICE));
    expect(opening).toMatchObject({ status: 'opening', unrealized_pl: null });

    brokers.fillOrder(ALICE, orderId, -1.3);
    const [open] = positionsOf(await call(getPositions, {}, ALICE));
    expect(open).toMatchObject({ position_id: positionId, status: 'open', entry_credit: 1.3 });
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('open');
  });

  it('closes an opening position whose entry was cancelled at the broker, shown only with include_closed', async () => {
    const { call, openCondor, services, clock } = await setUp();
    const { positionId, orderId } = await openCondor(ALICE, 'work');
    const broker = services.brokers.open({ ownerId: ALICE, broker: 'sim', environment: 'paper', credentials: null });
    (await broker.cancel(orderId))._unsafeUnwrap();
    clock.advance(1_000);

    expect(positionsOf(await call(getPositions, {}, ALICE))).toEqual([]);
    const stored = await services.positions.get(ALICE, positionId);
    expect(stored).toMatchObject({ status: 'closed', closedAt: clock.now() });
    const [closed] = positionsOf(await call(getPositions, { include_closed: true }, ALICE));
    expect(closed).toMatchObject({ position_id: positionId, status: 'closed', current_value: null, unrealized_pl: null });
  });

  it('closes a closing position once its exit fills at the broker', async () => {
    const { call, openCondor, workingExit, brokers, services } = await setUp();
    const { positionId } = await openCondor(ALICE);
    const { orderId } = await workingExit(ALICE, positionId);
    expect(positionsOf(await call(getPositions, {}, ALICE))[0]).toMatchObject({ status: 'closing' });

    brokers.fillOrder(ALICE, orderId);
    expect(positionsOf(await call(getPositions, {}, ALICE))).toEqual([]);
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('closed');
  });
});

describe('positions', () => {
  it("lists the broker's orders newest first, marking the ones the service placed", async () => {
    const { call, openCondor, services, clock } = await setUp();
    const { proposalId, positionId, orderId } = await openCondor(ALICE);
    clock.advance(60_000);
    const broker = services.brokers.open({ ownerId: ALICE, broker: 'sim', environment: 'paper', credentials: null });
    const external = (
      await broker.submit({ clientOrderId: 'placed-at-the-broker', qty: 1, limitPrice: 2, legs: [{ symbol: 'QQQ260220C00500000', side: 'buy', intent: 'buy_to_open' }] })
    )._unsafeUnwrap();

    const listed = await call(positions, { action: 'orders' }, ALICE);
    expect(listed.ok && listed.value['action']).toBe('orders');
    const orders = (listed.ok ? listed.value['orders'] : []) as Record<string, unknown>[];
    expect(orders.map((o) => o['order_id'])).toEqual([external.id, orderId]);
    expect(orders[0]).toMatchObject({ service_placed: false, proposal_id: null, kind: null, position_id: null });
    expect(orders[1]).toMatchObject({ service_placed: true, proposal_id: proposalId, kind: 'entry', position_id: positionId, status: 'filled' });

    const one = await call(positions, { action: 'orders', order_id: orderId }, ALICE);
    expect(((one.ok ? one.value['orders'] : []) as unknown[]).length).toBe(1);
    const bobs = await call(positions, { action: 'orders' }, BOB);
    expect(bobs.ok && bobs.value['orders']).toEqual([]);
  });

  it('cancels a working entry the service placed and closes its opening position', async () => {
    const { call, openCondor, brokers, services } = await setUp();
    const { positionId, orderId } = await openCondor(ALICE, 'work');

    const answer = await call(positions, { action: 'cancel', order_id: orderId }, ALICE);
    expect(answer).toEqual({
      ok: true,
      value: {
        action: 'cancel',
        order_id: orderId,
        canceled: true,
        order_status: 'canceled',
        position_id: positionId,
        position_status: 'closed',
        account: { broker: 'sim', environment: 'paper', simulated_market: false, words: 'Simulated paper broker, paper account — no real money; real market quotes.' },
      },
    });
    expect(brokers.allOrders(ALICE)[0]?.status).toBe('canceled');
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('closed');
  });

  it('cancels a working exit and puts its position back to open', async () => {
    const { call, openCondor, workingExit, services } = await setUp();
    const { positionId } = await openCondor(ALICE);
    const { orderId } = await workingExit(ALICE, positionId);
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('closing');

    const answer = await call(positions, { action: 'cancel', order_id: orderId }, ALICE);
    expect(answer.ok && answer.value).toMatchObject({ canceled: true, position_id: positionId, position_status: 'open' });
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('open');
  });

  it('answers a refused cancel as the soft CANCEL_FAILED in a successful answer', async () => {
    const { call, openCondor, brokers, services } = await setUp();
    const { positionId, orderId } = await openCondor(ALICE, 'work');
    brokers.refuseCancels(ALICE, true);

    const refused = await call(positions, { action: 'cancel', order_id: orderId }, ALICE);
    expect(refused.ok).toBe(true);
    expect(refused.ok && refused.value).toMatchObject({
      action: 'cancel',
      order_id: orderId,
      canceled: false,
      error: 'CANCEL_FAILED',
      position_id: positionId,
      position_status: 'opening',
    });
    expect(refused.ok && refused.value['message']).toMatch(/refused to cancel/);
    expect(refused.ok && refused.value['suggestion']).toMatch(/positions\(action='orders'\)/);
    expect(brokers.allOrders(ALICE)[0]?.status).toBe('accepted');
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('opening');
  });

  it('answers CANCEL_FAILED for a filled order the service placed', async () => {
    const { call, openCondor } = await setUp();
    const { orderId } = await openCondor(ALICE);
    const filled = await call(positions, { action: 'cancel', order_id: orderId }, ALICE);
    expect(filled.ok && filled.value).toMatchObject({ canceled: false, error: 'CANCEL_FAILED', order_status: 'filled' });
  });

  it("answers NOT_FOUND for another user's order exactly as for an id that exists nowhere, and leaves the order alone", async () => {
    const { call, openCondor, brokers, services } = await setUp();
    const { orderId, positionId } = await openCondor(ALICE, 'work');

    const theirs = await call(positions, { action: 'cancel', order_id: orderId }, BOB);
    const nowhere = await call(positions, { action: 'cancel', order_id: 'sim-order-5f0c1d2e-0000-4000-8000-000000000000' }, BOB);
    expect(theirs).toMatchObject({ ok: false, status: 404, body: { error: 'NOT_FOUND', see_tool: 'positions', received: { order_id: orderId } } });
    expect(nowhere).toMatchObject({ ok: false, status: 404, body: { error: 'NOT_FOUND' } });
    const shape = (outcome: Outcome) => (outcome.ok ? null : { ...outcome.body, message: outcome.body.message.replace(/No order \S+/, 'No order …'), received: null });
    expect(shape(theirs)).toEqual(shape(nowhere));
    expect(errorOf(await call(positions, { action: 'cancel', order_id: 'no-such-order' }, ALICE))).toBe('NOT_FOUND');

    expect(brokers.allOrders(ALICE)[0]).toMatchObject({ id: orderId, status: 'accepted' });
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('opening');
  });

  it('refuses to cancel an order placed outside the service with NOT_SERVICE_MANAGED', async () => {
    const { call, services, brokers } = await setUp();
    brokers.decideOrders(ALICE, () => 'work');
    const broker = services.brokers.open({ ownerId: ALICE, broker: 'sim', environment: 'paper', credentials: null });
    const external = (
      await broker.submit({ clientOrderId: 'by-hand', qty: 1, limitPrice: 2, legs: [{ symbol: 'QQQ260220C00500000', side: 'buy', intent: 'buy_to_open' }] })
    )._unsafeUnwrap();

    const answer = await call(positions, { action: 'cancel', order_id: external.id }, ALICE);
    expect(errorOf(answer)).toBe('NOT_SERVICE_MANAGED');
    expect(brokers.allOrders(ALICE)[0]?.status).toBe('accepted');
  });

  it('answers MISSING_ORDER_ID for a cancel without an order_id', async () => {
    const { call } = await setUp();
    for (const raw of [{ action: 'cancel' }, { action: 'cancel', order_id: '' }, { action: 'cancel', order_id: '   ' }, { action: 'cancel', order_id: null }]) {
      const answer = await call(positions, raw, ALICE);
      expect(errorOf(answer)).toBe('MISSING_ORDER_ID');
      expect(answer.ok ? null : answer.body.see_tool).toBe('positions');
    }
    expect(errorOf(await call(positions, { action: 'close' }, ALICE))).toBe('INVALID_VALUE');
  });
});
