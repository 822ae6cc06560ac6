import { expect, it } from 'vitest';
import { logIn } from './browser.js';
import { serverAndBrowser } from './server-and-browser.js';

/** An approval link outlives its proposal's 60 seconds only to say so (its own file: it waits a minute, in parallel with the others). */

const running = serverAndBrowser();

it('an expired link says so: the countdown turns Approve off, a late Approve is refused, and the page says expired', async () => {
  const { condor, browser } = running;
  const token = await condor.trader('late@example.com');
  const { approvalUrl } = await condor.propose(token);
  const proposedAt = Date.now();
  const withScript = await (await browser.newContext()).newPage();
  const withoutScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  for (const page of [withScript, withoutScript]) {
    await page.goto(approvalUrl);
    await logIn(page, 'late@example.com');
    expect(page.url()).toBe(approvalUrl);
  }

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, proposedAt + 61_000 - Date.now())));
  // The page counts the seconds it was rendered with (rounded up) from when it loaded, so it may turn a moment
  // after the server's expiry, never before: poll for it rather than read it at one instant.
  await expect.poll(() => withScript.locator('button[data-approve]').innerText(), { timeout: 3_000 }).toBe('Expired');
  expect(await withScript.locator('button[data-approve]').isDisabled()).toBe(true);

  const [late] = await Promise.all([withoutScript.waitForResponse(`${approvalUrl}/approve`), withoutScript.click('button[data-approve]')]);
  expect(late.status()).toBe(410);
  expect(await withoutScript.locator('[data-role="message"] h1').innerText()).toBe('This proposal has expired');

  const reopened = await withScript.goto(approvalUrl);
  expect(reopened?.status()).toBe(410);
  expect(await withScript.locator('[data-status]').getAttribute('data-status')).toBe('expired');
  expect(await withScript.locator('[data-role="decided"]').innerText()).toMatch(/expired/);
  expect(await withScript.locator('button[data-approve]').count()).toBe(0);
  expect(await condor.orders(token)).toEqual([]);
}, 120_000);
