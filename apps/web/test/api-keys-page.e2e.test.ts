import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

it('a person creates a key with its scopes on the API keys page, sees it once, an agent uses it, and revoking it ends it', async () => {
  const token = await condor.trader('keys-page@example.com');
  const page = await (await browser.newContext()).newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  await page.goto(`${condor.baseUrl}/api-keys`);
  await logIn(page, 'keys-page@example.com');
  expect(new URL(page.url()).pathname).toBe('/api-keys');
  expect(await page.locator('[data-role="empty"]').count()).toBe(1);

  await page.fill('input[name="name"]', 'research agent');
  await page.check('input[name="scope_propose"]');
  await Promise.all([page.waitForURL(`${condor.baseUrl}/api-keys`), page.click('form[action="/api-keys"] button[type="submit"]')]);
  const key = (await page.locator('[data-role="api-key"]').inputValue()).trim();
  expect(key).toMatch(/^condor_sk_/);
  await page.screenshot({ path: screenshotPath('api-key-created.png') });

  const research = await condor.send('GET', '/v1/onboarding', undefined, key);
  expect(research.status).toBe(200);
  const confirm = await condor.send('POST', '/v1/proposals/7a1f8a4e-3b2c-4d6e-8f90-123456789abc/confirmation', {}, key);
  expect([confirm.status, confirm.body['error']]).toEqual([403, 'FORBIDDEN']);

  await page.goto(`${condor.baseUrl}/api-keys`);
  expect(await page.content()).not.toContain(key);
  expect(await page.locator('[data-role="scopes"]').innerText()).toBe('read, propose');
  await Promise.all([page.waitForURL(/revoked=1/), page.click('[data-revoke]')]);
  expect(await page.locator('[data-state="revoked"]').count()).toBe(1);
  await page.screenshot({ path: screenshotPath('api-keys-page.png') });
  const after = await condor.send('GET', '/v1/onboarding', undefined, key);
  expect([after.status, after.body['error']]).toEqual([401, 'SESSION_INVALID']);
  expect((await condor.send('GET', '/v1/api-keys', undefined, token)).body['api_keys']).toEqual([expect.objectContaining({ name: 'research agent', revoked_at: expect.any(String) as unknown })]);

  const files = ['condor.db', 'condor.db-wal'].map((f) => join(condor.server.dataDir, f)).filter((f) => existsSync(f));
  const database = files.map((f) => readFileSync(f).toString('latin1')).join('');
  expect(database).toContain('api_keys');
  for (const text of [condor.server.logs.join('\n'), database]) expect(text).not.toContain(key);
  expect(complaints).toEqual([]);
}, 60_000);
