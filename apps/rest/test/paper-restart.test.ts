import { describe, expect, it } from 'vitest';
import { restartableServer } from './restartable-server.js';

/**
 * The simulated paper broker is durable (issue 15): its accounts live in the server's SQLite file, so a
 * server process killed between a fill and an exit comes back with the same paper account — the order list
 * intact, the position rollable and closable, and no order id ever handed out twice.
 */

const PASSWORD = 'paper restart password';
const SIM_START = '2026-02-10T15:00:00Z';


interface OrderView {
  readonly order_id: string;
  readonly client_order_id: string;
  readonly status: string;
  readonly kind: string | null;
  readonly position_id: string | null;
}

describe('the simulated paper broker across a restart of the server process (SQLite)', () => {
  // One anchor for both processes: the restarted clock goes on from where the killed one was.
  const server = restartableServer(() => ({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_START: SIM_START, CONDOR_SIM_ANCHOR: new Date().toISOString(), CONDOR_RATE_LIMIT: '100000' }));
  const send = server.send;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A proposal made in its own batch, confirmed once its 5 s have passed; the confirmation. */
  async function proposeAndConfirm(token: string, path: string, body: unknown, batch: string): Promise<Record<string, unknown>> {
    const proposed = await send('POST', path, body, token, { 'x-batch-id': batch });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    await pause(5_100);
    const confirmed = await send('POST', `/v1/proposals/${proposed.body['proposal_id'] as string}/confirmation`, {}, token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return confirmed.body;
  }

  const orders = async (token: string): Promise<OrderView[]> => {
    const listed = await send('POST', '/v1/positions/actions', { action: 'orders' }, token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    return listed.body['orders'] as OrderView[];
  };

  it('keeps the paper account when the process is killed between a fill and an exit: the order list is intact, the position rolls and exits, no order id repeats', async () => {
    await send('POST', '/v1/users', { email: 'restart@example.com', password: PASSWORD });
    const token = (await send('POST', '/v1/sessions', { email: 'restart@example.com', password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
    await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    expect((await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token)).body['link']).toMatchObject({ broker: 'sim', connected: true });

    // Before the restart: an iron condor opened and filled.
    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 35 }, token);
    const [candidate] = found.body['candidates'] as unknown[];
    const opened = await proposeAndConfirm(token, '/v1/proposals/entries', { candidate, qty: 1 }, 'entry');
    expect(opened).toMatchObject({ order_status: 'filled' });
    const positionId = opened['position_id'] as string;
    const before = await orders(token);
    expect(before.map((o) => [o.order_id, o.status, o.kind])).toEqual([[opened['order_id'], 'filled', 'entry']]);
    const connect = async () => (await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token)).body['account'];
    const account = await connect();
    expect(account).toMatchObject({ account_id: expect.stringMatching(/^sim-/) as unknown });

    await server.kill();
    await server.restart();

    // After it: the same account, the same orders, and the position acts as any other.
    expect(await orders(token)).toEqual(before);
    expect(await connect()).toEqual(account);
    const shown = await send('GET', `/v1/positions?position_id=${positionId}`, undefined, token);
    expect(JSON.stringify(shown.body)).toContain('"status":"open"');
    const rolled = await proposeAndConfirm(token, '/v1/proposals/rolls', { position_id: positionId, side: 'put' }, 'roll');
    expect(rolled).toMatchObject({ position_id: positionId, order_id: expect.any(String) as unknown });
    const closed = await proposeAndConfirm(token, '/v1/proposals/exits', { position_id: positionId }, 'exit');
    expect(closed).toMatchObject({ position_id: positionId, order_id: expect.stringMatching(/^sim-order-/) as unknown });
    if (closed['order_status'] === 'filled') {
      const listed = await send('GET', '/v1/positions?include_closed=true', undefined, token);
      expect(listed.body['positions']).toEqual([expect.objectContaining({ position_id: positionId, status: 'closed' })]);
    }

    const after = await orders(token);
    expect(after.slice(-before.length)).toEqual(before);
    expect(after[0]).toMatchObject({ order_id: closed['order_id'], kind: 'exit', position_id: positionId });
    expect(after.map((o) => o.kind)).toEqual(['exit', ...after.slice(1, -1).map(() => 'roll'), 'entry']);
    expect(after.map((o) => o.order_id)).toContain(rolled['order_id']);
    expect(new Set(after.map((o) => o.order_id)).size).toBe(after.length);
  }, 120_000);
});
