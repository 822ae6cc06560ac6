import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { Condor } from './real-server.js';

let condor: Condor;
let browser: Browser;

beforeAll(async () => {
  [condor, browser] = await Promise.all([Condor.start(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
}, 30_000);

type Pricing = { mode: string; start_price: number; worst_price: number; steps: number[] };
const pricingOf = (proposal: Record<string, unknown>): Pricing => (proposal['details'] as { pricing: Pricing }).pricing;

it("a person sets their default price band on the settings page; the agent's next proposal walks that band, and a bad value changes nothing", async () => {
  const token = await condor.trader('settings-page@example.com');
  const before = pricingOf(await condor.proposal(token, (await condor.propose(token)).proposalId));
  expect(before.mode).toBe('normal');

  const page = await (await browser.newContext()).newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  await page.goto(`${condor.baseUrl}/settings`);
  await logIn(page, 'settings-page@example.com');
  expect(new URL(page.url()).pathname).toBe('/settings');

  await page.fill('input[name="worst_from_mid"]', '0.125');
  await Promise.all([page.waitForLoadState('load'), page.click('form[action="/settings/pricing"] button[type="submit"]')]);
  expect(await page.locator('[data-role="settings-error"]').innerText()).toContain('whole cents');
  // The refused form is answered 422, which the browser reports; nothing else may complain.
  expect(complaints.splice(0)).toEqual([expect.stringContaining('status of 422')]);
  expect([await page.locator('select[name="mode"]').inputValue(), await page.locator('input[name="worst_from_mid"]').inputValue()]).toEqual(['', '']);

  await page.selectOption('select[name="mode"]', 'fast');
  await page.fill('input[name="worst_from_mid"]', '0.02');
  await Promise.all([page.waitForURL(/saved=1/), page.click('form[action="/settings/pricing"] button[type="submit"]')]);
  expect(await page.locator('[data-role="notice"]').count()).toBe(1);
  expect(await page.locator('select[name="mode"]').inputValue()).toBe('fast');
  expect(await page.locator('input[name="worst_from_mid"]').inputValue()).toBe('0.02');
  await page.screenshot({ path: screenshotPath('settings-page.png') });

  const after = pricingOf(await condor.proposal(token, (await condor.propose(token)).proposalId));
  expect(after.mode).toBe('fast');
  expect(after.steps.length).toBeLessThanOrEqual(3);
  // Two cents toward the natural at most (less only where the natural price is nearer).
  expect(after.worst_price - after.start_price).toBeLessThanOrEqual(0.02 + 1e-9);
  expect(after.worst_price - after.start_price).toBeGreaterThan(0);
  expect(complaints, complaints.join('\n')).toEqual([]);
}, 90_000);
