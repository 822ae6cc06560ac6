import { databaseText } from './database-text.js';
import { restRequest } from './rest-request.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS, FakeTastytrade } from '@condor/testkit';
import { newClient } from '../../mcp/test/support.js';
import { launchBrowser, logIn } from '../../web/test/browser.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * Issue 32's walk against the real server process and a local fake of tastytrade's Open API (in this process), with
 * no market-data settings of the deployment: a person linked to tastytrade researches on tastytrade's chains read
 * with their own grant (issue 38), while a person linked to the simulated broker keeps the simulated market; a
 * person's approval is required
 * (CONDOR_APPROVAL defaults to human): register, onboard, the person enters the tastytrade keys on condor's keys page
 * in chromium, the account is chosen (on the page, or by connect_broker), search, propose (the ticket shows
 * tastytrade's dry-run fees and buying power), approve in chromium, one order filled at the fake, propose the exit,
 * approve, closed — over REST and over MCP. The client secret, the refresh token and the access
 * tokens minted from them are then looked for in every answer, log line, page and the database file.
 */

/** A Tuesday, 10:00 in New York: the exchange is open whenever the test runs. */
const SIM_START = '2026-02-10T15:00:00Z';
const PASSWORD = 'tastytrade e2e password';
/** The fake's fees for one condor opened (4 legs: $1 commission, $0.10 clearing and $0.03 regulatory each). */
const OPENING_FEES = 4.52;

type Browser = Awaited<ReturnType<typeof launchBrowser>>;
type BrowserContext = Awaited<ReturnType<Browser['newContext']>>;

const anchor = Date.now();
/** A second margin account on the login, so the walk over MCP trades an account of its own. */
const SECOND_MARGIN = { accountNumber: '5WT00003', nickname: 'Second', accountType: 'Individual', marginOrCash: 'Margin', optionsLevel: 'No Restrictions', buyingPower: 50_000 } as const;
// The fake runs on the server's shifted clock, so its chains list the expirations the server looks for.
const fake = new FakeTastytrade({ now: () => Date.parse(SIM_START) + (Date.now() - anchor), accounts: [...DEFAULT_ACCOUNTS, SECOND_MARGIN] });
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Every answer the agent got, as it came over the wire. */
const answers: string[] = [];
/** Every page the person saw. */
const pages: string[] = [];

beforeAll(async () => {
  const url = await fake.start();
  [server, browser] = await Promise.all([
    startServer({
      CONDOR_SIM_START: SIM_START,
      CONDOR_SIM_ANCHOR: new Date(anchor).toISOString(),
      CONDOR_TASTYTRADE_API_URL: url,
      CONDOR_RATE_LIMIT: '100000',
    }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
  await server.stop();
  await fake.stop();
}, 30_000);

type Call = (tool: string, args?: Record<string, unknown>) => Promise<Record<string, unknown>>;

const send = async (method: string, path: string, body: unknown, token: string | null): Promise<Record<string, unknown>> => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  answers.push(text);
  return JSON.parse(text) as Record<string, unknown>;
};

/** Calls a tool over REST as an HTTP client would: the catalogue's method and path, path parameters filled in. */
const restCaller =
  (token: () => string | null): Call =>
  async (tool, args = {}) => {
    const { method, path, body } = restRequest(tool, args);
    return send(method, path, body, token());
  };

/** A registered and logged-in user's API access token (the agent's credential). */
async function registered(email: string): Promise<string> {
  await send('POST', '/v1/users', { email, password: PASSWORD }, null);
  return String((await send('POST', '/v1/sessions', { email, password: PASSWORD }, null))['access_token']);
}

/** The person, in a browser of their own: logs in on condor's HTML page the first time a link asks. */
async function person(email: string) {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const openAsOwner = async (url: string): Promise<void> => {
    await page.goto(url);
    if (new URL(page.url()).pathname === '/login') await logIn(page, email, PASSWORD);
    expect(page.url()).toBe(url);
  };
  return {
    /**
     * Opens the keys link, picks tastytrade, leaves paper (the sandbox) chosen and types the client secret and the
     * refresh token; then chooses `account` among the login's accounts the page offers, or leaves that to the agent.
     */
    async enterKeys(link: string, account: string | null): Promise<void> {
      await openAsOwner(link);
      await Promise.all([page.waitForURL(`${link}?broker=tastytrade`), page.click('[data-role="brokers"] a[data-broker="tastytrade"]')]);
      const form = page.locator('form[action^="/broker-keys/"]');
      expect(await form.locator('input[name="environment"][value="paper"]').isChecked()).toBe(true);
      await page.fill('input[name="client_secret"]', fake.clientSecret);
      await page.fill('input[name="refresh_token"]', fake.refreshToken);
      await Promise.all([page.waitForURL(link), form.locator('button[type="submit"]').click()]);
      expect(await page.locator('[data-role="key-hint"]').innerText()).toBe(`…${fake.clientSecret.slice(-4)}`);
      const offered = page.locator('form[action="/broker-account"] input[name="account_number"]');
      expect(await Promise.all((await offered.all()).map((input) => input.getAttribute('value')))).toEqual(['5WT00001', '5WT00002', '5WT00003']);
      pages.push(await page.content());
      if (account === null) return;
      await page.check(`input[name="account_number"][value="${account}"]`);
      await Promise.all([page.waitForURL(`${server.baseUrl}/broker-account`), page.click('form[action="/broker-account"] button[type="submit"]')]);
      expect(await page.locator('[data-role="account-number"]').innerText()).toBe(account);
      pages.push(await page.content());
    },
    /** Opens a proposal's approval link, approves once the 5-second floor has passed; the ticket's costs and the order id placed. */
    async approve(approvalUrl: string): Promise<{ costs: string; buyingPower: string | null; orderId: string }> {
      await openAsOwner(approvalUrl);
      const costs = await page.locator('[data-role="costs"]').innerText();
      // An exit's ticket shows no buying power: closing frees it.
      const buyingPower = (await page.locator('[data-role="buying-power"]').count()) === 0 ? null : await page.locator('[data-role="buying-power"]').innerText();
      pages.push(await page.content());
      await page.waitForSelector('button[data-approve]:not([disabled])', { timeout: 10_000 });
      await Promise.all([page.waitForURL(`${approvalUrl}/approve`), page.click('button[data-approve]')]);
      expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Order placed');
      expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('page');
      pages.push(await page.content());
      return { costs, buyingPower, orderId: await page.locator('[data-role="order-id"]').innerText() };
    },
  };
}

/** The market-data requests the fake received. */
const marketDataRequests = () => fake.requests.filter((r) => r.path === '/market-data/by-type');

/** The status at the fake of each order carrying the proposal id. */
const statusesAtTastytrade = (proposalId: unknown): string[] => fake.book.orders.filter((o) => o.request.externalIdentifier === proposalId).map((o) => o.status);

/** The orders condor placed at the fake (dry runs aside), by the proposal id each carries as its external identifier. */
const placedAtTastytrade = (account: string): string[] =>
  fake.requests
    .filter((r) => r.method === 'POST' && r.path === `/accounts/${account}/orders`)
    .map((r) => String((r.body as Record<string, unknown>)['external-identifier']));

const positionOf = async (call: Call, positionId: string): Promise<Record<string, unknown>> => {
  const held = await call('get_positions', { position_id: positionId });
  return (held['positions'] as Record<string, unknown>[] | undefined)?.[0] ?? held;
};

/**
 * From onboarding to a closed iron condor in `account` at tastytrade, the agent calling `call` and the person entering
 * the keys and approving in chromium; the person chooses the account on the keys page, or (`choosesOnPage` false)
 * the agent names it to connect_broker.
 */
async function walk(call: Call, email: string, account: string, choosesOnPage: boolean): Promise<void> {
  const approver = await person(email);
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');

  // The keys go from the person's browser to condor, never through the agent.
  const link = await call('get_broker_keys_link');
  await approver.enterKeys(new URL(String(link['url']), server.baseUrl).href, choosesOnPage ? account : null);
  if (!choosesOnPage) {
    // The login holds three tradeable accounts (and a closed one): connect asks which, then takes the one named.
    const asked = await call('connect_broker', { authorization_confirmed: true, broker: 'tastytrade' });
    expect(asked).toMatchObject({ error: 'VALIDATION_ERROR', expected: 'one of: 5WT00001, 5WT00002, 5WT00003' });
  }
  const connected = await call('connect_broker', { authorization_confirmed: true, broker: 'tastytrade', ...(choosesOnPage ? {} : { account_number: account }) });
  expect(connected['link']).toMatchObject({ broker: 'tastytrade', environment: 'paper', connected: true, account_number: account });

  const quotesBefore = marketDataRequests().length;
  const found = await call('find_iron_condors', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 });
  expect(found['market_notice']).toBeNull();
  // The person's own market: tastytrade's chains and quotes, read with the person's grant (the deployment has none).
  expect(found['market']).toMatchObject({ source: 'tastytrade:paper', simulated: false, source_words: expect.stringContaining('your tastytrade account') as unknown });
  const quoted = marketDataRequests().slice(quotesBefore);
  expect(quoted.length).toBeGreaterThan(0);
  expect(quoted.every((request) => request.auth === 'valid')).toBe(true);
  const [candidate] = found['candidates'] as Record<string, unknown>[];
  expect(candidate).toBeDefined();

  const entry = await call('propose_entry', { candidate, qty: 1 });
  expect(entry, JSON.stringify(entry)).toMatchObject({ kind: 'entry', approval_url: expect.any(String) as unknown });
  const ticket = entry['ticket'] as { costs: { open: number; words: string }; buying_power: { reduction: number; words: string } };
  expect(ticket.costs.open).toBe(OPENING_FEES);
  expect(ticket.costs.words).toContain('broker-computed');
  // tastytrade's buying-power effect of a condor: its wider wing, less the credit, plus the fees.
  const legs = candidate!['legs'] as Record<string, { strike: number }>;
  const wing = Math.max(legs['short_put']!.strike - legs['long_put']!.strike, legs['long_call']!.strike - legs['short_call']!.strike);
  const credit = -(entry['limit_price'] as number);
  expect(ticket.buying_power.reduction).toBeCloseTo(wing * 100 - credit * 100 + OPENING_FEES, 6);
  expect(ticket.buying_power.words).toContain('broker-computed');
  expect((entry['details'] as Record<string, unknown>)['market_session']).toMatchObject({ source: 'tastytrade:paper' });
  const proposalId = String(entry['proposal_id']);
  const positionId = String(entry['position_id']);
  expect(fake.requests.filter((r) => r.path === `/accounts/${account}/orders/dry-run`).length).toBeGreaterThan(0);

  // The agent cannot place it: a person must.
  expect((await call('confirm_proposal', { proposal_id: proposalId }))['error']).toBe('CONFIRM_BLOCKED');
  const opened = await approver.approve(new URL(String(entry['approval_url']), server.baseUrl).href);
  expect([opened.costs, opened.buyingPower]).toEqual([ticket.costs.words, ticket.buying_power.words]);
  expect(placedAtTastytrade(account)).toEqual([proposalId]);
  expect(statusesAtTastytrade(proposalId)).toEqual(['Filled']);
  expect(await positionOf(call, positionId)).toMatchObject({ position_id: positionId, status: 'open' });
  expect(await call('get_proposal', { proposal_id: proposalId })).toMatchObject({ status: 'confirmed', order_id: opened.orderId });

  // The backtest's history: tastytrade's daily candles over DXLink, read with the person's own quote token.
  const tokensBefore = fake.dxlink.issuedTokens.length;
  const strategy = await call('create_strategy', { ticker: 'SPY' });
  const history = strategy['history'] as { from: string; to: string; sessions: number; iv_source: string };
  expect(history, JSON.stringify(strategy).slice(0, 400)).toMatchObject({ iv_source: 'provider' });
  // Three years read (the default lookback); the first few sessions only warm up the first entry.
  expect((Date.parse(history.to) - Date.parse(history.from)) / 86_400_000).toBeGreaterThan(3 * 365 - 10);
  expect(history.sessions).toBeGreaterThan(700);
  expect(fake.dxlink.issuedTokens.length).toBe(tokensBefore + 1);

  const exit = await call('propose_exit', { position_id: positionId });
  expect(exit, JSON.stringify(exit)).toMatchObject({ kind: 'exit', approval_url: expect.any(String) as unknown });
  expect((exit['details'] as Record<string, unknown>)['broker_figures']).toMatchObject({ source: 'tastytrade dry run', order: 'closing' });
  const closed = await approver.approve(new URL(String(exit['approval_url']), server.baseUrl).href);
  expect(closed.costs).toMatch(/^Fees and commission, broker-computed \(tastytrade dry run\): \$\d+\.\d\d to close\.$/);
  expect(placedAtTastytrade(account)).toEqual([proposalId, exit['proposal_id']]);
  expect(statusesAtTastytrade(exit['proposal_id'])).toEqual(['Filled']);
  expect(await positionOf(call, positionId)).toMatchObject({ status: 'closed' });
}

describe('tastytrade end to end against the fake, a person approving in chromium', () => {
  it('over REST', async () => {
    const email = 'tasty-rest@example.com';
    await restCaller(() => null)('register', { email, password: PASSWORD });
    const token = String((await restCaller(() => null)('login', { email, password: PASSWORD }))['access_token']);
    await walk(restCaller(() => token), email, '5WT00001', true);
  }, 60_000);

  it('over MCP (Streamable HTTP, the v2 SDK client), with a Bearer token', async () => {
    const email = 'tasty-mcp@example.com';
    const token = await registered(email);
    const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    const client = newClient('modern');
    await client.connect(transport);
    try {
      await walk(async (tool, args = {}) => {
        const result = await client.callTool({ name: tool, arguments: args });
        answers.push(JSON.stringify(result));
        return (result.structuredContent ?? {}) as Record<string, unknown>;
      }, email, SECOND_MARGIN.accountNumber, false);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('leaves a person linked to the simulated broker on the simulated market, so labelled, reading nothing at tastytrade', async () => {
    const token = await registered('sim-beside-tasty@example.com');
    const call = restCaller(() => token);
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
    await call('accept_eua');
    await call('acknowledge_risk');
    expect((await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }))['link']).toMatchObject({ broker: 'sim', connected: true });
    const before = fake.requests.length;
    const found = await call('find_iron_condors', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 });
    expect(found['market']).toMatchObject({ source: 'simulated', simulated: true });
    expect(found['market_notice']).toEqual(expect.stringMatching(/simulated/i));
    expect((found['candidates'] as unknown[]).length).toBe(1);
    expect(fake.requests.length).toBe(before);
  }, 30_000);

  it('never shows, logs or stores the client secret, the refresh token or an access token in plain text', () => {
    const secrets = [fake.clientSecret, fake.refreshToken, ...fake.issuedAccessTokens, ...fake.dxlink.issuedTokens];
    expect(fake.dxlink.issuedTokens.length).toBeGreaterThan(0);
    expect(fake.issuedAccessTokens.length).toBeGreaterThan(0);
    const database = databaseText(server.dataDir);
    // The files are read for real: the links and the chosen account are in them.
    expect(database).toContain('broker_links');
    expect(database).toContain(SECOND_MARGIN.accountNumber);
    const places = { answers: answers.join('\n'), logs: [...server.logs, ...server.stdout].join('\n'), pages: pages.join('\n'), database };
    expect(answers.length).toBeGreaterThan(20);
    // Keys saved and account chosen, then four approval pages, over REST; keys saved and four approval pages over MCP.
    expect(pages).toHaveLength(11);
    expect(server.logs.length).toBeGreaterThan(10);
    for (const [where, text] of Object.entries(places)) {
      for (const secret of secrets) expect(text.includes(secret), `${where} holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
    }
  });
});
