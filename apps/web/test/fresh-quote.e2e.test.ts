import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { localhostSite } from './localhost-site.js';
import { Condor, PASSWORD } from './real-server.js';

/**
 * A late approval in a real browser against the real server process: the agent's proposal (made over REST with an
 * API key) is opened after its 60 seconds, the person gets a fresh quote and approves it with their passkey. The
 * server's clock runs CLOCK_RATE times faster than real time (CONDOR_SIM_CLOCK_RATE), so its 60 s pass in 20.
 */

const EMAIL = 'late.person@example.com';
const CLOCK_RATE = 3;
let condor: Condor;
let browser: Browser;
let site: string;

beforeAll(async () => {
  const localhost = await localhostSite();
  site = localhost.site;
  [condor, browser] = await Promise.all([Condor.start({ ...localhost.env, CONDOR_SIM_CLOCK_RATE: String(CLOCK_RATE) }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
}, 30_000);

it('a person opens an agent’s proposal after 60 s, gets a fresh quote and approves it with a passkey: an order is placed', async () => {
  const session = await condor.trader(EMAIL);
  const created = await condor.send('POST', '/v1/api-keys', { name: 'agent', scopes: ['read', 'propose'] }, session);
  expect(created.status).toBe(200);
  const apiKey = String(created.body['api_key']);

  // The person: a passkey held by the browser's virtual authenticator, asked for on paper orders too.
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.goto(`${site}/passkeys`);
  await logIn(page, EMAIL);
  await page.locator('[data-role="add-passkey"] button').waitFor({ state: 'visible' });
  await page.fill('#new-passkey-name', 'Laptop');
  await page.fill('#new-passkey-password', PASSWORD);
  await Promise.all([page.waitForURL(/added=1/), page.click('[data-role="add-passkey"] button')]);
  await page.goto(`${site}/settings`);
  await Promise.all([page.waitForURL(/passkey_on=1/), page.click('[data-role="paper-passkey"] button')]);

  // The agent proposes with its API key; nobody looks until the proposal has expired.
  const { proposalId, approvalUrl } = await condor.propose(apiKey);
  const expired = async (): Promise<unknown> => (await condor.send('GET', `/v1/proposals/${proposalId}`, undefined, apiKey)).body['status'];
  await expect.poll(expired, { timeout: 30_000, interval: 1_000 }).toBe('expired');

  // Opened late from the link a notification carries (the desk's, which mints a fresh approval link for the owner) …
  const late = await page.goto(`${site}/desk/approvals/${proposalId}`);
  expect(late?.status()).toBe(410);
  expect(new URL(page.url()).pathname).toMatch(/^\/approve\//);
  expect(new URL(page.url()).pathname).not.toBe(new URL(approvalUrl).pathname);
  expect(await page.locator('[data-status]').getAttribute('data-status')).toBe('expired');
  const button = page.locator('[data-role="fresh-quote"] button[data-fresh-quote]');
  expect(await button.isVisible()).toBe(true);
  expect(await button.innerText()).toBe('Get a fresh quote');
  await page.screenshot({ path: screenshotPath('fresh-quote-offered.png'), fullPage: true });

  const oldPath = new URL(page.url()).pathname;
  await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/approve/') && url.pathname !== oldPath), button.click()]);
  expect(await page.locator('[data-role="fresh-quote-made"]').getAttribute('data-fresh-quote-of')).toBe(proposalId);
  const freshId = await page.locator('[data-proposal-id]').getAttribute('data-proposal-id');
  expect(freshId).not.toBe(proposalId);
  expect(await page.locator('[data-status]').getAttribute('data-status')).toBe('awaiting_approval');
  expect(await page.locator('button[data-approve]').innerText()).toMatch(/^Approve with passkey/);
  await page.screenshot({ path: screenshotPath('fresh-quote-ticket.png'), fullPage: true });

  // Its own 5-second floor (the page counts it in real seconds), then the passkey.
  await page.locator('button[data-approve]:not([disabled])').waitFor({ timeout: 15_000 });
  await Promise.all([page.waitForURL(/\/approve$/), page.click('button[data-approve]')]);
  expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Order placed');
  expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('passkey');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount).toBeGreaterThan(0);

  const orders = await condor.orders(apiKey);
  expect(orders).toHaveLength(1);
  const fresh = await condor.proposal(apiKey, String(freshId));
  expect(fresh).toMatchObject({ status: 'confirmed', order_id: orders[0]?.order_id, approval: { method: 'passkey' }, details: { made_by: { by: 'person', credential: 'browser_session', fresh_quote_of: proposalId } } });
  expect(await condor.proposal(apiKey, proposalId)).toMatchObject({ status: 'expired', approval: null, order_id: null, details: { made_by: { by: 'agent', credential: 'api_key' } } });
  await context.close();
}, 120_000);
