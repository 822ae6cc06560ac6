import { describe, expect, it } from 'vitest';
import { onboardedTrader } from './onboarded-trader.js';
import { restartableServer } from './restartable-server.js';

/**
 * Issue 28's kill -9 trial on the simulated paper broker (its accounts in the server's SQLite file): a walk from a
 * start well better than the mid toward a worst price through it is killed after its second step and the server
 * restarted; the walk resumes from the recorded step and fills; every step was one order, sent once, and nothing is
 * left working.
 */

const PASSWORD = 'walk sim restart password';
const SIM_START = '2026-02-10T15:00:00Z';

interface OrderView {
  readonly order_id: string;
  readonly client_order_id: string;
  readonly status: string;
  readonly limit_price: number;
  readonly filled_qty: number;
}

describe('kill -9 mid-walk on the simulated paper broker, then a restart', () => {
  const server = restartableServer(() => ({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_START: SIM_START, CONDOR_SIM_ANCHOR: new Date().toISOString(), CONDOR_RATE_LIMIT: '100000' }));
  const send = server.send;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const position = async (token: string, id: string) => ((await send('GET', `/v1/positions?position_id=${id}`, undefined, token)).body['positions'] as Record<string, unknown>[])[0]!;
  const steps = async (token: string, id: string) => ((await position(token, id))['working_order'] as { price_steps: unknown[] } | null)?.price_steps.length ?? 0;

  it('resumes the walk from its recorded step, sends each step once, and leaves nothing working', async () => {
    const token = await onboardedTrader(send, 'walk-sim@example.com', PASSWORD, { broker: 'sim' });
    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 60 }, token);
    const [candidate] = found.body['candidates'] as { net_credit: number }[];
    const mid = -candidate!.net_credit;
    // Ten cents better than the mid (the simulated broker fills within a cent of it), walking through the mid.
    const pricing = { mode: 'normal', start_price: Math.round((mid - 0.1) * 100) / 100, worst_price: Math.round((mid + 0.03) * 100) / 100 };
    const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1, pricing }, token, { 'x-batch-id': 'walk-sim' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposalId = proposed.body['proposal_id'] as string;
    const positionId = proposed.body['position_id'] as string;
    await pause(5_100);
    expect((await send('POST', `/v1/proposals/${proposalId}/confirmation`, {}, token)).body).toMatchObject({ order_status: 'accepted' });

    for (let waited = 0; (await steps(token, positionId)) < 2; waited += 250) {
      if (waited > 20_000) throw new Error('the walk did not reach its second step');
      await pause(250);
    }
    await server.kill();
    await server.restart();

    let now: Record<string, unknown> = {};
    for (let waited = 0; (now = await position(token, positionId))['status'] === 'opening'; waited += 500) {
      if (waited > 90_000) throw new Error('the walk did not end after the restart');
      await pause(500);
    }
    expect(now['status']).toBe('open');
    const orders = ((await send('POST', '/v1/positions/actions', { action: 'orders' }, token)).body['orders'] as OrderView[]).filter((o) => o.client_order_id.startsWith(proposalId));
    const ids = orders.map((o) => o.client_order_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(orders.filter((o) => ['accepted', 'partially_filled', 'pending_cancel'].includes(o.status))).toEqual([]);
    expect(orders.filter((o) => o.status === 'filled').map((o) => o.filled_qty)).toEqual([1]);
    for (const order of orders) {
      expect(order.limit_price).toBeGreaterThanOrEqual(pricing.start_price - 1e-9);
      expect(order.limit_price).toBeLessThanOrEqual(pricing.worst_price + 1e-9);
    }
  }, 150_000);
});
