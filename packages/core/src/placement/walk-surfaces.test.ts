import { describe, expect, it } from 'vitest';
import { AGENT_CONFIRMS, createTestServices, FakeBrokers, type FakeClock, type TestServices } from '@condor/testkit';
import { CONDOR_CLOSE_LEGS, entryProposal, onboardedUser } from '../approval/approval-fixture.js';
import { execute } from '../operations/execute.js';
import { advanceWalk } from './advance-walk.js';
import { pricingPlan } from '../working-orders/pricing-plan.js';
import { pricingDetails } from '../working-orders/proposal-pricing.js';

/** A walk as its person and agent see it: get_positions, positions(action='orders'), get_proposal and a cancel. */

type Json = Record<string, unknown>;

async function walking() {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers, config: AGENT_CONFIRMS }) as TestServices & { clock: FakeClock };
  const { userId, accessToken } = await onboardedUser(services, 'surfaces@example.com', 'surfaces password 1');
  const planned = pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05 });
  if (!planned.ok) throw new Error('the band is valid');
  const id = services.ids.uuid();
  const base = entryProposal({ id, ownerId: userId, createdAt: services.clock.now(), qty: 2, limitPrice: -1.25 });
  await services.proposals.insert({ ...base, details: { ...base.details, pricing: pricingDetails(planned.plan) } });
  brokers.decideOrders(userId, () => 'work');
  services.clock.advance(5_000);
  const call = async (tool: string, input: Json = {}) =>
    (await execute(tool, input, { services, credential: accessToken, requestId: 'surfaces', batchKey: 'agent' })).match(
      ({ value }) => value as Json,
      ({ body }) => body as unknown as Json,
    );
  expect(await call('confirm_proposal', { proposal_id: id })).toMatchObject({ order_status: 'accepted' });
  const look = async () => {
    for (const walk of await services.workingOrders.claimDue('test', services.clock.now(), 30_000, 10)) await advanceWalk(walk, { holder: 'test', services });
  };
  return { services, brokers, userId, id, call, look };
}

describe('a working order on the surfaces', () => {
  it('shows its band, steps, current limit and time left; a fill at a later step opens the position at that price', async () => {
    const { services, brokers, userId, id, call, look } = await walking();
    await look();
    services.clock.advance(10_000);
    await look();
    const positions = (await call('get_positions')) as { positions: Json[] };
    expect(positions.positions[0]).toMatchObject({
      position_id: id,
      status: 'opening',
      working_order: {
        status: 'working',
        band: { start_price: -1.25, worst_price: -1.2 },
        current_limit: -1.24,
        price_steps: [
          { limit_price: -1.25, state: 'standing' },
          { limit_price: -1.24, state: 'standing' },
        ],
        filled: '0 of 2 condors filled',
        time_left_seconds: 140,
      },
    });
    const orders = (await call('positions', { action: 'orders' })) as { orders: Json[] };
    expect(orders.orders.map((o) => [o['status'], o['limit_price']])).toEqual([
      ['accepted', -1.24],
      ['replaced', -1.25],
    ]);
    expect(orders.orders[0]).toMatchObject({ proposal_id: id, working_order: { current_limit: -1.24 } });
    expect((await call('get_proposal', { proposal_id: id }))['details']).toMatchObject({ pricing: { mode: 'normal', start_price: -1.25, worst_price: -1.2, steps: [-1.25, -1.24, -1.22, -1.2] } });

    const standing = brokers.allOrders(userId).find((o) => o.status === 'accepted')!;
    brokers.fillOrder(userId, standing.id);
    services.clock.advance(5_000);
    await look();
    const walk = (await services.workingOrders.get(userId, id))!;
    expect(walk).toMatchObject({ status: 'filled', filledQty: 2, detail: 'Filled: 2 condors at $1.24.' });
    // The person hears of it once (design §18): a second walker's end of the same walk adds nothing.
    const told = (await services.news.recent(userId, 10)).filter((n) => n.news.kind === 'order_ended');
    expect(told.map((n) => [n.news.title, n.news.body, n.news.key])).toEqual([['SPY order filled', 'Filled: 2 condors at $1.24.', `order:${id}`]]);
    const after = (await call('get_positions')) as { positions: Json[] };
    expect(after.positions[0]).toMatchObject({ status: 'open', qty: 2, entry_credit: 1.24, order_ids: [standing.id], working_order: null });
  });

  it.each([false, true])(
    'an exit filled at its last price and settled by the walker before anyone reads positions stays closed (read at its second price: %s)',
    async (readMidway) => {
      const { services, brokers, userId, id, call, look } = await walking();
      await look();
      brokers.fillOrder(userId, brokers.allOrders(userId).find((o) => o.status === 'accepted')!.id);
      services.clock.advance(5_000);
      await look();
      const planned = pricingPlan({ mid: 1.05, natural: 1.25 }, { mode: 'fast', worstFromMid: 0.05, worstPrice: 'natural' });
      if (!planned.ok) throw new Error('the band is valid');
      const exitId = services.ids.uuid();
      const entry = entryProposal({ id: exitId, ownerId: userId, createdAt: services.clock.now(), qty: 2, limitPrice: 1.05 });
      await services.proposals.insert({ ...entry, kind: 'exit', legs: CONDOR_CLOSE_LEGS, positionId: id, details: { ...entry.details, pricing: pricingDetails(planned.plan) } });
      services.clock.advance(5_000);
      expect(await call('confirm_proposal', { proposal_id: exitId })).toMatchObject({ order_status: 'accepted' });
      for (const price of [1.15, 1.25]) {
        services.clock.advance(5_000);
        await look();
        if (readMidway && price === 1.15) expect((await call('get_positions')) as { positions: Json[] }).toMatchObject({ positions: [{ status: 'closing' }] });
      }
      brokers.fillOrder(userId, brokers.allOrders(userId).find((o) => o.status === 'accepted' && o.limitPrice === 1.25)!.id);
      services.clock.advance(5_000);
      await look();
      expect(await services.workingOrders.get(userId, exitId)).toMatchObject({ status: 'filled', detail: 'Filled: 2 condors at $1.25.' });
      // The exit's earlier orders, replaced, are the broker's too: reading them back must not set the closed position closing again.
      for (let read = 0; read < 2; read++) {
        const { positions } = (await call('get_positions', { include_closed: true })) as { positions: Json[] };
        expect(positions[0]).toMatchObject({ position_id: id, status: 'closed' });
      }
    },
  );

  it("a person's cancel of the standing order ends the walk as cancelled and closes the unopened position", async () => {
    const { services, brokers, userId, id, call, look } = await walking();
    await look();
    const standing = brokers.allOrders(userId).find((o) => o.status === 'accepted')!;
    expect(await call('positions', { action: 'cancel', order_id: standing.id })).toMatchObject({ canceled: true });
    // Past the dwell: a walk that was not told would replace the cancelled order now.
    services.clock.advance(10_000);
    await look();
    expect(brokers.allOrders(userId).map((o) => o.status)).toEqual(['canceled']);
    expect(await services.workingOrders.get(userId, id)).toMatchObject({ status: 'cancelled', detail: 'Cancelled at your request; nothing filled.' });
    expect((await services.news.recent(userId, 10)).map((n) => n.news.kind)).not.toContain('order_ended');
    expect(((await call('get_positions', { include_closed: true })) as { positions: Json[] }).positions[0]).toMatchObject({ status: 'closed' });
  });
});
