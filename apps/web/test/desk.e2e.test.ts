import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { Condor } from './real-server.js';

/**
 * The person's desk in a real browser against the real server process, with JavaScript on and off. The clock starts
 * on a Thursday morning, so a condor expiring Friday is under the expiry-day guardian; the simulated broker fills a
 * limit at the mid at once (`at_mid`), so a band set well above the mid stands unfilled while the test runs.
 */

const EMAIL = 'desk@example.com';
/** Thu 12 Feb 2026, 10:00 New York: the session before Friday's expiry. */
const THURSDAY = '2026-02-12T15:00:00Z';

let condor: Condor;
let browser: Browser;
let token: string;
const contexts: BrowserContext[] = [];

type Json = Record<string, unknown>;

const cents = (dollars: number): number => Math.round(dollars * 100) / 100;

async function ok(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const answer = await condor.send(method, path, body, token, headers);
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The agent finds the best condor of `ticker` in a DTE range and proposes it, with `pricing` when given. */
async function propose(ticker: string, dte: [number, number], pricing?: (credit: number) => Json): Promise<{ id: string; positionId: string; url: string }> {
  const found = await ok('POST', '/v1/iron-condors/search', { ticker, top_k: 1, dte_min: dte[0], dte_max: dte[1] });
  const [candidate] = found['candidates'] as Json[];
  if (candidate === undefined) throw new Error(`no ${ticker} condor between ${String(dte[0])} and ${String(dte[1])} days`);
  const credit = Number(candidate['net_credit']);
  const proposed = await ok('POST', '/v1/proposals/entries', { candidate, qty: 1, ...(pricing ? { pricing: pricing(credit) } : {}) }, { 'x-batch-id': crypto.randomUUID() });
  return { id: String(proposed['proposal_id']), positionId: String(proposed['position_id']), url: new URL(String(proposed['approval_url']), condor.baseUrl).href };
}

async function person(javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1200, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${condor.baseUrl}/login?next=%2F`);
  await logIn(page, EMAIL);
  expect(new URL(page.url()).pathname).toBe('/');
  return page;
}

/** Approves a proposal on its page as the person does: waits out the 5-second floor, then presses Approve. */
async function approve(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('button[data-approve]:not([disabled])').waitFor({ timeout: 15_000 });
  await Promise.all([page.waitForLoadState('load'), page.click('button[data-approve]')]);
  expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Order placed');
}

/** Each part of the desk a person must see, whatever the script does. */
/** The proposals on the desk: `walked` (a proposal id) is walking the entry of `opening` (a position id); `expiring` is a position. */
interface DeskIds {
  readonly waiting: string;
  readonly walked: string;
  readonly opening: string;
  readonly expiring: string;
}

async function expectDesk(page: Page, ids: DeskIds): Promise<void> {
  const approval = page.locator(`[data-role="approval"][data-proposal="${ids.waiting}"]`);
  await expect.poll(() => approval.isVisible()).toBe(true);
  expect(await approval.locator('[data-role="open-ticket"]').getAttribute('href')).toBe(`/desk/approvals/${ids.waiting}`);
  expect(await approval.locator('[data-role="countdown"]').innerText()).toMatch(/^Expires in (\d+ min )?(\d+ s|\d+ min)\. You can approve (in \d s|now)\.$/);

  const expiring = page.locator(`[data-role="position"][data-position="${ids.expiring}"]`);
  expect(await expiring.getAttribute('data-status')).toBe('open');
  expect(await expiring.locator('[data-role="dte"]').innerText()).toBe('1 day');
  const chart = expiring.locator('[data-role="position-chart"] svg[role="img"]');
  expect(await chart.isVisible()).toBe(true);
  expect((await chart.boundingBox())?.width).toBeGreaterThan(250);
  expect(await chart.locator('[data-role="breakeven"]').count()).toBe(2);
  expect(await expiring.locator('[data-role="position-max-loss"]').innerText()).toMatch(/^\$\d+\.\d\d$/);

  const alert = page.locator(`[data-role="desk-alerts"] [data-role="alert"][data-rule="expiry"]`);
  expect(await alert.isVisible()).toBe(true);
  // The session before expiry day warns; expiry day itself is critical.
  expect(await alert.getAttribute('data-severity')).toBe('warning');
  expect(await alert.locator(`a[href="#position-${ids.expiring}"]`).count()).toBe(1);

  const walk = page.locator(`[data-role="working-order"][data-proposal="${ids.walked}"]`);
  expect(await walk.isVisible()).toBe(true);
  expect(await walk.locator('[data-role="step"]').count()).toBeGreaterThanOrEqual(1);
  expect(await walk.innerText()).toMatch(/Cancelled unfilled in \d/);
  expect(await page.locator(`[data-role="position"][data-position="${ids.opening}"]`).getAttribute('data-status')).toBe('opening');

  expect(await page.locator('[data-role="desk-orders"] [data-role="order"]').count()).toBeGreaterThanOrEqual(2);
  expect(await page.locator('[data-role="desk-key"]').count()).toBe(1);
}

beforeAll(async () => {
  [condor, browser] = await Promise.all([Condor.start({ CONDOR_SIM_START: THURSDAY, CONDOR_SIM_FILLS: 'at_mid' }), launchBrowser()]);
  token = await condor.trader(EMAIL);
  await ok('POST', '/v1/api-keys', { name: 'desk agent', scopes: ['read', 'propose'] });
}, 90_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser.close();
  await condor.stop();
}, 30_000);

describe('the desk in a real browser', () => {
  let ids: DeskIds;

  it('with JavaScript: a pending approval counting down, a position with its chart, a working order and an alert; it refreshes itself', async () => {
    const page = await person(true);
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
    });
    expect(await page.locator('[data-role="desk-positions"] [data-role="empty"]').isVisible()).toBe(true);

    const expiring = await propose('SPY', [1, 1]);
    // A credit $0.30 above the candidate's, walking to $0.12 above it (the risk gate allows $0.16 at the worst price):
    // the simulated broker, filling at the mid, leaves it standing.
    const walked = await propose('SPY', [20, 35], (credit) => ({ mode: 'patient', start_price: -cents(credit + 0.3), worst_price: -cents(credit + 0.12) }));
    await approve(page, expiring.url);
    await approve(page, walked.url);
    const waiting = await propose('QQQ', [20, 35]);
    ids = { waiting: waiting.id, walked: walked.id, opening: walked.positionId, expiring: expiring.positionId };

    await page.goto(`${condor.baseUrl}/`);
    await expectDesk(page, ids);
    const countdown = page.locator(`[data-role="approval"][data-proposal="${waiting.id}"] [data-seconds-left]`).first();
    const before = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 5_000 }).not.toBe(before);

    await page.screenshot({ path: screenshotPath('desk.png'), fullPage: true });

    const later = await propose('IWM', [20, 35]);
    await expect.poll(() => page.locator(`[data-role="approval"][data-proposal="${later.id}"]`).count(), { timeout: 25_000 }).toBe(1);
    expect(Number(await page.locator('#desk').getAttribute('data-refreshed'))).toBeGreaterThanOrEqual(1);

    await Promise.all([page.waitForURL(/\/approve\//), page.click(`[data-role="approval"][data-proposal="${later.id}"] [data-role="open-ticket"]`)]);
    expect(await page.locator('button[data-approve]').count()).toBe(1);
    expect(complaints, complaints.join('\n')).toEqual([]);
  }, 120_000);

  it('without JavaScript: the same parts, read whole, and the ticket link works', async () => {
    const page = await person(false);
    const waiting = await propose('MSFT', [20, 35]);
    await page.goto(`${condor.baseUrl}/`);
    await expectDesk(page, { ...ids, waiting: waiting.id });
    await page.screenshot({ path: screenshotPath('desk-no-js.png'), fullPage: true });

    await Promise.all([page.waitForURL(/\/approve\//), page.click(`[data-role="approval"][data-proposal="${waiting.id}"] [data-role="open-ticket"]`)]);
    expect(await page.locator('button[data-approve]').count()).toBe(1);
  }, 90_000);
});
