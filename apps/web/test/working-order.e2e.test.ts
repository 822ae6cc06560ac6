import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { Condor } from './real-server.js';

/**
 * Issue 28 in a real browser: a person approves a price band on the approval page; condor walks the order (the
 * simulated broker fills within a cent of the mid, so a band starting 20 cents better than the mid fills only at its
 * last price); the page, reloaded, and get_positions show every step.
 */

let condor: Condor;
let browser: Browser;

beforeAll(async () => {
  [condor, browser] = await Promise.all([Condor.start(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
}, 30_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a person approves a band; the order walks and fills at its last price; the page and get_positions show each step', async () => {
  const token = await condor.trader('walker@example.com');
  const found = await condor.send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 35 }, token);
  const [candidate] = found.body['candidates'] as { net_credit: number }[];
  const mid = -candidate!.net_credit;
  const pricing = { mode: 'fast', start_price: Math.round((mid - 0.2) * 100) / 100, worst_price: Math.round((mid + 0.03) * 100) / 100 };
  const proposed = await condor.send('POST', '/v1/proposals/entries', { candidate, qty: 1, pricing }, token, { 'x-batch-id': 'walk-page' });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  const approvalUrl = new URL(String(proposed.body['approval_url']), condor.baseUrl).href;
  const positionId = String(proposed.body['position_id']);
  const steps = ((proposed.body['details'] as Record<string, unknown>)['pricing'] as { steps: number[] }).steps;
  expect(steps).toHaveLength(3);

  const page = await (await browser.newContext()).newPage();
  await page.goto(approvalUrl);
  await logIn(page, 'walker@example.com');
  expect(await page.locator('[data-role="band-sentence"]').isVisible()).toBe(true);
  await pause(5_100);
  await Promise.all([page.waitForLoadState('load'), page.click('button[data-approve]')]);
  expect(await page.locator('[data-role="approved-band"]').count()).toBe(1);

  // The walk: reload the page until the order has filled.
  for (let waited = 0; (await page.locator('section[data-role="working-order"]').getAttribute('data-status')) !== 'filled'; waited += 1_000) {
    if (waited > 40_000) throw new Error('the order did not fill within the walk');
    await pause(1_000);
    await page.reload();
  }
  const shown = await Promise.all((await page.locator('[data-role="working-steps"] li').all()).map(async (li) => Number(await li.getAttribute('data-limit'))));
  expect(shown).toEqual(steps);
  expect(await page.locator('[data-role="working-filled"]').innerText()).toBe('1 of 1 condor filled');
  await page.screenshot({ path: screenshotPath('working-order-filled.png'), fullPage: true });

  const positions = (await condor.send('GET', `/v1/positions?position_id=${positionId}`, undefined, token)).body['positions'] as Record<string, unknown>[];
  expect(positions[0]).toMatchObject({ status: 'open', entry_credit: -steps[2]! });
  type Walked = { position_id: string | null; status: string; limit_price: number; working_order: { price_steps: { limit_price: number }[] } | null };
  const orders = ((await condor.orders(token)) as unknown as Walked[]).filter((o) => o.position_id === positionId);
  expect(orders.map((o) => [o.status, o.limit_price])).toEqual([
    ['filled', steps[2]],
    ['replaced', steps[1]],
    ['replaced', steps[0]],
  ]);
  expect(orders[0]?.working_order?.price_steps.map((s) => s.limit_price)).toEqual(steps);
}, 90_000);
