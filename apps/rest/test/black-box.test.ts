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
