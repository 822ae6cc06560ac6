import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { restRequest } from './rest-request.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERAS, newClient } from '../../mcp/test/support.js';
import { localAlpaca } from './local-alpaca.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * Trading against the real server process, its SQLite file and the simulated paper broker, with the
 * clock started on a Tuesday morning so the simulated market is open whenever the test runs.
 */

const PASSWORD = 'trading e2e password';
const API_KEY = 'PKTESTKEY1234567890AB';
const API_SECRET = 'secret-e2e-9f8e7d6c5b4a39281706';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_START: '2026-02-10T15:00:00Z' });
}, 60_000);

afterAll(async () => {
  await server.stop();
});

const send = (method: string, path: string, body: unknown, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function onboardedTrader(email: string): Promise<string> {
  await send('POST', '/v1/users', { email, password: PASSWORD }, null);
  const { access_token: token } = (await (await send('POST', '/v1/sessions', { email, password: PASSWORD }, null)).json()) as { access_token: string };
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
  await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
  await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
  return token;
}

describe('trading on the real server', () => {
  it('confirms one proposal exactly once under 50 parallel HTTP confirms', async () => {
    const token = await onboardedTrader('racer@example.com');
    const connected = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token);
    expect(connected.status).toBe(200);
    const found = (await (await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 }, token)).json()) as {
      candidates: unknown[];
    };
    expect(found.candidates).toHaveLength(1);
    const proposed = await send('POST', '/v1/proposals/entries', { candidate: found.candidates[0], qty: 1 }, token, { 'x-batch-id': 'turn-1' });
    const proposal = (await proposed.json()) as { proposal_id: string; limit_price: number; confirmable_at: string };
    expect([proposed.status, proposal.limit_price < 0]).toEqual([200, true]);

    const blocked = await send('POST', `/v1/proposals/${proposal.proposal_id}/confirmation`, {}, token, { 'x-batch-id': 'turn-1' });
    expect(((await blocked.json()) as { error: string }).error).toBe('CONFIRM_BLOCKED');
    await new Promise((resolve) => setTimeout(resolve, 5_100));

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send('POST', `/v1/proposals/${proposal.proposal_id}/confirmation`, {}, token)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { error?: string; order_id?: string }[];
    const placed = bodies.find((b) => b.order_id !== undefined);
    expect(bodies.filter((b) => b.error === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(49);
    const shown = (await (await send('GET', `/v1/proposals/${proposal.proposal_id}`, undefined, token)).json()) as { status: string; order_id: string };
    expect(shown).toMatchObject({ status: 'confirmed', order_id: placed?.order_id });
    const atBroker = (await (await send('POST', '/v1/positions/actions', { action: 'orders' }, token)).json()) as {
      orders: { order_id: string; client_order_id: string }[];
    };
    expect(atBroker.orders.filter((o) => o.client_order_id === proposal.proposal_id)).toEqual([
      expect.objectContaining({ order_id: placed?.order_id }),
    ]);
    expect(atBroker.orders).toHaveLength(1);
  }, 60_000);

  it('never shows, logs or stores a broker secret in plain text', async () => {
    const token = await onboardedTrader('keys@example.com');
    const stored = await send('POST', '/v1/broker/keys', { api_key: API_KEY, api_secret: API_SECRET, broker: 'alpaca', environment: 'paper' }, token);
    const text = await stored.text();
    expect(stored.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ link: { key_hint: '…90AB', connected: false } });
    const refused = await send('POST', '/v1/broker/keys', { api_key: API_KEY, api_secret: '' }, token);
    const refusedText = await refused.text();
    expect(((JSON.parse(refusedText) as { error: string }).error)).toBe('MISSING_API_SECRET');
    for (const answer of [text, refusedText]) {
      expect(answer).not.toContain(API_KEY);
      expect(answer).not.toContain(API_SECRET);
    }
    const files = ['condor.db', 'condor.db-wal'].map((f) => join(server.dataDir, f)).filter((f) => existsSync(f));
    const database = files.map((f) => readFileSync(f).toString('latin1')).join('');
    expect(database).toContain('broker_links');
    expect(database).not.toContain(API_KEY);
    expect(database).not.toContain(API_SECRET);
    expect(server.logs.join('\n')).not.toContain(API_SECRET);
    expect(server.logs.join('\n')).not.toContain(API_KEY);
  });
});

type Call = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Calls a tool over REST the way an HTTP client would: the catalogue's method and path, path parameters filled in. */
const restCaller =
  (token: string | null): Call =>
  async (tool, args = {}) => {
    const { method, path, body } = restRequest(tool, args);
    const response = await send(method, path, body, token);
    return (await response.json()) as Record<string, unknown>;
  };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** From a new account to a filled paper iron condor, a roll of its put side and an exit, through one surface. */
async function walk(call: Call, email: string, connect?: (call: Call) => Promise<void>): Promise<void> {
  await call('register', { email, password: PASSWORD });
  const login = await call('login', { email, password: PASSWORD });
  expect(login['access_token']).toEqual(expect.any(String));
  return walkLoggedIn(call, connect);
}

/** A REST caller that keeps the token `login` returns. */
function restSession(): Call {
  let token: string | null = null;
  return async (tool, args) => {
    const answer = await restCaller(token)(tool, args);
    if (tool === 'login') token = answer['access_token'] as string;
    return answer;
  };
}

const connectSim = async (call: Call): Promise<void> => {
  expect((await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }))['link']).toMatchObject({ broker: 'sim', connected: true });
};

async function walkLoggedIn(call: Call, connect: (call: Call) => Promise<void> = connectSim): Promise<void> {
  expect((await call('propose_entry', { candidate: {}, qty: 1 }))['error']).toBe('MISSING_CANDIDATE_FIELDS');
  expect((await call('get_positions'))['error']).toBe('ONBOARDING_REQUIRED');
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  expect((await call('get_positions'))['error']).toBe('BROKER_NOT_CONNECTED');
  await connect(call);

  const found = await call('find_iron_condors', { ticker: 'QQQ', top_k: 1, dte_min: 20, dte_max: 35 });
  const [candidate] = found['candidates'] as Record<string, unknown>[];
  const entry = await call('propose_entry', { candidate, qty: 1 });
  expect(entry['kind']).toBe('entry');
  const positionId = entry['position_id'] as string;
  await pause(5_100);
  const opened = await call('confirm_proposal', { proposal_id: entry['proposal_id'] });
  expect(opened).toMatchObject({ order_status: 'filled', position_id: positionId });

  const held = await call('get_positions', { position_id: positionId });
  const position = (held['positions'] as Record<string, unknown>[] | undefined)?.[0] ?? held;
  expect(position).toMatchObject({ position_id: positionId, status: 'open' });
  const orders = await call('positions', { action: 'orders' });
  expect(JSON.stringify(orders)).toContain(opened['order_id'] as string);

  const roll = await call('propose_roll', { position_id: positionId, side: 'put' });
  expect(roll['kind']).toBe('roll');
  expect(roll['legs']).toHaveLength(4);
  await pause(5_100);
  const rolled = await call('confirm_proposal', { proposal_id: roll['proposal_id'] });
  expect(rolled).toMatchObject({ position_id: positionId });
  expect(rolled['order_id']).not.toBe(opened['order_id']);

  const exit = await call('propose_exit', { position_id: positionId });
  expect(exit['kind']).toBe('exit');
  await pause(5_100);
  const closed = await call('confirm_proposal', { proposal_id: exit['proposal_id'] });
  expect(closed).toMatchObject({ position_id: positionId, order_status: 'filled' });
  const after = await call('get_positions', { position_id: positionId });
  const final = (after['positions'] as Record<string, unknown>[] | undefined)?.[0] ?? after;
  expect(final).toMatchObject({ status: 'closed' });
}

describe('a new user from register to a filled, rolled and closed paper iron condor', () => {
  it('over REST', async () => {
    await walk(restSession(), 'walker-rest@example.com');
  }, 90_000);

  it.each(ERAS)('over MCP (Streamable HTTP, the v2 SDK client, %s era), with a Bearer token', async (era) => {
    const email = `walker-mcp-${era}@example.com`;
    await send('POST', '/v1/users', { email, password: PASSWORD }, null);
    // HTTP has no MCP session for a login to bind: the agent brings its token on every request.
    const { access_token: token } = (await (await send('POST', '/v1/sessions', { email, password: PASSWORD }, null)).json()) as { access_token: string };
    const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    const client = newClient(era);
    await client.connect(transport);
    try {
      const call: Call = async (tool, args = {}) => {
        const result = await client.callTool({ name: tool, arguments: args });
        return (result.structuredContent ?? {}) as Record<string, unknown>;
      };
      expect(await call('login', { email, password: PASSWORD })).toMatchObject({ error: 'BAD_REQUEST' });
      await walkLoggedIn(call);
    } finally {
      await client.close();
    }
  }, 90_000);
});

// The person linked to Alpaca prices on their own Alpaca market: the fake's Market Data API, serving the simulated market.
describe('the same walk against a local fake of Alpaca’s Trading API', () => {
  const local = localAlpaca('2026-02-10T15:00:00Z');
  const alpaca = local.trading;
  let withAlpaca: RunningServer;

  beforeAll(async () => {
    alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
    withAlpaca = await startServer({ CONDOR_APPROVAL: 'confirm', ...(await local.start()) });
  }, 60_000);

  afterAll(async () => {
    await withAlpaca.stop();
    await local.stop();
  });

  it('links Alpaca paper keys and places the entry, the roll and the exit at Alpaca, each under its proposal id', async () => {
    // The helpers above talk to `server`; this walk is the Alpaca-backed process's.
    const previous = server;
    server = withAlpaca;
    try {
      const connectAlpaca = async (call: Call): Promise<void> => {
        await call('set_broker_keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, environment: 'paper' });
        expect((await call('connect_broker', { authorization_confirmed: true, broker: 'alpaca' }))['link']).toMatchObject({ broker: 'alpaca', connected: true });
      };
      await walk(restSession(), 'walker-alpaca@example.com', connectAlpaca);
      const posts = alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');
      expect(posts).toHaveLength(3);
      for (const post of posts) expect(post.body).toMatchObject({ order_class: 'mleg', type: 'limit', time_in_force: 'day', client_order_id: expect.any(String) });
      expect(new Set(posts.map((p) => (p.body as { client_order_id: string }).client_order_id)).size).toBe(3);
      expect(local.data.requestsBy('default', '/v1beta1/options/snapshots/QQQ')).not.toHaveLength(0);
      expect(JSON.stringify(withAlpaca.logs)).not.toContain(alpaca.apiSecret);
    } finally {
      server = previous;
    }
  }, 90_000);
});
