import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { Condor } from './real-server.js';

/**
 * A person in a real browser (Debian's chromium, headless) against the real server process: the agent proposes
 * over REST, the person logs in on the HTML page and approves or rejects on the approval page.
 */

let condor: Condor;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [condor, browser] = await Promise.all([Condor.start(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
  await condor.stop();
}, 30_000);

/** A fresh browser (own cookies), JavaScript on unless told. */
async function person(options: { javaScriptEnabled?: boolean; extraHTTPHeaders?: Record<string, string> } = {}): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}

/** Opens `url`, logging in on the way when the login page asks; the answer to the last navigation's status. */
async function openAsOwner(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url);
  if (new URL(page.url()).pathname === '/login') await logIn(page, email);
  expect(page.url()).toBe(url);
}

const approveButton = 'button[data-approve]';
const messageHeading = (page: Page) => page.locator('[data-role="message"] h1').innerText();

describe('the approval page in a real browser', () => {
  it('logs in on the HTML page, shows the ticket and the chart, and Approve places exactly one order with page evidence', async () => {
    const token = await condor.trader('ann@example.com');
    const { proposalId, approvalUrl, ticket } = await condor.propose(token);
    const page = await person();
    const complaints: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text()); });
    await page.goto(approvalUrl);
    expect(new URL(page.url()).pathname).toBe('/login');
    await logIn(page, 'ann@example.com');
    expect(page.url()).toBe(approvalUrl);

    expect(await page.locator('h1').first().innerText()).toMatch(/^Sell 1 SPY \d{4}-\d\d-\d\d iron condor \d+\/\d+\/\d+\/\d+$/);
    expect(await page.locator('ol.legs li').count()).toBe(4);
    const chart = page.locator('figure svg[role="img"]');
    expect(await chart.isVisible()).toBe(true);
    expect((await chart.boundingBox())?.width).toBeGreaterThan(300);
    expect(await chart.locator('[data-role="breakeven"]').count()).toBe(2);
    expect(await chart.locator('polygon[data-side="profit"]').count()).toBe(1);
    expect(await page.locator('[data-role="account"]').innerText()).toMatch(/paper/i);
    expect(await page.locator('[data-role="market-notice"]').isVisible()).toBe(true);
    // Costs, buying power and the calendar's flags, as the proposal recorded them.
    expect(await page.locator('[data-role="costs"]').innerText()).toBe(ticket.costs?.words);
    expect(ticket.costs?.open).toBeGreaterThan(0);
    expect(await page.locator('[data-role="buying-power"]').innerText()).toBe(ticket.buying_power?.words);
    const flags = await Promise.all((await page.locator('[data-role="flags"] li').all()).map((li) => li.getAttribute('data-flag')));
    expect(flags).toEqual(ticket.flags.map((f) => f.code));
    // The band the person approves, beside Approve: the sentence with its worst case, and what the button covers.
    expect(ticket.band?.worst_price).toBeGreaterThan(ticket.band?.start_price ?? Infinity);
    expect(await page.locator('[data-role="band-sentence"]').isVisible()).toBe(true);
    expect(await page.locator('[data-role="band-sentence"]').innerText()).toBe(ticket.band?.words);
    expect(await page.locator(approveButton).getAttribute('aria-describedby')).toBe('band-approval');
    expect(await page.locator('#band-approval').innerText()).toBe(ticket.band?.approve_words);
    expect(await chart.locator('[data-role="curve-worst"]').count()).toBe(1);
    expect(await chart.locator('[data-role="legend"] text').count()).toBe(2);
    // The countdown holds Approve until the 5-second floor, then releases it.
    expect(await page.locator(approveButton).isDisabled()).toBe(true);
    expect(await page.locator(approveButton).innerText()).toMatch(/^Approve \(in \d s\)$/);
    await page.screenshot({ path: screenshotPath('approval-page.png'), fullPage: true });
    await page.waitForSelector(`${approveButton}:not([disabled])`, { timeout: 10_000 });

    await Promise.all([page.waitForURL(`${approvalUrl}/approve`), page.click(approveButton)]);
    expect(await messageHeading(page)).toBe('Order placed');
    const orderId = await page.locator('[data-role="order-id"]').innerText();
    expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('page');
    expect(await page.locator('[data-role="evidence"] [data-role="approved-band"]').innerText()).toMatch(/^a credit of \$\d+\.\d\d down to \$\d+\.\d\d per share$/);
    await page.screenshot({ path: screenshotPath('approval-placed.png'), fullPage: true });
    // The content security policy blocked nothing: the stylesheet and the countdown carry their nonce.
    expect(complaints).toEqual([]);
    expect(readFileSync(screenshotPath('approval-placed.png')).subarray(1, 4).toString()).toBe('PNG');

    const orders = await condor.orders(token);
    expect(orders.filter((o) => o.client_order_id === proposalId)).toEqual([expect.objectContaining({ order_id: orderId })]);
    expect(orders).toHaveLength(1);
    const shown = await condor.proposal(token, proposalId);
    expect(shown).toMatchObject({
      order_id: orderId,
      approval: { method: 'page', client: expect.stringContaining('Chrome') as unknown, address: '127.0.0.1', band: { start_price: ticket.band?.start_price, worst_price: ticket.band?.worst_price } },
    });
  }, 60_000);

  it('Reject ends the proposal and places nothing', async () => {
    const token = await condor.trader('rita@example.com');
    const { proposalId, approvalUrl } = await condor.propose(token);
    const page = await person();
    await openAsOwner(page, approvalUrl, 'rita@example.com');
    await Promise.all([page.waitForURL(`${approvalUrl}/reject`), page.click('form[action$="/reject"] button')]);
    expect(await messageHeading(page)).toBe('Proposal rejected');
    expect(await condor.orders(token)).toEqual([]);
    expect(await condor.proposal(token, proposalId)).toMatchObject({ order_id: null, approval: null });
    await page.goto(approvalUrl);
    expect(await page.locator(approveButton).count()).toBe(0);
  }, 60_000);

  it('a double click places one order, with JavaScript on and with it off', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const email = `double-${String(javaScriptEnabled)}@example.com`;
      const token = await condor.trader(email);
      const { proposalId, approvalUrl } = await condor.propose(token);
      const page = await person({ javaScriptEnabled });
      await openAsOwner(page, approvalUrl, email);
      await page.waitForTimeout(5_200);
      await page.dblclick(approveButton);
      // Without JavaScript the second click's form post aborts the first's navigation, which waitForURL reports
      // as a failure (net::ERR_ABORTED); what counts is where the page ends up.
      await expect.poll(() => page.url(), { timeout: 20_000 }).toBe(`${approvalUrl}/approve`);
      await page.waitForLoadState('load');
      expect(['Order placed', 'Already decided']).toContain(await messageHeading(page));
      expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('page');
      const orders = await condor.orders(token);
      expect(orders.map((o) => o.client_order_id)).toEqual([proposalId]);
    }
  }, 90_000);

  it('without JavaScript, an early Approve is answered "too early, in N s" and places nothing', async () => {
    const token = await condor.trader('early@example.com');
    const { approvalUrl } = await condor.propose(token);
    const page = await person({ javaScriptEnabled: false });
    await openAsOwner(page, approvalUrl, 'early@example.com');
    expect(await page.locator(approveButton).isEnabled()).toBe(true);
    const answer = await Promise.all([page.waitForResponse(`${approvalUrl}/approve`), page.click(approveButton)]).then(([response]) => response);
    expect(answer.status()).toBe(422);
    expect(await messageHeading(page)).toBe('Too early');
    expect(await page.locator('[data-role="message"] p').innerText()).toMatch(/You can approve in [1-5] s\./);
    expect(await condor.orders(token)).toEqual([]);
  }, 60_000);

  it('another user’s browser session finds nothing at the link, and cannot approve it', async () => {
    const token = await condor.trader('owner@example.com');
    await condor.trader('other@example.com');
    const { approvalUrl } = await condor.propose(token);
    const page = await person();
    await page.goto(approvalUrl);
    await logIn(page, 'other@example.com');
    const answer = await page.goto(approvalUrl);
    expect(answer?.status()).toBe(404);
    expect(await messageHeading(page)).toBe('Not found');
    expect(await page.content()).not.toContain('iron condor');
    expect(await condor.orders(token)).toEqual([]);
  }, 60_000);

  it('an API Bearer token alone is not accepted: the page asks for the HTML login, and a post is refused', async () => {
    const token = await condor.trader('agent@example.com');
    const { approvalUrl } = await condor.propose(token);
    const page = await person({ extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    await page.goto(approvalUrl);
    expect(new URL(page.url()).pathname).toBe('/login');
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const forged = await fetch(`${approvalUrl}/approve`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, origin: condor.baseUrl, cookie: `__Host-condor_session=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf_token=x',
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await condor.orders(token)).toEqual([]);
  }, 60_000);

  it('a link followed from another site still finds the logged-in session (SameSite=Strict), through one same-origin hop', async () => {
    const token = await condor.trader('hop@example.com');
    const { approvalUrl } = await condor.propose(token);
    const page = await person();
    await page.goto(`${condor.baseUrl}/login`);
    await logIn(page, 'hop@example.com');
    // A page on another site (served by the browser's own route, never the network) links to the approval page.
    await page.route('http://elsewhere.test/', (route) => route.fulfill({ contentType: 'text/html', body: `<a id="elsewhere" href="${approvalUrl}">approve</a>` }));
    await page.goto('http://elsewhere.test/');
    await Promise.all([page.waitForURL(approvalUrl), page.click('#elsewhere')]);
    expect(await page.locator(approveButton).count()).toBe(1);
  }, 60_000);
});
