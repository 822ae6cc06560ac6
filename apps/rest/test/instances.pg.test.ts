import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../../packages/store-sql/test/fresh-postgres-database.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ERAS, newClient, type Era } from '../../mcp/test/support.js';
import { localAlpaca } from './local-alpaca.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * Two server processes behind an imaginary load balancer, on one PostgreSQL database and one (fake)
 * Alpaca: every guarantee that must be global holds across them, and a crash of one loses nothing. People linked to
 * Alpaca price on their own Alpaca market, the fake's Market Data API serving the simulated market (its tickers too).
 */

const PASSWORD = 'two instances password';
const QUOTA = 6;
const SIM_START = '2026-02-10T15:00:00Z';
const LOGIN_FAILURES = 4;

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set.
if (TEST_DATABASE_URL === null) throw new Error('instances.pg.test.ts needs CONDOR_TEST_DATABASE_URL');
const serverUrl: string = TEST_DATABASE_URL;

describe('two instances on one PostgreSQL', () => {
  const local = localAlpaca(SIM_START);
  const alpaca = local.trading;
  let database: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;
  // Unset until beforeAll has started them; afterAll stops whatever did start.
  let a = undefined as unknown as RunningServer;
  let b = undefined as unknown as RunningServer;
  const extra: RunningServer[] = [];

  beforeAll(async () => {
    alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
    database = await freshPostgresDatabase(serverUrl);
    env = {
      DATABASE_URL: database.url,
      CONDOR_SIGNING_KEY: 'b'.repeat(64),
      CONDOR_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
      CONDOR_APPROVAL: 'confirm',
      ...(await local.start()),
      CONDOR_QUOTA_FIND_IRON_CONDORS: String(QUOTA),
      CONDOR_RATE_LIMIT: '100000',
      CONDOR_LOGIN_MAX_FAILURES: String(LOGIN_FAILURES),
    };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    const failed = started.find((result) => result.status === 'rejected');
    for (const result of started) if (result.status === 'fulfilled') extra.push(result.value);
    if (failed !== undefined) throw failed.reason;
    [a, b] = extra.splice(0, 2) as [RunningServer, RunningServer];
  }, 90_000);

  afterAll(async () => {
    try {
      const running: (RunningServer | undefined)[] = [a, b, ...extra];
      await Promise.allSettled(running.flatMap((server) => (server === undefined ? [] : [server.stop()])));
      await local.stop();
    } finally {
      await database.drop();
    }
  }, 30_000);

  const send = async (server: RunningServer, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** Registers on one instance and logs in on the other; onboarded and linked to the fake Alpaca when asked. */
  async function user(email: string, trader: boolean): Promise<string> {
    await send(a, 'POST', '/v1/users', { email, password: PASSWORD });
    const token = (await send(b, 'POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    if (!trader) return token;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send(a, 'GET', `/v1/legal-documents/${name}`, undefined, token);
    await send(b, 'POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send(a, 'POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await send(b, 'POST', '/v1/broker/keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, broker: 'alpaca', environment: 'paper' }, token);
    const linked = await send(a, 'POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'alpaca' }, token);
    expect(linked.body['link']).toMatchObject({ broker: 'alpaca', connected: true });
    return token;
  }

  /** Leg symbols of a search candidate. */
  const legSymbols = (candidate: unknown): string[] =>
    Object.values((candidate as { legs: Record<string, { occ_symbol: string }> }).legs).map((leg) => leg.occ_symbol);

  /**
   * `count` proposals of candidates that share no leg (issue 33: a confirm refuses legs another placement holds), each
   * in its own batch, alternating between the instances; the candidates come from searches of successive DTE windows.
   * Users share the one fake Alpaca account, so each test trades its own ticker.
   */
  async function proposals(token: string, tickers: string | readonly string[], count: number): Promise<string[]> {
    const candidates: unknown[] = [];
    const taken = new Set<string>();
    const windows = [[20, 44], [45, 69], [70, 120]] as const;
    // At most six searches (the free tier's daily quota here, QUOTA): three DTE windows on each of two tickers.
    const searches = (typeof tickers === 'string' ? [tickers] : tickers).slice(0, 2).flatMap((ticker) => windows.map(([from, to]) => ({ ticker, from, to })));
    for (const { ticker, from, to } of searches) {
      if (candidates.length >= count) break;
      const found = await send(a, 'POST', '/v1/iron-condors/search', { ticker, top_k: 10, dte_min: from, dte_max: to }, token);
      for (const candidate of (found.body['candidates'] as unknown[] | undefined) ?? []) {
        const legs = legSymbols(candidate);
        if (candidates.length >= count || legs.some((symbol) => taken.has(symbol))) continue;
        legs.forEach((symbol) => taken.add(symbol));
        candidates.push(candidate);
      }
    }
    expect(candidates).toHaveLength(count);
    expect(local.data.requestsBy('default', '/v1beta1/options/snapshots/').length).toBeGreaterThan(0);
    const ids: string[] = [];
    for (const [i, candidate] of candidates.entries()) {
      const proposed = await send(i % 2 === 0 ? a : b, 'POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': `turn-${String(i)}` });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
      ids.push(proposed.body['proposal_id'] as string);
    }
    return ids;
  }

  const ordersAtAlpaca = (clientOrderId: string) =>
    alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders' && (r.body as { client_order_id?: string }).client_order_id === clientOrderId);

  it('places one order for 50 concurrent confirms of one proposal spread across both', async () => {
    const token = await user('racer@example.com', true);
    const [proposalId] = await proposals(token, 'SPY', 1);
    await new Promise((resolve) => setTimeout(resolve, 5_100));

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(i % 2 === 0 ? a : b, 'POST', `/v1/proposals/${proposalId ?? ''}/confirmation`, {}, token)),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409 && x.body['error'] === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(49);
    expect(ordersAtAlpaca(proposalId ?? '')).toHaveLength(1);
    const placed = answers.find((x) => x.status === 200)?.body['order_id'];
    for (const server of [a, b]) {
      expect((await send(server, 'GET', `/v1/proposals/${proposalId ?? ''}`, undefined, token)).body).toMatchObject({ status: 'confirmed', order_id: placed });
    }
  }, 60_000);

  it(`admits exactly ${String(QUOTA)} free searches out of 20 concurrent ones spread across both`, async () => {
    const token = await user('quota@example.com', false);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 === 0 ? a : b, 'POST', '/v1/iron-condors/search', { ticker: 'IWM', top_k: 1 }, token)),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(QUOTA);
    expect(answers.filter((x) => x.status === 429 && x.body['error'] === 'QUOTA_EXCEEDED')).toHaveLength(20 - QUOTA);
    const quotas = (await send(b, 'GET', '/v1/subscription', undefined, token)).body['quotas'] as { tool: string; used: number; remaining: number }[];
    expect(quotas.find((q) => q.tool === 'find_iron_condors')).toMatchObject({ used: QUOTA, remaining: 0 });
  }, 60_000);

  it('rotates a refresh token once when both instances are handed it at the same moment', async () => {
    await user('rotate@example.com', false);
    const login = await send(a, 'POST', '/v1/sessions', { email: 'rotate@example.com', password: PASSWORD });
    const refresh = login.body['refresh_token'] as string;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 === 0 ? a : b, 'POST', '/v1/sessions/refresh', { refresh_token: refresh })));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 401)).toHaveLength(9);
  }, 30_000);

  /** A v2 MCP client of `era` whose requests alternate between the two instances, with `token` as Bearer. */
  async function mcpAcrossBoth(era: Era, token: string | null): Promise<{ call: (tool: string, args?: Record<string, unknown>) => Promise<Record<string, unknown>>; close: () => Promise<void> }> {
    let turn = 0;
    const transport = new StreamableHTTPClientTransport(new URL(`${a.baseUrl}/mcp`), {
      fetch: (url, init) => {
        turn += 1;
        const target = new URL(String(url));
        const base = new URL((turn % 2 === 0 ? b : a).baseUrl);
        target.host = base.host;
        const headers = new Headers(init?.headers);
        if (token !== null) headers.set('authorization', `Bearer ${token}`);
        return fetch(target, { ...init, headers });
      },
    });
    const client = newClient(era);
    await client.connect(transport);
    return {
      call: async (tool, args = {}) => ((await client.callTool({ name: tool, arguments: args })).structuredContent ?? {}) as Record<string, unknown>,
      close: () => client.close(),
    };
  }

  /** Proposes the first candidate on any of `tickers` that the risk gate accepts; its proposal id. */
  async function proposeFirstAccepted(call: (tool: string, args?: Record<string, unknown>) => Promise<Record<string, unknown>>, tickers: string[]): Promise<string> {
    const refused: unknown[] = [];
    for (const ticker of tickers) {
      const found = await call('find_iron_condors', { ticker, top_k: 5, dte_min: 20, dte_max: 60 });
      for (const candidate of found['candidates'] as unknown[]) {
        const proposed = await call('propose_entry', { candidate, qty: 1 });
        if (typeof proposed['proposal_id'] === 'string') return proposed['proposal_id'];
        refused.push(proposed['message']);
      }
    }
    throw new Error(`no candidate on ${tickers.join(', ')} passed the risk gate: ${JSON.stringify(refused).slice(0, 500)}`);
  }

  it.each(ERAS)('walks an MCP client (%s era) from register to a placed order, its requests alternating between the instances', async (era) => {
    const email = `mcp-${era}@example.com`;
    const anonymous = await mcpAcrossBoth(era, null);
    expect(await anonymous.call('register', { email, password: PASSWORD })).toMatchObject({ email });
    expect(await anonymous.call('login', { email, password: PASSWORD })).toMatchObject({ error: 'BAD_REQUEST' });
    await anonymous.close();
    const token = (await send(b, 'POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    const mcp = await mcpAcrossBoth(era, token);
    try {
      for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) expect(await mcp.call('get_legal_document', { name })).toMatchObject({ name });
      await mcp.call('accept_eua');
      await mcp.call('acknowledge_risk');
      await mcp.call('set_broker_keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, broker: 'alpaca', environment: 'paper' });
      expect(await mcp.call('connect_broker', { authorization_confirmed: true, broker: 'alpaca' })).toMatchObject({ link: { connected: true } });
      const proposalId = await proposeFirstAccepted(mcp.call, era === 'modern' ? ['DIA', 'MSFT'] : ['GLD', 'AMZN']);
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      expect(await mcp.call('confirm_proposal', { proposal_id: proposalId }), proposalId).toMatchObject({ order_id: expect.any(String) as unknown });
      expect(ordersAtAlpaca(proposalId)).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it.each(ERAS)('keeps one principal’s calls in one batch across both instances (%s era): no confirm of its own proposal while its calls keep coming', async (era) => {
    const token = await user(`batch-${era}@example.com`, true);
    const mcp = await mcpAcrossBoth(era, token);
    try {
      const proposalId = await proposeFirstAccepted(mcp.call, era === 'modern' ? ['AAPL', 'NVDA', 'KO'] : ['META', 'JPM', 'WMT']);
      // Past the 5 s floor, but the agent never paused for a second: every call joined the proposal's batch.
      const until = Date.now() + 5_300;
      while (Date.now() < until) {
        await Promise.all([mcp.call('get_onboarding_status'), mcp.call('get_onboarding_status')]);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(await mcp.call('confirm_proposal', { proposal_id: proposalId })).toMatchObject({ error: 'CONFIRM_BLOCKED' });
      expect(ordersAtAlpaca(proposalId)).toHaveLength(0);
      // A pause longer than the window ends the batch: a confirm then stands on its own.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await mcp.call('confirm_proposal', { proposal_id: proposalId })).toMatchObject({ order_id: expect.any(String) as unknown });
      expect(ordersAtAlpaca(proposalId)).toHaveLength(1);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('shares one simulated paper account: entries placed at once on both, one exited on the other instance, the same order list on each', async () => {
    await send(a, 'POST', '/v1/users', { email: 'paper@example.com', password: PASSWORD });
    const token = (await send(b, 'POST', '/v1/sessions', { email: 'paper@example.com', password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send(a, 'GET', `/v1/legal-documents/${name}`, undefined, token);
    await send(b, 'POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send(a, 'POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    expect((await send(b, 'POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token)).body['link']).toMatchObject({ broker: 'sim', connected: true });
    const orders = async (server: RunningServer) => (await send(server, 'POST', '/v1/positions/actions', { action: 'orders' }, token)).body['orders'] as { order_id: string; client_order_id: string }[];

    const entries: { proposalId: string; positionId: string }[] = [];
    for (const [i, ticker] of ['SPY', 'QQQ', 'IWM'].entries()) {
      const server = i % 2 === 0 ? a : b;
      const [candidate] = (await send(server, 'POST', '/v1/iron-condors/search', { ticker, top_k: 1, dte_min: 20, dte_max: 60 }, token)).body['candidates'] as unknown[];
      const proposed = await send(server, 'POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': `paper-${ticker}` });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
      entries.push({ proposalId: proposed.body['proposal_id'] as string, positionId: proposed.body['position_id'] as string });
    }
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    // The three orders race for the one account from both instances: none may be lost.
    const placed = await Promise.all(entries.map(({ proposalId }, i) => send(i % 2 === 0 ? b : a, 'POST', `/v1/proposals/${proposalId}/confirmation`, {}, token)));
    for (const answer of placed) expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ order_id: expect.stringMatching(/^sim-order-/) as unknown });
    const ids = (list: { order_id: string; client_order_id: string }[]) => list.map((o) => [o.order_id, o.client_order_id]);
    const afterEntries = ids(await orders(a));
    expect(afterEntries.map(([, proposalId]) => proposalId).sort()).toEqual(entries.map((e) => e.proposalId).sort());
    expect(ids(await orders(b))).toEqual(afterEntries);

    // The market moves in the 5 s before a confirm, so an entry may work instead of filling: exit one that filled.
    const filled = entries.find((_, i) => placed[i]?.body['order_status'] === 'filled');
    expect(filled, 'no entry filled at once').toBeDefined();
    const exit = await send(a, 'POST', '/v1/proposals/exits', { position_id: filled?.positionId }, token, { 'x-batch-id': 'paper-exit' });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const closed = await send(b, 'POST', `/v1/proposals/${exit.body['proposal_id'] as string}/confirmation`, {}, token);
    expect(closed.body, JSON.stringify(closed.body)).toMatchObject({ position_id: filled?.positionId, order_id: expect.stringMatching(/^sim-order-/) as unknown });
    const all = ids(await orders(b));
    expect(all).toEqual([[closed.body['order_id'], exit.body['proposal_id']], ...afterEntries]);
    expect(new Set(all.map(([id]) => id)).size).toBe(4);
    expect(ids(await orders(a))).toEqual(all);
  }, 60_000);

  it('survives kill -9 of one instance mid-burst: the other keeps serving, nothing is confirmed twice or lost', async () => {
    const token = await user('crash@example.com', true);
    const ids = await proposals(token, ['QQQ', 'DIA'], 8);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    // Alpaca takes 2 s to answer each order: the instance killed meanwhile has consumed proposals whose orders
    // reached Alpaca but whose outcome it never recorded.
    ids.forEach(() => {
      alpaca.delayNext('POST', 2_000);
    });
    const [first, second] = [ids.slice(0, 4), ids.slice(4)];
    const confirm = (id: string, server: RunningServer, after: Promise<unknown>) =>
      after.then(() =>
        send(server, 'POST', `/v1/proposals/${id}/confirmation`, {}, token).then(
          (answer) => ({ id, server, answer }),
          () => ({ id, server, answer: null }),
        ),
      );
    // The late confirms go once the shared database shows the proposal consumed (its order on its way to Alpaca),
    // so which instance wins does not hang on how busy the machine is.
    const consumed = async (id: string, server: RunningServer): Promise<void> => {
      for (let tries = 0; tries < 40; tries++) {
        const shown = await send(server, 'GET', `/v1/proposals/${id}`, undefined, token).catch(() => null);
        if (shown !== null && shown.body['status'] !== 'awaiting_confirmation') return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const now = Promise.resolve();
    // a confirms the first four first (and dies while their orders are on their way); b the last four.
    const attempts = [
      ...first.flatMap((id) => {
        const taken = consumed(id, b);
        return [confirm(id, a, now), confirm(id, a, now), confirm(id, b, taken), confirm(id, b, taken)];
      }),
      ...second.flatMap((id) => {
        const taken = consumed(id, b);
        return [confirm(id, b, now), confirm(id, b, now), confirm(id, a, taken), confirm(id, a, taken)];
      }),
    ];
    const burstAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await a.kill();
    const settled = await Promise.all(attempts);

    const answersOf = (server: RunningServer, group: string[]) => settled.filter((x) => x.server === server && group.includes(x.id));
    for (const id of first) {
      // a's winner died with a; its other confirm lost the consume, or died too.
      const onA = answersOf(a, [id]).map((x) => x.answer?.status ?? 'cut off');
      expect(onA, id).toContain('cut off');
      expect(onA.every((status) => status === 'cut off' || status === 409), id).toBe(true);
    }
    expect(answersOf(b, first).map((x) => [x.answer?.status, x.answer?.body['error']])).toEqual(Array(8).fill([409, 'PROPOSAL_ALREADY_CONSUMED']));
    for (const id of second) {
      expect(answersOf(b, [id]).map((x) => x.answer?.status).sort()).toEqual([200, 409]);
    }
    expect((await send(b, 'GET', '/healthz')).status).toBe(200);

    const restarted = await startServer(env);
    extra.push(a);
    a = restarted;
    // Past the submit grace, every proposal is confirmed once more, on either instance: a consumed one whose
    // outcome died with the killed process is found at the broker by its client order id, never placed twice.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, burstAt + 16_000 - Date.now())));
    for (const [i, id] of ids.entries()) {
      const retry = await send(i % 2 === 0 ? restarted : b, 'POST', `/v1/proposals/${id}/confirmation`, {}, token);
      expect([retry.status, retry.body['error']]).toEqual([409, 'PROPOSAL_ALREADY_CONSUMED']);
    }
    for (const id of ids) {
      expect(ordersAtAlpaca(id), `orders sent for ${id}`).toHaveLength(1);
      const shown = (await send(restarted, 'GET', `/v1/proposals/${id}`, undefined, token)).body;
      expect(shown, id).toMatchObject({ status: 'confirmed', order_id: expect.any(String) as unknown });
    }
    const orders = (await send(b, 'POST', '/v1/positions/actions', { action: 'orders' }, token)).body['orders'] as { client_order_id: string }[];
    expect(orders.map((o) => o.client_order_id).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  }, 90_000);

  // Last: the failures also count against the test's one address.
  it('throttles failed logins of one account across both instances', async () => {
    await user('throttle@example.com', false);
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await send(i % 2 === 0 ? a : b, 'POST', '/v1/sessions', { email: 'throttle@example.com', password: 'wrong password!' }));
    const statuses = answers.map((x) => x.status);
    expect(statuses).toEqual([...Array<number>(LOGIN_FAILURES).fill(401), ...Array<number>(10 - LOGIN_FAILURES).fill(429)]);
    expect(answers[LOGIN_FAILURES]?.body['error']).toBe('RATE_LIMITED');
  }, 30_000);
});
