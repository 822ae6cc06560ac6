import { describe, expect, it } from 'vitest';
import { localAlpaca } from './local-alpaca.js';
import { onboardedTrader } from './onboarded-trader.js';
import { restartableServer } from './restartable-server.js';

/**
 * Issue 28's kill -9 trial: an entry placed with a band is walked by the server (Alpaca's replace against its local
 * fake); the server is killed while a replace is in flight (the fake took it, its answer held back), then restarted
 * on the same data folder. The walk resumes from its recorded step: the replace in flight is found by its client
 * order id, never sent twice; the order fills at the later step it was meant to; nothing is left working at the broker.
 * The band is priced on the person's own Alpaca market: the fake's Market Data API, serving the simulated market.
 */

const PASSWORD = 'walk kill password';
const SIM_START = '2026-02-10T15:00:00Z';

describe('kill -9 mid-walk, then a restart on the same data folder', () => {
  const local = localAlpaca(SIM_START);
  const alpaca = local.trading;
  const server = restartableServer(
    async () => ({ CONDOR_APPROVAL: 'confirm', ...(await local.start()), CONDOR_RATE_LIMIT: '100000' }),
    () => local.stop(),
  );
  const send = server.send;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const requestsFor = (method: string) => alpaca.requests.filter((r) => r.method === method && r.path.startsWith('/v2/orders'));
  const clientIdOf = (request: { body: unknown }) => (request.body as { client_order_id?: string }).client_order_id;
  async function until(done: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
    for (let waited = 0; !(await done()); waited += 100) {
      if (waited > ms) throw new Error(`not within ${String(ms)} ms: ${what}`);
      await pause(100);
    }
  }

  it('resumes the walk from the recorded step: the replace in flight is found, not resent, and the order fills at the step it was meant to', async () => {
    const token = await onboardedTrader(send, 'walk-kill@example.com', PASSWORD, { broker: 'alpaca', apiKey: alpaca.apiKey, apiSecret: alpaca.apiSecret });
    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 60 }, token);
    const [candidate] = found.body['candidates'] as unknown[];
    expect(local.data.requestsBy('default', '/v1beta1/options/snapshots/SPY')).not.toHaveLength(0);
    const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 2, pricing: { mode: 'fast' } }, token, { 'x-batch-id': 'walk-entry' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposalId = proposed.body['proposal_id'] as string;
    const positionId = proposed.body['position_id'] as string;
    const steps = ((proposed.body['details'] as Record<string, unknown>)['pricing'] as { steps: number[] }).steps;
    expect(steps).toHaveLength(3);
    // The fake fills only at the last price of the band: the walk must reach it.
    alpaca.fillAtOrAbove = steps[2]!;
    await pause(5_100);
    expect((await send('POST', `/v1/proposals/${proposalId}/confirmation`, {}, token)).body).toMatchObject({ order_status: 'accepted' });

    // Step 1's replace reaches the fake, which takes it and holds the answer back while the server dies.
    alpaca.delayNext('PATCH', 4_000);
    await until(() => requestsFor('PATCH').length === 1, 15_000, 'the first replace');
    await server.kill();
    expect(clientIdOf(requestsFor('PATCH')[0]!)).toBe(`${proposalId}-s1`);

    await server.restart();
    // The restarted walker takes the walk over once the dead one's lease ends, finds step 1 standing, and walks on.
    const position = async () => ((await send('GET', `/v1/positions?position_id=${positionId}`, undefined, token)).body['positions'] as Record<string, unknown>[] | undefined)?.[0];
    await until(async () => (await position())?.['status'] === 'open', 75_000, 'the position open after the walk resumed');

    const patches = requestsFor('PATCH').map(clientIdOf);
    expect(patches).toEqual([`${proposalId}-s1`, `${proposalId}-s2`]);
    expect(requestsFor('POST').map(clientIdOf)).toEqual([proposalId]);
    const orders = (await send('POST', '/v1/positions/actions', { action: 'orders' }, token)).body['orders'] as { status: string; limit_price: number; filled_qty: number; client_order_id: string }[];
    expect(orders.filter((o) => o.status === 'accepted' || o.status === 'partially_filled' || o.status === 'new')).toEqual([]);
    expect(orders.map((o) => [o.client_order_id, o.status, o.limit_price])).toEqual([
      [`${proposalId}-s2`, 'filled', steps[2]],
      [`${proposalId}-s1`, 'replaced', steps[1]],
      [proposalId, 'replaced', steps[0]],
    ]);
    expect(await position()).toMatchObject({ status: 'open', qty: 2, entry_credit: -steps[2]! });
  }, 150_000);
});
