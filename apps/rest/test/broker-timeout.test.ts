import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAlpaca } from './local-alpaca.js';
import { startServer, type RunningServer, sendJson, type JsonAnswer } from './server-process.js';

/**
 * Issue 27, item 3: the broker takes an order and then never answers in time (the adapter gives up after its
 * 10 s). The real server process on SQLite, a local fake of Alpaca that places the order at once but holds its
 * answer back for longer than the adapter waits (the person prices on their Alpaca market, the fake's too).
 * Whatever the confirm answers, a confirm again reconciles by client order id and the fake holds exactly one order
 * for the proposal.
 */

const PASSWORD = 'broker timeout password';
// Longer than the adapter's 10 s timeout (alpaca-brokers.ts DEFAULT_TIMEOUT_MS).
const HELD_BACK_MS = 11_500;

describe('the broker accepts an order and then times out', () => {
  const local = localAlpaca('2026-02-10T15:00:00Z');
  const alpaca = local.trading;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
    server = await startServer({
      CONDOR_APPROVAL: 'confirm',
      ...(await local.start()),
      CONDOR_RATE_LIMIT: '100000',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await local.stop();
  }, 30_000);

  const send = (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<JsonAnswer> =>
    sendJson(server, method, path, body, token, headers);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const ordersAtAlpaca = (clientOrderId: string) =>
    alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders' && (r.body as { client_order_id?: string } | null)?.client_order_id === clientOrderId);

  async function trader(email: string): Promise<string> {
    await send('POST', '/v1/users', { email, password: PASSWORD });
    const token = (await send('POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
    await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await send('POST', '/v1/broker/keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, broker: 'alpaca', environment: 'paper' }, token);
    const linked = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'alpaca' }, token);
    expect(linked.body['link']).toMatchObject({ broker: 'alpaca', connected: true });
    return token;
  }

  /** An entry proposal for the best condor on `ticker`, confirmable (past the 5 s floor) when this resolves. */
  async function confirmableEntry(token: string, ticker: string): Promise<string> {
    const found = await send('POST', '/v1/iron-condors/search', { ticker, top_k: 1, dte_min: 20, dte_max: 60 }, token);
    const [candidate] = found.body['candidates'] as unknown[];
    expect(local.data.requestsBy('default', `/v1beta1/options/snapshots/${ticker}`), 'read on the person’s Alpaca market').not.toHaveLength(0);
    // One price: a walk's own reads of the order would take the broker faults these tests script for the confirm.
    const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1, pricing: { mode: 'single' } }, token, { 'x-batch-id': `entry-${ticker}` });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    await pause(5_100);
    return proposed.body['proposal_id'] as string;
  }

  const confirm = (token: string, proposalId: string) => send('POST', `/v1/proposals/${proposalId}/confirmation`, {}, token);

  it('finds the order by client order id right after the timeout: the confirm succeeds and nothing is sent twice', async () => {
    const token = await trader('timeout-found@example.com');
    const proposalId = await confirmableEntry(token, 'SPY');
    alpaca.delayNext('POST', HELD_BACK_MS);
    const answer = await confirm(token, proposalId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const orderId = answer.body['order_id'];
    expect(orderId).toEqual(expect.any(String));
    expect(ordersAtAlpaca(proposalId)).toHaveLength(1);

    const again = await confirm(token, proposalId);
    expect([again.status, again.body['error']]).toEqual([409, 'PROPOSAL_ALREADY_CONSUMED']);
    expect(again.body['received']).toMatchObject({ proposal_id: proposalId, order_id: orderId });
    expect((await send('GET', `/v1/proposals/${proposalId}`, undefined, token)).body).toMatchObject({ status: 'confirmed', order_id: orderId });
    expect(ordersAtAlpaca(proposalId)).toHaveLength(1);
  }, 50_000);

  it('when the broker cannot be asked either, answers SERVICE_UNAVAILABLE saying so; a confirm again reconciles without placing twice', async () => {
    const token = await trader('timeout-unknown@example.com');
    const proposalId = await confirmableEntry(token, 'QQQ');
    alpaca.delayNext('POST', HELD_BACK_MS);
    const answering = confirm(token, proposalId);
    // Once the order is at the fake, its reads fail too (three, the adapter's retries): the confirm cannot look it up.
    for (let waited = 0; ordersAtAlpaca(proposalId).length === 0 && waited < 10_000; waited += 20) await pause(20);
    expect(ordersAtAlpaca(proposalId)).toHaveLength(1);
    alpaca.failNext('GET', 503, 3);
    const answer = await answering;
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body['error']).toBe('SERVICE_UNAVAILABLE');
    expect(answer.body['message']).toMatch(/may or may not have reached the broker/);
    expect(JSON.stringify(answer.body)).not.toMatch(/\bat .*\.ts:\d+|Error:/);

    const again = await confirm(token, proposalId);
    expect([again.status, again.body['error']], JSON.stringify(again.body)).toEqual([409, 'PROPOSAL_ALREADY_CONSUMED']);
    const orderId = (again.body['received'] as { order_id?: unknown } | undefined)?.order_id;
    expect(orderId).toEqual(expect.any(String));
    expect((await send('GET', `/v1/proposals/${proposalId}`, undefined, token)).body).toMatchObject({ status: 'confirmed', order_id: orderId });
    expect(ordersAtAlpaca(proposalId)).toHaveLength(1);
    const orders = (await send('POST', '/v1/positions/actions', { action: 'orders' }, token)).body['orders'] as { client_order_id: string }[];
    expect(orders.filter((o) => o.client_order_id === proposalId)).toHaveLength(1);
  }, 50_000);
});
