import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { HmacTokenSigner } from '@condor/runtime';
import { httpsServer, selfSignedCertificate, type TestHttpsServer, type TestRoute } from '@condor/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from '../../web/test/browser.js';
import { callbackServer, type CallbackServer } from './oauth/callback-server.js';
import { MemoryOAuthProvider } from './oauth/memory-oauth-provider.js';
import { sendJson, startServer, type RunningServer } from './server-process.js';

/**
 * A remote MCP host with the SDK's own OAuth client support against the real server process: discovery from
 * /mcp's 401, registration (Client ID Metadata Document, or dynamic registration for an older host), a person
 * logging in and consenting in headless chromium, the token, tool calls; then the refusals.
 */

const SIGNING_KEY = 'a1'.repeat(32);
const PASSWORD = 'oauth e2e password';
const certificate = selfSignedCertificate();
let server: RunningServer;
let documents: TestHttpsServer;
let callback: CallbackServer;
type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;
let browser: Browser;
const documentPath = '/oauth/condor-e2e-client.json';
/** What the host's https site serves; read at each request. */
const site: Record<string, TestRoute> = {};

beforeAll(async () => {
  callback = await callbackServer();
  documents = await httpsServer(certificate, site);
  [server, browser] = await Promise.all([
    startServer({ CONDOR_SIGNING_KEY: SIGNING_KEY, CONDOR_RATE_LIMIT: '100000', NODE_EXTRA_CA_CERTS: certificate.certFile }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await server.stop();
  await documents.close();
  await callback.close();
  certificate.remove();
}, 30_000);

/** A registered user who has read and accepted nothing yet. */
async function person(email: string, on: RunningServer = server): Promise<void> {
  expect((await sendJson(on, 'POST', '/v1/users', { email, password: PASSWORD })).status).toBe(200);
}

/** What the person does in the browser: log in on condor's page, read the consent page, press Allow. */
async function consentInBrowser(url: URL, email: string): Promise<{ page: Page; consent: { client: string; scopes: string[] }; redirect: URLSearchParams }> {
  const page = await (await browser.newContext()).newPage();
  const complaints: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text()); });
  // Chromium asks the host's callback page for /favicon.ico, which the test's callback server does not have (a 404
  // it reports on the console, sometimes before the test is done): that one is the callback's, not condor's.
  const missing: string[] = [];
  page.on('response', (response) => { if (response.status() === 404) missing.push(new URL(response.url()).pathname); });
  await page.goto(url.href);
  expect(new URL(page.url()).pathname).toBe('/login');
  await logIn(page, email, PASSWORD);
  expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
  const consent = {
    client: await page.locator('[data-role="client-name"]').innerText(),
    scopes: (await page.locator('[data-scope]').allInnerTexts()).map((text) => text.trim().split(' ')[0] ?? ''),
  };
  await page.screenshot({ path: screenshotPath('oauth-consent.png'), fullPage: true });
  const arrived = callback.next();
  await page.click('button[data-approve]');
  const redirect = await arrived;
  await page.waitForURL((u) => u.href.startsWith(callback.url));
  // The consent page's content security policy let its form lead to the host's redirect, and refused nothing else.
  const faviconOnly = missing.every((path) => path === '/favicon.ico');
  expect(complaints.filter((text) => !(faviconOnly && text.startsWith('Failed to load resource: the server responded with a status of 404')))).toEqual([]);
  expect(missing.filter((path) => path !== '/favicon.ico')).toEqual([]);
  return { page, consent, redirect };
}

/** Connects a host with `provider`, runs the whole OAuth flow a first tool call starts, and calls the tool again. */
async function authorizeAndCall(provider: MemoryOAuthProvider, email: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { authProvider: provider });
  const client = new Client({ name: 'condor-e2e-host', version: '1.0.0' });
  await client.connect(transport);
  await expect(client.callTool({ name: 'get_onboarding_status', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).not.toBeNull();
  const flow = await consentInBrowser(provider.authorizationUrl!, email);
  await transport.finishAuth(flow.redirect);
  const status = await client.callTool({ name: 'get_onboarding_status', arguments: {} });
  return { client, transport, flow, status };
}

describe('a remote MCP host connecting with OAuth (real server, real browser)', () => {
  it('registers by Client ID Metadata Document, gets the person’s consent, and calls tools with a token bound to /mcp', async () => {
    const clientId = `${documents.origin}${documentPath}`;
    const provider = new MemoryOAuthProvider(callback.url, clientId);
    site[documentPath] = { body: JSON.stringify({ client_id: clientId, ...provider.clientMetadata }) };
    await person('cimd@example.com');

    const { client, flow, status } = await authorizeAndCall(provider, 'cimd@example.com');
    expect(documents.hits).toContain(documentPath);
    expect(provider.client?.client_id).toBe(clientId);
    expect(flow.consent).toEqual({ client: 'condor e2e agent', scopes: ['read', 'propose', 'trade'] });
    expect(flow.redirect.get('iss')).toBe(server.baseUrl);
    expect(status.isError).not.toBe(true);
    expect(status.structuredContent).toMatchObject({ complete: false, next_tool: 'get_legal_document' });
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'read propose trade' });
    const claims = new HmacTokenSigner(Buffer.from(SIGNING_KEY, 'hex')).verify(provider.saved!.access_token);
    expect(claims).toMatchObject({ resource: `${server.baseUrl}/mcp`, clientId, scope: 'read propose trade' });

    // The person sees the client on the connected clients page.
    await flow.page.goto(`${server.baseUrl}/oauth/connections`);
    expect(await flow.page.locator('[data-connection] [data-role="client-name"]').allInnerTexts()).toEqual(['condor e2e agent']);
    await client.close();
  });

  it('registers an older host dynamically (RFC 7591) and calls tools the same way', async () => {
    const provider = new MemoryOAuthProvider(callback.url);
    await person('dcr@example.com');
    const { client, status, flow } = await authorizeAndCall(provider, 'dcr@example.com');
    expect(provider.client?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(provider.client).not.toHaveProperty('client_secret');
    expect(status.isError).not.toBe(true);
    // A self-registered client is named as such on the connections page, and the person can disconnect it.
    await flow.page.goto(`${server.baseUrl}/oauth/connections`);
    await Promise.all([flow.page.waitForURL(/disconnected=1/), flow.page.click('button[data-revoke]')]);
    expect(await flow.page.locator('[data-role="empty"]').count()).toBe(1);
    const after = await fetch(`${server.baseUrl}/mcp`, mcpCall(provider.saved!.access_token));
    expect(after.status).toBe(401);
    await client.close();
  });

  it('refuses a token for another resource, and a token request for one', async () => {
    const provider = new MemoryOAuthProvider(callback.url);
    await person('aud@example.com');
    const { client } = await authorizeAndCall(provider, 'aud@example.com');
    const signer = new HmacTokenSigner(Buffer.from(SIGNING_KEY, 'hex'));
    const claims = signer.verify(provider.saved!.access_token)!;
    expect((await fetch(`${server.baseUrl}/mcp`, mcpCall(provider.saved!.access_token))).status).toBe(200);
    const foreign = await fetch(`${server.baseUrl}/mcp`, mcpCall(signer.sign({ ...claims, resource: 'https://elsewhere.example/mcp' })));
    expect(foreign.status).toBe(401);
    expect(foreign.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(foreign.headers.get('www-authenticate')).toContain(`resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, client_id: provider.client!.client_id, resource: 'https://elsewhere.example/mcp' });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    await client.close();
  });

  it('rotates refresh tokens; presenting a used one revokes the whole grant, the newest access token included', async () => {
    const provider = new MemoryOAuthProvider(callback.url);
    await person('reuse@example.com');
    const { client, flow } = await authorizeAndCall(provider, 'reuse@example.com');
    const first = provider.saved!;
    const code = flow.redirect.get('code')!;
    const rotated = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: provider.client!.client_id });
    expect(rotated.status).toBe(200);
    const newest = rotated.body as { access_token: string; refresh_token: string };
    expect(newest.refresh_token).not.toBe(first.refresh_token);
    expect((await fetch(`${server.baseUrl}/mcp`, mcpCall(newest.access_token))).status).toBe(200);

    const reuse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: provider.client!.client_id });
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await fetch(`${server.baseUrl}/mcp`, mcpCall(newest.access_token))).status).toBe(401);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: newest.refresh_token, client_id: provider.client!.client_id })).status).toBe(400);
    expect(server.logs.some((line) => line.includes('oauth_refresh_token_reused'))).toBe(true);
    // No code, access token or refresh token reached a log line or the database's text.
    const database = ['condor.db', 'condor.db-wal'].map((f) => join(server.dataDir, f)).filter((f) => existsSync(f)).map((f) => readFileSync(f).toString('latin1')).join('');
    expect(database).toContain('condor e2e agent'); // the grant is in there: the text read is the database's
    for (const secret of [code, first.access_token, first.refresh_token!, newest.access_token, newest.refresh_token]) {
      expect(server.logs.join('\n')).not.toContain(secret);
      expect(database).not.toContain(secret);
    }
    await client.close();
  });
});

describe('a server that wants a credential on every /mcp request (CONDOR_MCP_AUTH=required)', () => {
  it('makes the host authorize when it connects, then serves it', async () => {
    const strict = await startServer({ CONDOR_SIGNING_KEY: SIGNING_KEY, CONDOR_RATE_LIMIT: '100000', CONDOR_MCP_AUTH: 'required' });
    try {
      await person('strict@example.com', strict);
      const provider = new MemoryOAuthProvider(callback.url);
      const url = new URL(`${strict.baseUrl}/mcp`);
      await expect(new Client({ name: 'condor-e2e-host', version: '1.0.0' }).connect(new StreamableHTTPClientTransport(url, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
      const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
      await transport.finishAuth((await consentInBrowser(provider.authorizationUrl!, 'strict@example.com')).redirect);
      const client = new Client({ name: 'condor-e2e-host', version: '1.0.0' });
      await client.connect(transport);
      expect((await client.callTool({ name: 'get_onboarding_status', arguments: {} })).isError).not.toBe(true);
      await client.close();
    } finally {
      await strict.stop();
    }
  }, 60_000);
});

/** A raw 2025-era tools/call of get_onboarding_status with `token` as Bearer. */
const mcpCall = (token: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-11-25' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_onboarding_status', arguments: {} } }),
});

async function tokenRequest(fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
