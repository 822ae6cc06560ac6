import { describe, expect, it } from 'vitest';
import { createTestServices, FakeBrokers, FakeClock, type TestServices, AGENT_CONFIRMS } from '@condor/testkit';
import type { HandlerContext } from '../operations/operation.js';
import type { OrderLeg } from '../ports/broker.js';
import type { ProposalKind } from '../ports/proposal-store.js';
import { getPositions } from '../positions/get-positions.js';
import { positions as positionsTool } from '../positions/positions.js';
import { confirmProposal } from './confirm-proposal.js';
import { getProposal } from '../proposals/get-proposal.js';
import { reconcileProposal } from './reconcile-proposal.js';
import { ALL_SCOPES } from '../scopes/scopes.js';

/**
 * A confirm that died anywhere between consuming its proposal and recording the broker's answer (kill -9),
 * and a broker that forgot an order it acknowledged (the in-memory simulated broker after a restart): reads
 * and `reconcileProposal` (run at start) bring the records back in line with the broker, never placing
 * anything.
 */

const ALICE = '0a11ce00-0000-4000-8000-000000000001';
const BOB = '0b0b0000-0000-4000-8000-000000000002';
const EXPIRY = '2026-02-20';
const SYMBOLS = ['SPY260220P00540000', 'SPY260220P00545000', 'SPY260220C00600000', 'SPY260220C00605000'] as const;
const OPEN_SIDES = ['buy', 'sell', 'sell', 'buy'] as const;

const entryLegs: OrderLeg[] = SYMBOLS.map((symbol, i) => ({ symbol, side: OPEN_SIDES[i]!, intent: OPEN_SIDES[i] === 'buy' ? 'buy_to_open' : 'sell_to_open' }));
const exitLegs: OrderLeg[] = SYMBOLS.map((symbol, i) => ({ symbol, side: OPEN_SIDES[i] === 'buy' ? 'sell' : 'buy', intent: OPEN_SIDES[i] === 'buy' ? 'sell_to_close' : 'buy_to_close' }));

async function setUp() {
  const clock = new FakeClock();
  const brokers = new FakeBrokers({ clock });
  const services: TestServices = createTestServices({ clock, brokers, config: AGENT_CONFIRMS });
  for (const ownerId of [ALICE, BOB]) {
    await services.brokerLinks.put({ ownerId, broker: 'sim', environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: clock.now(), updatedAt: clock.now() });
  }
  const ctx = (userId: string, batchKey: string | null = 'call'): HandlerContext<'trading'> => ({
    services,
    caller: { userId, email: `${userId}@example.com`, tier: 'free', sessionId: 'session', credential: 'session', scopes: ALL_SCOPES },
    requestId: 'test',
    batchKey,
    clientIp: null,
    progress: null,
    client: null,
    approval: null,
  });

  /** A proposal of `kind` made now and 6 s old when this returns. */
  async function propose(kind: ProposalKind, positionId = services.ids.uuid(), ownerId = ALICE) {
    const id = services.ids.uuid();
    await services.proposals.insert({
      id,
      ownerId,
      kind,
      batchKey: 'propose',
      createdAt: clock.now(),
      ticker: 'SPY',
      qty: 2,
      legs: kind === 'entry' ? entryLegs : exitLegs,
      limitPrice: kind === 'entry' ? -1.25 : 0.6,
      maxLoss: 750,
      summary: `test ${kind}`,
      positionId,
      details: kind === 'entry' ? { expiry: EXPIRY, strikes: { long_put: 540, short_put: 545, short_call: 600, long_call: 605 } } : {},
      consumedAt: null,
      approval: null,
      outcome: null,
    });
    clock.advance(6_000);
    return { id, positionId };
  }

  const confirm = async (proposalId: string, ownerId = ALICE) =>
    (await confirmProposal.handler({ proposal_id: proposalId }, ctx(ownerId, 'confirm'))).match(
      (value) => ({ placed: value.order_id }),
      (error) => ({ error: error.code }),
    );

  /** A confirm that consumed the proposal and died: before the submit (`sent` false) or after the broker took the order. */
  async function crash(proposalId: string, sent: boolean, ownerId = ALICE) {
    expect(await services.proposals.consume(ownerId, proposalId, clock.now(), { method: 'confirm', at: clock.now(), userId: ownerId, client: null, address: null })).toBe('consumed');
    if (!sent) return null;
    const proposal = (await services.proposals.get(ownerId, proposalId))!;
    const broker = services.brokers.open({ ownerId, broker: 'sim', environment: 'paper', credentials: null });
    return (await broker.submit({ clientOrderId: proposal.id, qty: proposal.qty, limitPrice: proposal.limitPrice, legs: proposal.legs }))._unsafeUnwrap();
  }

  const read = async (ownerId = ALICE, includeClosed = true) =>
    (await getPositions.handler({ include_closed: includeClosed }, ctx(ownerId)))._unsafeUnwrap().positions.map((p) => ({ id: p.position_id, status: p.status }));
  const reconcile = async (proposalId: string, ownerId = ALICE) => (await reconcileProposal(ownerId, proposalId, services))._unsafeUnwrap();
  const proposal = async (id: string, ownerId = ALICE) => (await services.proposals.get(ownerId, id))!;

  return { services, brokers, clock, ctx, propose, confirm, crash, read, reconcile, proposal };
}

describe('a read after a confirm died between the broker and the database', () => {
  it('records the entry the broker filled, once, so it is shown and the proposal is confirmed', async () => {
    const { brokers, propose, crash, read, confirm, proposal, clock, services, ctx } = await setUp();
    const { id, positionId } = await propose('entry');
    const order = await crash(id, true);
    expect(await services.positions.get(ALICE, positionId)).toBeUndefined();

    // At once: what the broker holds needs no grace (a confirm still under way records the same, idempotently).
    expect(await read()).toEqual([{ id: positionId, status: 'open' }]);
    expect((await proposal(id)).outcome).toEqual({ status: 'submitted', orderId: order?.id });
    expect((await services.positions.get(ALICE, positionId))?.entryCredit).toBe(1.25);
    const shown = (await getProposal.handler({ proposal_id: id }, ctx(ALICE)))._unsafeUnwrap();
    expect([shown.status, shown.order_id]).toEqual(['confirmed', order?.id]);

    clock.advance(20_000);
    expect(await confirm(id)).toEqual({ error: 'PROPOSAL_ALREADY_CONSUMED' });
    expect(await read()).toEqual([{ id: positionId, status: 'open' }]);
    expect(brokers.submitCount(ALICE)).toBe(1);
  });

  it('closes a position whose exit filled at the broker before the database heard of it', async () => {
    const { brokers, propose, confirm, crash, read, proposal } = await setUp();
    const entry = await propose('entry');
    expect(await confirm(entry.id)).toHaveProperty('placed');
    const exit = await propose('exit', entry.positionId);
    const order = await crash(exit.id, true);
    expect(order?.status).toBe('filled');

    expect(await read(ALICE, false)).toEqual([]);
    expect(await read()).toEqual([{ id: entry.positionId, status: 'closed' }]);
    expect((await proposal(exit.id)).outcome).toEqual({ status: 'submitted', orderId: order?.id });
    expect(brokers.submitCount(ALICE)).toBe(2);
  });

  it("records it when the orders are listed or one is cancelled too, and never another user's", async () => {
    const { brokers, services, ctx, propose, crash, read } = await setUp();
    brokers.decideOrders(ALICE, () => 'work');
    const { id, positionId } = await propose('entry');
    const order = await crash(id, true);

    const listed = (await positionsTool.handler({ action: 'orders' }, ctx(BOB)))._unsafeUnwrap();
    expect(listed.orders).toEqual([]);
    expect(await services.positions.get(ALICE, positionId)).toBeUndefined();
    const mine = (await positionsTool.handler({ action: 'orders' }, ctx(ALICE)))._unsafeUnwrap();
    expect(mine.orders?.[0]).toMatchObject({ order_id: order?.id, service_placed: true, proposal_id: id, position_id: positionId, status: 'accepted' });
    expect(await read()).toEqual([{ id: positionId, status: 'opening' }]);

    const canceled = (await positionsTool.handler({ action: 'cancel', order_id: order?.id ?? '' }, ctx(ALICE)))._unsafeUnwrap();
    expect(canceled).toMatchObject({ canceled: true, position_id: positionId, position_status: 'closed' });
  });

  it('leaves an opening position alone when the broker no longer lists its order: only a lookup by client order id can tell', async () => {
    const { brokers, propose, confirm, read } = await setUp();
    brokers.decideOrders(ALICE, () => 'work');
    const { id, positionId } = await propose('entry');
    expect(await confirm(id)).toHaveProperty('placed');
    brokers.forget(ALICE);
    expect(await read()).toEqual([{ id: positionId, status: 'opening' }]);
  });
});

describe('reconcileProposal (run at start for every unfinished proposal)', () => {
  it('waits out the submit grace, then records the order the broker holds, and is idempotent', async () => {
    const { brokers, services, propose, crash, reconcile, proposal, clock } = await setUp();
    const { id, positionId } = await propose('entry');
    const consumedAt = clock.now();
    const order = await crash(id, true);

    clock.advance(14_999);
    expect(await reconcile(id)).toEqual({ result: 'later', at: consumedAt + 15_000 });
    expect(await services.positions.get(ALICE, positionId)).toBeUndefined();
    clock.advance(1);
    expect(await reconcile(id)).toEqual({ result: 'at_broker', orderId: order?.id, orderStatus: 'filled' });
    expect(await reconcile(id)).toEqual({ result: 'at_broker', orderId: order?.id, orderStatus: 'filled' });
    expect(await services.positions.list(ALICE, false)).toEqual([expect.objectContaining({ id: positionId, status: 'open', orderIds: [order?.id] })]);
    expect((await proposal(id)).outcome).toEqual({ status: 'submitted', orderId: order?.id });
    expect(brokers.submitCount(ALICE)).toBe(1);
  });

  it('never sends an order that did not reach the broker: later until its 60 s are over, then recorded as not placed', async () => {
    const { brokers, propose, crash, reconcile, proposal, confirm, clock } = await setUp();
    const { id } = await propose('entry');
    const createdAt = clock.now() - 6_000;
    await crash(id, false);

    clock.advance(15_000);
    expect(await reconcile(id)).toEqual({ result: 'later', at: createdAt + 60_000 });
    clock.advance(createdAt + 60_000 - clock.now());
    expect(await reconcile(id)).toMatchObject({ result: 'not_at_broker' });
    expect((await proposal(id)).outcome).toEqual({ status: 'rejected', detail: 'expired before its order reached the broker' });
    expect(await confirm(id)).toEqual({ error: 'PROPOSAL_ALREADY_CONSUMED' });
    expect(await reconcile(id)).toEqual({ result: 'unchanged' });
    expect(brokers.submitCount(ALICE)).toBe(0);
  });

  it('keeps a working order working, and opens the position once it has filled', async () => {
    const { brokers, propose, confirm, reconcile, services } = await setUp();
    brokers.decideOrders(ALICE, () => 'work');
    const { id, positionId } = await propose('entry');
    const placed = await confirm(id);
    expect(await reconcile(id)).toMatchObject({ result: 'at_broker', orderStatus: 'accepted' });
    expect((await services.positions.get(ALICE, positionId))?.status).toBe('opening');
    brokers.fillOrder(ALICE, 'placed' in placed ? placed.placed : '', -1.3);
    expect(await reconcile(id)).toMatchObject({ result: 'at_broker', orderStatus: 'filled' });
    expect(await services.positions.get(ALICE, positionId)).toMatchObject({ status: 'open', entryCredit: 1.3 });
  });

  it('closes an opening entry whose order the broker forgot (the simulated broker restarted), placing nothing', async () => {
    const { brokers, propose, confirm, reconcile, read, services, clock } = await setUp();
    brokers.decideOrders(ALICE, () => 'work');
    const { id, positionId } = await propose('entry');
    expect(await confirm(id)).toHaveProperty('placed');
    brokers.forget(ALICE);

    expect(await reconcile(id)).toMatchObject({ result: 'not_at_broker', detail: expect.stringContaining('is now closed') as unknown });
    expect(await services.positions.get(ALICE, positionId)).toMatchObject({ status: 'closed', closedAt: clock.now() });
    expect(await read()).toEqual([{ id: positionId, status: 'closed' }]);
    expect(brokers.submitCount(ALICE)).toBe(0);
    expect(await reconcile(id)).toEqual({ result: 'unchanged' });
  });

  it('puts a closing position back to open when the broker forgot its exit', async () => {
    const { brokers, propose, confirm, reconcile, services } = await setUp();
    const entry = await propose('entry');
    expect(await confirm(entry.id)).toHaveProperty('placed');
    brokers.decideOrders(ALICE, () => 'work');
    const exit = await propose('exit', entry.positionId);
    expect(await confirm(exit.id)).toHaveProperty('placed');
    expect((await services.positions.get(ALICE, entry.positionId))?.status).toBe('closing');
    brokers.forget(ALICE);

    expect(await reconcile(exit.id)).toMatchObject({ result: 'not_at_broker' });
    expect((await services.positions.get(ALICE, entry.positionId))?.status).toBe('open');
    // The entry's own proposal has nothing to settle: its position is no longer waiting on it.
    expect(await reconcile(entry.id)).toEqual({ result: 'unchanged' });
    expect(brokers.submitCount(ALICE)).toBe(0);
  });

  it("does nothing for a proposal that is not consumed, another user's, or unknown", async () => {
    const { propose, reconcile, brokers } = await setUp();
    const { id } = await propose('entry');
    expect(await reconcile(id)).toEqual({ result: 'unchanged' });
    expect(await reconcile(id, BOB)).toEqual({ result: 'unchanged' });
    expect(await reconcile('99999999-9999-4999-8999-999999999999')).toEqual({ result: 'unchanged' });
    expect(brokers.submitCount(ALICE)).toBe(0);
  });
});
