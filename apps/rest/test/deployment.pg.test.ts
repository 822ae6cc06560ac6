import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, UnauthorizedError, type CallToolResult } from '@modelcontextprotocol/client';
import { HmacTokenSigner } from '@condor/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../../packages/store-sql/test/fresh-postgres-database.js';
import { ERAS, newClient, type Era } from '../../mcp/test/support.js';
import { launchBrowser, logIn } from '../../web/test/browser.js';
import { deployFile, parseEnvFile, parseServiceUnit, REPO_ROOT, swapLiterals } from './deployment/deploy-files.js';
import { startNginx, type RunningNginx } from './deployment/nginx.js';
import { publicFetch, siteCertificate, type SiteCertificate } from './deployment/public-https.js';
import { parseLine, startUnitInstance, type UnitInstance } from './deployment/unit-instance.js';
import { callbackServer, type CallbackServer } from './oauth/callback-server.js';
import { MemoryOAuthProvider } from './oauth/memory-oauth-provider.js';

/**
 * The documented production deployment (docs/deploy.md), started for real from the files in deploy/: Debian's nginx
 * ending TLS with a certificate made here, two condor processes started as condor@.service starts them (production
 * mode, secrets as credential files) on one PostgreSQL database, and the public name `condor.test` served on
 * loopback. Everything below goes over https through the proxy: a person in chromium registers and onboards, an
 * MCP host connects with OAuth, the agent proposes over /mcp, the person approves on the approval page, and the
 * order is read back in both protocol eras.
 */

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set.
if (TEST_DATABASE_URL === null) throw new Error('deployment.pg.test.ts needs CONDOR_TEST_DATABASE_URL');
const serverUrl: string = TEST_DATABASE_URL;

const NAME = 'condor.test';
const PASSWORD = 'deployment walk password';
const EMAIL = 'dana@example.com';
/** A Tuesday at 10:00 New York: the simulated market is open whenever the test runs. */
const SIM_START = '2026-02-10T15:00:00Z';
/** A client address nginx must not pass on: condor trusts one proxy, and nginx overwrites X-Forwarded-For. */
const SPOOFED = '203.0.113.9';
const SIGNING_KEY = randomBytes(32).toString('hex');
const SECRET_KEY = randomBytes(32).toString('base64');
const VAPID_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }).d!;

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type BrowserContext = Awaited<ReturnType<Browser['newContext']>>;
type Page = Awaited<ReturnType<BrowserContext['newPage']>>;

let certificate: SiteCertificate;
let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let credentialsRoot: string;
let instances: UnitInstance[] = [];
let nginx: RunningNginx | undefined;
let browser: Browser;
let person: BrowserContext;
let page: Page;
let callback: CallbackServer;
let publicUrl: string;
let httpPort: number;
let httpsFetch: typeof fetch;

beforeAll(async () => {
  // The unit runs the compiled server (`pnpm start` builds it the same way).
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'ignore' });
  certificate = siteCertificate(NAME);
  httpsFetch = publicFetch(certificate.cert, '127.0.0.1');
  const [httpsPort, plainPort] = (await freePorts(2)) as [number, number];
  httpPort = plainPort;
  publicUrl = `https://${NAME}:${String(httpsPort)}`;
  dataDir = mkdtempSync(join(tmpdir(), 'condor-deploy-data-'));
  credentialsRoot = mkdtempSync(join(tmpdir(), 'condor-deploy-credentials-'));
  [database, callback, browser] = await Promise.all([
    freshPostgresDatabase(serverUrl),
    callbackServer(),
    launchBrowser([`--host-resolver-rules=MAP ${NAME} 127.0.0.1`]),
  ]);

  const unit = parseServiceUnit(deployFile('condor@.service'));
  const environmentFile = parseEnvFile(
    swapLiterals(deployFile('condor.env'), [
      ['https://condor.example.com', publicUrl],
      ['condor.example.com', NAME],
      ['/var/lib/condor', dataDir],
    ]),
  );
  const credentials = {
    '/etc/condor/database-url': `${database.url}\n`,
    '/etc/condor/signing-key': `${SIGNING_KEY}\n`,
    '/etc/condor/secret-key': `${SECRET_KEY}\n`,
    '/etc/condor/vapid-key': `${VAPID_KEY}\n`,
  };
  const started = await Promise.allSettled(
    ['a', 'b'].map((which) =>
      startUnitInstance({
        unit,
        environmentFile,
        // PORT=%i: 0 lets each take a free port, which the proxy's upstream block then names.
        instance: '0',
        credentialsDir: join(credentialsRoot, which),
        credentials,
        paths: { '/opt/condor': REPO_ROOT, '/usr/bin/node': process.execPath },
        extra: { CONDOR_SIM_START: SIM_START, CONDOR_SIM_ANCHOR: new Date().toISOString() },
      }),
    ),
  );
  instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  const [a, b] = instances as [UnitInstance, UnitInstance];

  const site = swapLiterals(deployFile('nginx/condor.conf'), [
    ['server 127.0.0.1:8787', `server 127.0.0.1:${String(a.port)}`],
    ['server 127.0.0.1:8788', `server 127.0.0.1:${String(b.port)}`],
    ['listen 443 ssl', `listen 127.0.0.1:${String(httpsPort)} ssl`],
    ['listen 80;', `listen 127.0.0.1:${String(httpPort)};`],
    ['https://condor.example.com', publicUrl],
    ['condor.example.com', NAME],
    ['/etc/ssl/condor/fullchain.pem', certificate.certFile],
    ['/etc/ssl/condor/privkey.pem', certificate.keyFile],
    ['/var/log/nginx/condor.access.jsonl', 'condor.access.jsonl'],
  ]);
  expect(site.split('\n').filter((line) => !line.trim().startsWith('#') && /\/(etc|var)\//.test(line))).toEqual([]);
  nginx = await startNginx(site, [httpsPort, httpPort]);

  // The person's browser accepts the test's self-signed certificate; Node's clients check it against the CA.
  person = await browser.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { 'x-forwarded-for': SPOOFED } });
  page = await person.newPage();
}, 60_000);

// Whatever beforeAll got to start is stopped; a step it never reached left its variable unset.
afterAll(async () => {
  const started = <T>(value: T): T | undefined => value;
  await started(browser)?.close();
  await nginx?.stop();
  await Promise.allSettled(instances.map((instance) => instance.stop()));
  await started(callback)?.close();
  await started(database)?.drop();
  started(certificate)?.remove();
  for (const dir of [started(dataDir), started(credentialsRoot)]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** Free loopback ports, for listeners that must be named before they start (the proxy's, in CONDOR_PUBLIC_URL). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<ReturnType<typeof createServer>>((done) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { done(s); }); })),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

/** One REST call made by the page itself (same origin, the session cookie, whatever headers chromium adds). */
function fromPage(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/** A host's MCP client of `era` on the public /mcp with `provider`'s OAuth tokens. */
async function agent(era: Era, provider: MemoryOAuthProvider): Promise<Client> {
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${publicUrl}/mcp`), { authProvider: provider, fetch: httpsFetch }));
  return client;
}

const structured = (result: CallToolResult): Record<string, unknown> => {
  expect(result.isError ?? false, JSON.stringify(result.structuredContent)).toBe(false);
  return (result.structuredContent ?? {}) as Record<string, unknown>;
};

const provider = (): MemoryOAuthProvider => new MemoryOAuthProvider(callback.url);
let oauth: MemoryOAuthProvider;
let approvalUrl: string;
let proposalId: string;
let orderId: string;

describe('the documented deployment: nginx ending TLS, two instances, PostgreSQL', () => {
  it('serves condor only on the public https origin: plain http is sent there, and both instances answer behind it', async () => {
    const plain = await fetch(`http://127.0.0.1:${String(httpPort)}/login?next=%2Fapi-keys`, { redirect: 'manual' });
    expect([plain.status, plain.headers.get('location')]).toEqual([301, `${publicUrl}/login?next=%2Fapi-keys`]);
    const ready = await httpsFetch(`${publicUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(ready.headers.get('server')).toBe('nginx');
    const served = await Promise.all(Array.from({ length: 4 }, () => httpsFetch(`${publicUrl}/healthz`).then((r) => r.headers.get('x-request-id'))));
    for (const id of served) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a person registers and onboards from a page of the public origin, on the REST session cookie', async () => {
    await page.goto(`${publicUrl}/healthz`);
    expect((await fromPage('POST', '/v1/users', { email: EMAIL, password: PASSWORD })).status).toBe(200);
    expect((await fromPage('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD })).status).toBe(200);
    const cookie = (await person.cookies(publicUrl)).find((c) => c.name === '__Host-condor_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) expect((await fromPage('GET', `/v1/legal-documents/${name}`)).status).toBe(200);
    // Cookie-authenticated writes: chromium says Origin https://condor.test:<port>, nginx says Host condor.test.
    const writes = [
      await fromPage('POST', '/v1/onboarding/eua-acceptance', {}),
      await fromPage('POST', '/v1/onboarding/risk-acknowledgement', {}),
      await fromPage('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }),
    ];
    expect(writes.map((w) => [w.status, w.body['error'] ?? null])).toEqual([[200, null], [200, null], [200, null]]);
    expect((await fromPage('GET', '/v1/onboarding')).body).toMatchObject({ complete: true });
  });

  it('a remote MCP host connects with OAuth: metadata, redirects and iss all on the public origin', async () => {
    oauth = provider();
    const client = newClient('legacy');
    await client.connect(new StreamableHTTPClientTransport(new URL(`${publicUrl}/mcp`), { authProvider: oauth, fetch: httpsFetch }));
    await expect(client.callTool({ name: 'get_onboarding_status', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);

    const resource = (await (await httpsFetch(`${publicUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: `${publicUrl}/mcp`, authorization_servers: [publicUrl] });
    const server = (await (await httpsFetch(`${publicUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(server['issuer']).toBe(publicUrl);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint']) expect(String(server[endpoint])).toMatch(new RegExp(`^${publicUrl}/`));
    expect(oauth.authorizationUrl?.origin).toBe(publicUrl);

    // The person: sent to the login page and back (relative redirects stay on the public origin), then consents.
    await page.goto(oauth.authorizationUrl!.href);
    expect(page.url()).toMatch(new RegExp(`^${publicUrl}/login\\?`));
    await logIn(page, EMAIL, PASSWORD);
    expect(page.url()).toMatch(new RegExp(`^${publicUrl}/oauth/authorize\\?`));
    const arrived = callback.next();
    await page.click('button[data-approve]');
    const redirect = await arrived;
    expect(redirect.get('iss')).toBe(publicUrl);
    await client.close();

    const transport = new StreamableHTTPClientTransport(new URL(`${publicUrl}/mcp`), { authProvider: oauth, fetch: httpsFetch });
    await transport.finishAuth(redirect);
    const claims = new HmacTokenSigner(Buffer.from(SIGNING_KEY, 'hex')).verify(oauth.saved!.access_token);
    expect(claims).toMatchObject({ resource: `${publicUrl}/mcp` });
    const connected = await agent('legacy', oauth);
    expect(structured(await connected.callTool({ name: 'get_onboarding_status', arguments: {} }))).toMatchObject({ complete: true });
    await connected.close();
  });

  it('the agent proposes over /mcp; the person approves on the approval page (countdown, CSRF) and one order is placed', async () => {
    const client = await agent('modern', oauth);
    const found = structured(await client.callTool({ name: 'find_iron_condors', arguments: { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 35 } }));
    const [candidate] = found['candidates'] as unknown[];
    const proposed = structured(await client.callTool({ name: 'propose_entry', arguments: { candidate, qty: 1 } }));
    proposalId = String(proposed['proposal_id']);
    approvalUrl = String(proposed['approval_url']);
    expect(approvalUrl).toMatch(new RegExp(`^${publicUrl}/approve/[\\w-]+$`));
    await client.close();

    await page.goto(approvalUrl);
    expect(page.url()).toBe(approvalUrl);
    const approve = page.locator('button[data-approve]');
    expect(await approve.isDisabled()).toBe(true);
    expect(await approve.innerText()).toMatch(/^Approve \(in \d s\)$/);
    expect(await page.locator('form[action$="/approve"] input[name="csrf_token"]').count()).toBe(1);
    // A post from another page of this origin, with the cookie but not the form's CSRF token, is refused.
    const other = await person.newPage();
    await other.goto(`${publicUrl}/healthz`);
    const forged = await other.evaluate(async (url) => {
      const response = await fetch(url, { method: 'POST', body: new URLSearchParams({ csrf_token: 'forged' }) });
      return { status: response.status, text: await response.text() };
    }, `${approvalUrl}/approve`);
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('security token');
    await other.close();

    await page.waitForSelector('button[data-approve]:not([disabled])', { timeout: 10_000 });
    await Promise.all([page.waitForURL(`${approvalUrl}/approve`), approve.click()]);
    expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Order placed');
    orderId = await page.locator('[data-role="order-id"]').innerText();
    expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('page');
  });

  it.each(ERAS)('/mcp in the %s era reads the order and the person’s approval', async (era) => {
    const client = await agent(era, oauth);
    const shown = structured(await client.callTool({ name: 'get_proposal', arguments: { proposal_id: proposalId } }));
    // The address is the one nginx saw, not the one the browser claimed in X-Forwarded-For.
    expect(shown).toMatchObject({ status: 'confirmed', order_id: orderId, approval: { method: 'page', address: '127.0.0.1' } });
    const { orders } = structured(await client.callTool({ name: 'positions', arguments: { action: 'orders' } })) as { orders: { order_id: string; client_order_id: string }[] };
    expect(orders.map((o) => [o.order_id, o.client_order_id])).toEqual([[orderId, proposalId]]);
    await client.close();
  });

  it('logs JSON lines on both instances and the proxy, one request id across them, and no secret anywhere', async () => {
    const answer = await httpsFetch(`${publicUrl}/openapi.json`, { headers: { 'x-request-id': 'chosen-by-the-client' } });
    const requestId = answer.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const condorLines = () => instances.flatMap((instance) => instance.lines.map((line) => parseLine(line)));
    await expect.poll(() => condorLines().some((entry) => entry?.['request_id'] === requestId && entry['event'] === 'http_request')).toBe(true);
    for (const entry of condorLines()) expect(entry).toMatchObject({ time: expect.any(String), level: expect.any(String), event: expect.any(String) });
    // Round robin: each instance served part of the walk.
    for (const instance of instances) expect(instance.lines.filter((line) => line.includes('"event":"http_request"')).length).toBeGreaterThan(5);

    const proxyLines = nginx!.read('condor.access.jsonl').trim().split('\n').map((line) => parseLine(line));
    expect(proxyLines.every((entry) => entry !== null)).toBe(true);
    expect(proxyLines.find((entry) => entry?.['request_id'] === requestId)).toMatchObject({ method: 'GET', status: 200 });
    const upstreams = new Set(proxyLines.map((entry) => String(entry?.['upstream'])));
    for (const instance of instances) expect(upstreams).toContain(`127.0.0.1:${String(instance.port)}`);

    const logs = [...instances.flatMap((instance) => instance.lines), nginx!.read('condor.access.jsonl'), nginx!.read('error.log')].join('\n');
    const approvalToken = approvalUrl.split('/').pop() ?? '';
    for (const secret of [SIGNING_KEY, SECRET_KEY, VAPID_KEY, PASSWORD, approvalToken, oauth.saved!.access_token, oauth.saved!.refresh_token!]) {
      expect(secret.length).toBeGreaterThan(16);
      expect(logs).not.toContain(secret);
    }
    expect(logs).toContain('/approve/:token/approve');
  });

  it('goes on serving through the other instance when one stops', async () => {
    await instances[0]!.stop();
    const answers = await Promise.all(Array.from({ length: 6 }, () => httpsFetch(`${publicUrl}/openapi.json`).then((r) => r.status)));
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
