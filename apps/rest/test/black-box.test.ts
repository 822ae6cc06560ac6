import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

const PASSWORD = 'black box password';
let server: RunningServer;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startServer();
}, 60_000);

afterAll(async () => {
  await server.stop();
});

describe('the real server process', () => {
  it('is healthy and ready, with its SQLite file and generated signing key in the data folder', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toMatchObject({ status: 'ready' });
    expect(existsSync(join(server.dataDir, 'condor.db'))).toBe(true);
    expect(existsSync(join(server.dataDir, 'signing.key'))).toBe(true);
  });

  it('registers, logs in (cookie set), and logs out over REST with real scrypt and tokens', async () => {
    expect((await post('/v1/users', { email: 'rest@example.com', password: PASSWORD })).status).toBe(200);
    const login = await post('/v1/sessions', { email: 'rest@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers.get('x-request-id')).toBeTruthy();
    expect(login.headers.get('set-cookie')).toMatch(/__Host-condor_session=.+; .*HttpOnly/i);
    const { access_token } = (await login.json()) as { access_token: string };
    const logout = await fetch(`${server.baseUrl}/v1/sessions/current`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(logout.status).toBe(200);
    const again = await fetch(`${server.baseUrl}/v1/sessions/current`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([401, 'SESSION_INVALID']);
  });

  it('answers unknown paths and wrong passwords with ErrorResults', async () => {
    const missing = await fetch(`${server.baseUrl}/v1/nothing-here`);
    expect([missing.status, ((await missing.json()) as { error: string }).error]).toEqual([404, 'NOT_FOUND']);
    const wrong = await post('/v1/sessions', { email: 'rest@example.com', password: 'not the password' });
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([401, 'INVALID_CREDENTIALS']);
  });

  it('serves MCP over Streamable HTTP at /mcp to the SDK client, with Bearer auth', async () => {
    await post('/v1/users', { email: 'mcp@example.com', password: PASSWORD });
    const { access_token } = (await (await post('/v1/sessions', { email: 'mcp@example.com', password: PASSWORD })).json()) as {
      access_token: string;
    };
    const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${access_token}` } },
    });
    const client = new Client({ name: 'black-box', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['register', 'login', 'refresh_session', 'logout']));
      const unknown = await client.callTool({ name: 'buy_the_dip', arguments: {} });
      expect(unknown.isError).toBe(true);
      expect((unknown.structuredContent as { error: string }).error).toBe('NOT_FOUND');
      const logout = await client.callTool({ name: 'logout', arguments: {} });
      expect(logout.isError).not.toBe(true);
      expect(logout.structuredContent).toEqual({ logged_out: true });
    } finally {
      await client.close();
    }
  });

  it('runs the research tools over REST and MCP on the real database: optimize, page the history, save, activate, search', async () => {
    await post('/v1/users', { email: 'quant@example.com', password: PASSWORD });
    const { access_token } = (await (await post('/v1/sessions', { email: 'quant@example.com', password: PASSWORD })).json()) as {
      access_token: string;
    };
    const auth = { authorization: `Bearer ${access_token}` };
    const get = (path: string) => fetch(`${server.baseUrl}${path}`, { headers: auth });

    const optimized = await post('/v1/strategies/optimize', { ticker: 'IWM', top_k: 3 }, auth);
    expect(optimized.status).toBe(200);
    const run = (await optimized.json()) as { run_id: string; top_strategies: { rank: number; kind: string }[] };
    expect(run.top_strategies.map((s) => [s.rank, s.kind])).toEqual([[1, 'strategy'], [2, 'strategy'], [3, 'strategy']]);

    const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: auth } });
    const client = new Client({ name: 'black-box-research', version: '1' });
    await client.connect(transport);
    const progress: number[] = [];
    try {
      const viaMcp = await client.callTool({ name: 'create_strategy', arguments: { ticker: 'IWM', top_k: 3 } }, undefined, {
        onprogress: ({ progress: done }) => progress.push(done),
      });
      expect(viaMcp.isError).not.toBe(true);
      // The real clock moves the simulated market between the two calls, so only the shape is compared.
      const mcpRun = viaMcp.structuredContent as { top_strategies: { rank: number }[]; evaluated: number };
      expect(mcpRun.top_strategies.map((s) => s.rank)).toEqual([1, 2, 3]);
      expect(progress.at(-1)).toBe(mcpRun.evaluated);
    } finally {
      await client.close();
    }
    expect(progress.length).toBeGreaterThan(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const page = (await (await get('/v1/strategies/runs?page_size=1')).json()) as { runs: { run_id: string }[]; next_page_token: string };
    expect(page.runs).toHaveLength(1);
    const next = (await (await get(`/v1/strategies/runs?page_size=1&page_token=${page.next_page_token}`)).json()) as { runs: { run_id: string }[] };
    expect(next.runs.map((r) => r.run_id)).toEqual([run.run_id]);

    const saved = (await (await post('/v1/strategies/saved', { strategy_rank: 1, run_id: run.run_id }, auth)).json()) as {
      strategy: { saved_strategy_id: string };
    };
    const id = saved.strategy.saved_strategy_id;
    const activated = await post(`/v1/strategies/saved/${id}/activate`, {}, auth);
    expect(((await activated.json()) as { strategy: { active: boolean } }).strategy.active).toBe(true);
    const found = await post('/v1/iron-condors/search', { saved_strategy_id: id, min_credit: 0, min_open_interest: 0 }, auth);
    expect([found.status, ((await found.json()) as { ticker: string }).ticker]).toEqual([200, 'IWM']);
    const deleted = await fetch(`${server.baseUrl}/v1/strategies/saved/${id}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);
    expect(((await (await get('/v1/strategies/saved')).json()) as { strategies: unknown[] }).strategies).toEqual([]);
  }, 60_000);

  it('never writes a password or a token into its log or its database in plain text', async () => {
    await post('/v1/users', { email: 'secret@example.com', password: PASSWORD });
    const { refresh_token } = (await (await post('/v1/sessions', { email: 'secret@example.com', password: PASSWORD })).json()) as {
      refresh_token: string;
    };
    const db = readFileSync(join(server.dataDir, 'condor.db')).toString('latin1') +
      (existsSync(join(server.dataDir, 'condor.db-wal')) ? readFileSync(join(server.dataDir, 'condor.db-wal')).toString('latin1') : '');
    expect(db).not.toContain(PASSWORD);
    expect(db).not.toContain(refresh_token);
    expect(server.logs.join('\n')).not.toContain(PASSWORD);
    expect(server.logs.join('\n')).not.toContain(refresh_token);
  });
});
