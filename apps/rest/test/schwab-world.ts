import { randomBytes } from 'node:crypto';
import { databaseText } from './database-text.js';
import { restRequest } from './rest-request.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { FakeSchwab } from '@condor/testkit';
import { afterAll, beforeAll, expect } from 'vitest';
import { newClient } from '../../mcp/test/support.js';
import { launchBrowser, logIn } from '../../web/test/browser.js';
import { localhostSite } from '../../web/test/localhost-site.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * Issue 41's walk against the real server process and a local fake of Schwab's OAuth pages and Trader API (in this
 * process): the person, in chromium, logs in at the fake's authorize page from the broker-keys link and chooses an
 * account; the agent connects, researches on the link's chains and proposes; the person approves with a passkey (a CDP
 * virtual authenticator: Schwab is live only); the one order is walked by replace to a fill; the exit closes the
 * position. Every page, answer and log line is kept, to look for the secrets in, with the database file.
 */

/** A Tuesday, 10:00 in New York: the exchange is open whenever the test runs. */
const SIM_START = '2026-02-10T15:00:00Z';
export const PASSWORD = 'schwab e2e password';
/** The fake's preview: $0.65 commission and $0.02 regulatory fee per contract, four contracts. */
const OPENING_FEES = 2.68;

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** What one test file runs against, and what it saw. */
export interface SchwabWorld {
  readonly fake: FakeSchwab;
  /** The fake's origin (CONDOR_SCHWAB_API_URL). */
  readonly apiUrl: string;
  readonly server: RunningServer;
  readonly browser: Browser;
  /** condor's public origin, http://localhost:<port> (WebAuthn takes no IP address). */
  readonly site: string;
  /** Every answer the agent got, as it came over the wire. */
  readonly answers: string[];
  /** Every HTML page condor sent the person. */
  readonly pages: string[];
  /** The authorization codes the fake sent the person back with. */
  readonly codes: string[];
}

/**
 * Starts, before the file's first test, the fake (on the server's shifted clock, its registered callback condor's
 * callback page), the server with the Schwab app and live trading, and chromium; stops them after the last.
 */
export function schwabWorld(): SchwabWorld {
  let world: SchwabWorld | undefined;
  beforeAll(async () => {
    const anchor = Date.now();
    const { site, env } = await localhostSite();
    const fake = new FakeSchwab({ now: () => Date.parse(SIM_START) + (Date.now() - anchor), callbackUrl: `${site}/broker-keys/schwab/callback` });
    const apiUrl = await fake.start();
    const [server, browser] = await Promise.all([
      startServer({
        ...env,
        CONDOR_SIM_START: SIM_START,
        CONDOR_SIM_ANCHOR: new Date(anchor).toISOString(),
        CONDOR_RATE_LIMIT: '100000',
        CONDOR_LIVE_TRADING_ENABLED: 'true',
        CONDOR_SECRET_KEY: randomBytes(32).toString('base64'),
        CONDOR_SCHWAB_APP_KEY: fake.appKey,
        CONDOR_SCHWAB_APP_SECRET: fake.appSecret,
        CONDOR_SCHWAB_CALLBACK_URL: fake.callbackUrl,
        CONDOR_SCHWAB_API_URL: apiUrl,
      }),
      launchBrowser(),
    ]);
    world = { fake, apiUrl, server, browser, site, answers: [], pages: [], codes: [] };
  }, 60_000);
  afterAll(async () => {
    await world?.browser.close();
    await world?.server.stop();
    await world?.fake.stop();
  }, 30_000);
  const running = (): SchwabWorld => {
    if (world === undefined) throw new Error('schwabWorld: read inside a test, after beforeAll');
    return world;
  };
  // Each field read through the started world, so a test file can hold this object from its top level.
  return new Proxy({} as SchwabWorld, { get: (_, name: keyof SchwabWorld) => running()[name] });
}

/** A tool call as the agent makes it: its structured answer. */
export type Call = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, unknown>>;

async function send(world: SchwabWorld, method: string, path: string, body: unknown, token: string | null): Promise<Record<string, unknown>> {
  const response = await fetch(`${world.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  world.answers.push(text);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Registers `email` over REST: the agent's API access token. */
export async function registered(world: SchwabWorld, email: string): Promise<string> {
  await send(world, 'POST', '/v1/users', { email, password: PASSWORD }, null);
  return String((await send(world, 'POST', '/v1/sessions', { email, password: PASSWORD }, null))['access_token']);
}

/** Tools called over REST, as an HTTP client would: the catalogue's method and path, path parameters filled in. */
export const restAgent =
  (world: SchwabWorld, token: string): Call =>
  async (tool, args = {}) => {
    const { method, path, body } = restRequest(tool, args);
    return send(world, method, path, body, token);
  };

/** Tools called over MCP (Streamable HTTP, the v2 SDK client) with a Bearer token; `close` ends the session. */
export async function mcpAgent(world: SchwabWorld, token: string): Promise<{ call: Call; close: () => Promise<void> }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${world.server.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = newClient('modern');
  await client.connect(transport);
  const call: Call = async (tool, args = {}) => {
    const result = await client.callTool({ name: tool, arguments: args });
    world.answers.push(JSON.stringify(result));
    return (result.structuredContent ?? {}) as Record<string, unknown>;
  };
  return { call, close: () => client.close() };
}

/** The person: a browser of their own, logged in at condor, with a passkey on a CDP virtual authenticator (user verification on). */
export interface Person {
  /** Opens the broker-keys link, logs in at the fake's authorize page, comes back and chooses `accountNumber`. */
  linkSchwab(link: string, accountNumber: string): Promise<void>;
  /** Opens an approval link and approves with the passkey once the 5-second floor has passed; the ticket's figures and the order id. */
  approve(approvalUrl: string): Promise<{ costs: string; buyingPower: string | null; orderId: string }>;
}

export async function person(world: SchwabWorld, email: string): Promise<Person> {
  const context = await world.browser.newContext();
  const page = await context.newPage();
  page.on('request', (request) => {
    const code = new URL(request.url()).searchParams.get('code');
    if (code !== null) world.codes.push(code);
  });
  page.on('response', (response) => {
    if (!response.url().startsWith(world.site) || !(response.headers()['content-type'] ?? '').includes('text/html')) return;
    void response.text().then((text) => world.pages.push(text), () => undefined);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true } });
  await page.goto(`${world.site}/passkeys`);
  await logIn(page, email, PASSWORD);
  await page.locator('[data-role="add-passkey"] button').waitFor({ state: 'visible' });
  await page.fill('#new-passkey-name', 'Laptop');
  await page.fill('#new-passkey-password', PASSWORD);
  await Promise.all([page.waitForURL(/added=1/), page.click('[data-role="add-passkey"] button')]);
  const local = (url: string): string => `${world.site}${new URL(url, world.site).pathname}`;

  return {
    async linkSchwab(link, accountNumber) {
      await page.goto(local(link));
      const login = page.locator('[data-role="broker-login"][data-broker="schwab"]');
      expect(await login.innerText()).toContain('live account');
      await Promise.all([page.waitForURL((url) => url.href.startsWith(`${world.apiUrl}/v1/oauth/authorize`)), login.locator('[data-role="log-in-at-broker"]').click()]);
      expect(await page.title()).toContain('Charles Schwab');
      await page.fill('input[name="username"]', 'person@schwab');
      await page.fill('input[name="password"]', 'the password only Schwab sees');
      await Promise.all([page.waitForURL((url) => url.pathname === '/broker-keys/schwab/callback'), page.click('button[type="submit"]')]);
      expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Logged in at Charles Schwab');
      // Kept across condor's login in a cookie of its own: the code is in no page, nor in the address it ends at.
      expect(new URL(page.url()).search).toBe('');
      expect(await page.locator('[data-role="login-ends"]').innerText()).toMatch(/\S/);
      await page.check(`input[name="account_number"][value="${accountNumber}"]`);
      await Promise.all([page.waitForURL(`${world.site}/broker-account`), page.click('form[action="/broker-account"] button[type="submit"]')]);
      expect(await page.locator('[data-role="account-number"]').innerText()).toBe(accountNumber);
    },
    async approve(approvalUrl) {
      const url = local(approvalUrl);
      await page.goto(url);
      const costs = await page.locator('[data-role="costs"]').innerText();
      const figure = page.locator('[data-role="buying-power"]');
      const buyingPower = (await figure.count()) === 0 ? null : await figure.innerText();
      expect(await page.locator('[data-role="passkey-needed"]').innerText()).toContain('real-money account');
      await page.locator('button[data-approve]:not([disabled])').waitFor({ timeout: 15_000 });
      await Promise.all([page.waitForURL(`${url}/approve`), page.click('button[data-approve]')]);
      expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Order placed');
      expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('passkey');
      return { costs, buyingPower, orderId: await page.locator('[data-role="order-id"]').innerText() };
    },
  };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, looking every `everyMs`, until `check` answers true; fails naming `what` after `withinMs`. */
async function until(what: string, check: () => boolean | Promise<boolean>, everyMs = 250, withinMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${String(withinMs)} ms`);
    await pause(everyMs);
  }
}

const cents = (price: number): number => Math.round(price * 100) / 100;

/** The bodies of the orders condor placed at the fake (previews and replaces aside). */
const placedAtSchwab = (fake: FakeSchwab): Record<string, unknown>[] =>
  fake.requests.filter((r) => r.method === 'POST' && /^\/trader\/v1\/accounts\/[^/]+\/orders$/.test(r.path)).map((r) => r.body as Record<string, unknown>);

const statusOf = async (call: Call, positionId: string): Promise<unknown> =>
  ((await call('get_positions', { position_id: positionId }))['positions'] as Record<string, unknown>[] | undefined)?.[0]?.['status'];

/**
 * From onboarding to a closed iron condor in `accountNumber` at Schwab: the agent calling `call`, the person linking and
 * approving in chromium. The entry's band starts 20 cents better than the mid, so the fake (which fills a limit at or
 * through the legs' marks) fills it only at its last price: one order placed, replaced twice, each under a new id.
 */
export async function walkSchwab(world: SchwabWorld, call: Call, approver: Person, accountNumber: string): Promise<void> {
  const { fake } = world;
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  await approver.linkSchwab(String((await call('get_broker_keys_link'))['url']), accountNumber);
  const connected = await call('connect_broker', { authorization_confirmed: true, broker: 'schwab' });
  expect(connected['link'], JSON.stringify(connected)).toMatchObject({ broker: 'schwab', environment: 'live', connected: true, account_number: accountNumber });

  const before = fake.requests.length;
  const found = await call('find_iron_condors', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 });
  // The person's own market: Schwab's chains, read with the link's access token.
  expect(found['market'], JSON.stringify(found['market'])).toMatchObject({ source: 'schwab:live', simulated: false, source_words: expect.stringContaining('Charles Schwab') as unknown });
  expect(found['market_notice']).toBeNull();
  const chains = fake.requests.slice(before).filter((r) => r.path === '/marketdata/v1/chains');
  expect(chains.length).toBeGreaterThan(0);
  expect(chains.every((r) => r.auth === 'valid')).toBe(true);
  const [candidate] = found['candidates'] as Record<string, unknown>[];
  const mid = -(candidate!['net_credit'] as number);
  const pricing = { mode: 'fast', start_price: cents(mid - 0.2), worst_price: cents(mid + 0.03) };

  const entry = await call('propose_entry', { candidate, qty: 1, pricing });
  expect(entry, JSON.stringify(entry)).toMatchObject({ kind: 'entry', approval_url: expect.any(String) as unknown });
  const steps = ((entry['details'] as Record<string, unknown>)['pricing'] as { steps: number[] }).steps;
  expect(steps).toHaveLength(3);
  // Schwab's preview: its fees, and its buying-power effect (the wider wing less the credit), each labelled as Schwab's.
  const ticket = entry['ticket'] as { costs: { open: number; close: number; words: string }; buying_power: { reduction: number; words: string } };
  expect(ticket.costs.open).toBe(OPENING_FEES);
  // Closing later is estimated at Schwab's own $0.65 a contract, four legs: not the deployment's commission.
  expect(ticket.costs.close).toBeGreaterThanOrEqual(4 * 0.65);
  expect(ticket.costs.words).toMatch(/broker-computed.*Schwab/);
  const legs = candidate!['legs'] as Record<string, { strike: number }>;
  const wing = Math.max(legs['short_put']!.strike - legs['long_put']!.strike, legs['long_call']!.strike - legs['short_call']!.strike);
  expect(ticket.buying_power.reduction).toBeCloseTo((wing + steps[0]!) * 100, 6);
  expect(ticket.buying_power.words).toMatch(/broker-computed.*Schwab/);
  const positionId = String(entry['position_id']);

  // The agent cannot place it: a person must, with a passkey.
  expect((await call('confirm_proposal', { proposal_id: entry['proposal_id'] }))['error']).toBe('CONFIRM_BLOCKED');
  const opened = await approver.approve(String(entry['approval_url']));
  expect([opened.costs, opened.buyingPower]).toEqual([ticket.costs.words, ticket.buying_power.words]);
  expect(placedAtSchwab(fake)).toEqual([expect.objectContaining({ complexOrderStrategyType: 'IRON_CONDOR', orderType: 'NET_CREDIT', price: (-steps[0]!).toFixed(2) })]);

  await until('the walked order filled at the fake', () => fake.book.orders.some((o) => o.status === 'FILLED'));
  const walked = fake.book.orders.map((o) => [o.orderId, o.status, o.request.price] as const);
  expect(walked.map(([, status, price]) => [status, price])).toEqual([['REPLACED', -steps[0]!], ['REPLACED', -steps[1]!], ['FILLED', -steps[2]!]]);
  expect(new Set(walked.map(([id]) => id)).size).toBe(3);
  expect(String(walked[0]![0])).toBe(opened.orderId);
  expect(fake.requests.filter((r) => r.method === 'PUT').length).toBe(2);
  await until('the position opened', async () => (await statusOf(call, positionId)) === 'open', 1_000);

  const exit = await call('propose_exit', { position_id: positionId });
  expect(exit, JSON.stringify(exit)).toMatchObject({ kind: 'exit', approval_url: expect.any(String) as unknown });
  const closing = await approver.approve(String(exit['approval_url']));
  expect(closing.costs).toMatch(/broker-computed.*Schwab/);
  expect(placedAtSchwab(fake).map((o) => [o['complexOrderStrategyType'], o['orderType']])).toEqual([['IRON_CONDOR', 'NET_CREDIT'], ['IRON_CONDOR', 'NET_DEBIT']]);
  await until('the position closed', async () => (await statusOf(call, positionId)) === 'closed', 1_000);
  expect(fake.book.orders.at(-1)?.status).toBe('FILLED');
}

/** Looks for the app secret, every token the fake minted and every code it sent back in the answers, the log, the pages and the database file. */
export function expectNoSecrets(world: SchwabWorld): void {
  const { fake, server } = world;
  const secrets = [fake.appSecret, ...fake.oauth.issuedTokens, ...world.codes];
  expect(world.codes.length).toBeGreaterThan(0);
  expect(fake.oauth.issuedTokens.length).toBeGreaterThan(1);
  const database = databaseText(server.dataDir);
  // The files are read for real: the link and its account are in them.
  expect(database).toContain('broker_links');
  const places = { answers: world.answers.join('\n'), logs: [...server.logs, ...server.stdout].join('\n'), pages: world.pages.join('\n'), database };
  expect(world.answers.length).toBeGreaterThan(15);
  expect(world.pages.length).toBeGreaterThan(5);
  for (const [where, text] of Object.entries(places)) {
    // The secret, or 24 characters from inside it (base64url, hex or letters: the same in a URL's or a page's encoding).
    for (const secret of secrets) expect(text.includes(secret) || text.includes(secret.slice(3, 27)), `${where} holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
  }
}
