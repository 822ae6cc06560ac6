import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERAS, newClient } from '../../mcp/test/support.js';
import { localAlpaca } from './local-alpaca.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * The approval boundary (design §12) against the real server process: an agent that proposes and confirms on its
 * own — over REST, over MCP without elicitation, at any timing — places nothing under the default policy, and a
 * live account refuses the agent's confirm even under CONDOR_APPROVAL=confirm.
 */

const PASSWORD = 'agent alone password 1';
const SIM_START = '2026-02-10T15:00:00Z';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Json = Record<string, unknown>;

function client(server: RunningServer) {
  const send = async (method: string, path: string, body: unknown, token: string | null, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  /** A new user, onboarded, with `connect` linking the broker; returns the access token. */
  const trader = async (email: string, connect: (token: string) => Promise<void>): Promise<string> => {
    await send('POST', '/v1/users', { email, password: PASSWORD }, null);
    const token = (await send('POST', '/v1/sessions', { email, password: PASSWORD }, null)).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
    await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await connect(token);
    return token;
  };
  const connectSim = async (token: string) => {
    expect((await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token)).status).toBe(200);
  };
  const propose = async (token: string, batch: string): Promise<Json> => {
    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 }, token);
    const [candidate] = found.body['candidates'] as unknown[];
    const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': batch });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    return proposed.body;
  };
  const orders = async (token: string) => (await send('POST', '/v1/positions/actions', { action: 'orders' }, token)).body['orders'] as unknown[];
  return { send, trader, connectSim, propose, orders };
}

/** A CONFIRM_BLOCKED that asks for a person and names a working approval link on this server. */
function expectPersonRequired(body: Json, server: RunningServer): void {
  expect(Object.keys(body).sort()).toEqual(['error', 'expected', 'message', 'received', 'see_tool', 'suggestion', 'tier_upgrade_hint']);
  expect(body).toMatchObject({ error: 'CONFIRM_BLOCKED', expected: expect.stringContaining("a person's approval") as unknown });
  expect(body['message']).toContain(`${server.baseUrl}/approve/`);
}

describe('under the default approval policy (human)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ CONDOR_SIM_START: SIM_START });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  it('answers an agent confirming over REST with CONFIRM_BLOCKED at any timing, and places nothing', async () => {
    const { send, trader, connectSim, propose, orders } = client(server);
    const token = await trader('alone-rest@example.com', connectSim);
    const proposal = await propose(token, 'turn-1');
    expect(proposal['approval_url']).toEqual(expect.stringMatching(new RegExp(`^${server.baseUrl}/approve/[A-Za-z0-9_-]{16,}$`)));
    expect(proposal['ticket']).toMatchObject({ account: { broker: 'sim', environment: 'paper', simulated_market: true }, status: 'awaiting_approval' });
    const confirm = () => send('POST', `/v1/proposals/${proposal['proposal_id'] as string}/confirmation`, {}, token, { 'x-batch-id': 'a-later-turn' });
    for (const wait of [0, 5_100, 2_000]) {
      await pause(wait);
      const answer = await confirm();
      expect(answer.status).toBe(422);
      expectPersonRequired(answer.body, server);
    }
    expect(await orders(token)).toEqual([]);
    const shown = await send('GET', `/v1/proposals/${proposal['proposal_id'] as string}`, undefined, token);
    expect(shown.body).toMatchObject({ status: 'awaiting_confirmation', approval: null, order_id: null });
  }, 60_000);

  it.each(ERAS)('answers an MCP client without elicitation (%s era) with CONFIRM_BLOCKED after the 5 s, and places nothing', async (era) => {
    const { trader, connectSim, orders } = client(server);
    const token = await trader(`alone-mcp-${era}@example.com`, connectSim);
    const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    const mcp = newClient(era);
    await mcp.connect(transport);
    try {
      const call = async (name: string, args: Json = {}) => (await mcp.callTool({ name, arguments: args })).structuredContent as Json;
      const [candidate] = (await call('find_iron_condors', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 }))['candidates'] as Json[];
      const proposal = await call('propose_entry', { candidate: candidate ?? {}, qty: 1 });
      expect(proposal['approval_url']).toEqual(expect.stringContaining('/approve/'));
      await pause(5_100);
      expectPersonRequired(await call('confirm_proposal', { proposal_id: proposal['proposal_id'] }), server);
      expect(await orders(token)).toEqual([]);
    } finally {
      await mcp.close();
    }
  }, 60_000);
});

describe('a live account under CONDOR_APPROVAL=confirm', () => {
  // Alpaca's hosts (paper, live and market data) are local fakes; the person prices on their own Alpaca market.
  const local = localAlpaca(SIM_START);
  const alpaca = local.trading;
  let server: RunningServer;
  beforeAll(async () => {
    alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
    server = await startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_LIVE_TRADING_ENABLED: 'true', ...(await local.start()) });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await local.stop();
  });

  it('still needs a person: the agent’s confirm is CONFIRM_BLOCKED and Alpaca gets no order', async () => {
    const { send, trader, propose } = client(server);
    const token = await trader('alone-live@example.com', async (t) => {
      expect((await send('POST', '/v1/broker/keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, environment: 'live' }, t)).status).toBe(200);
      expect((await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'alpaca' }, t)).body['link']).toMatchObject({ environment: 'live', connected: true });
    });
    const proposal = await propose(token, 'turn-1');
    expect(proposal['ticket']).toMatchObject({ account: { broker: 'alpaca', environment: 'live' } });
    expect(local.data.requestsBy('default', '/v1beta1/options/snapshots/SPY')).not.toHaveLength(0);
    await pause(5_100);
    const answer = await send('POST', `/v1/proposals/${proposal['proposal_id'] as string}/confirmation`, {}, token, { 'x-batch-id': 'turn-2' });
    expect(answer.status).toBe(422);
    expectPersonRequired(answer.body, server);
    expect(answer.body['message']).toContain('live');
    expect(alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders')).toEqual([]);
  }, 60_000);
});
