import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { logIn } from './browser.js';
import { serverAndBrowser } from './server-and-browser.js';

const API_KEY = 'PKBROWSERKEY12345678';
const API_SECRET = 'browser-secret-9f8e7d6c5b4a3921';

const running = serverAndBrowser();

it('a broker-keys link takes the key pair in a form and shows only its hint: neither value in any page, redirect, log line or the database', async () => {
  const { condor, browser } = running;
  const token = await condor.trader('keys@example.com');
  const link = await condor.send('POST', '/v1/broker/keys-link', {}, token);
  expect(link.status).toBe(200);
  const url = new URL(String(link.body['url']), condor.baseUrl).href;

  const page = await (await browser.newContext()).newPage();
  const seen: string[] = [];
  page.on('response', (response) => {
    seen.push(`${response.url()} ${JSON.stringify(response.headers())}`);
    void response.text().then((body) => seen.push(body), () => undefined);
  });
  await page.goto(url);
  await logIn(page, 'keys@example.com');
  expect(page.url()).toBe(url);
  expect(await page.locator('input[name="api_secret"]').getAttribute('type')).toBe('password');
  await page.fill('input[name="api_key"]', API_KEY);
  await page.fill('input[name="api_secret"]', API_SECRET);
  await Promise.all([page.waitForURL(url), page.click('form[action^="/broker-keys/"] button[type="submit"]')]);
  expect(await page.locator('[data-role="key-hint"]').innerText()).toBe('…5678');
  const html = await page.content();
  await page.waitForLoadState('networkidle');

  const files = ['condor.db', 'condor.db-wal'].map((f) => join(condor.server.dataDir, f)).filter((f) => existsSync(f));
  const database = files.map((f) => readFileSync(f).toString('latin1')).join('');
  expect(database).toContain('broker_links');
  for (const text of [html, seen.join('\n'), condor.server.logs.join('\n'), database]) {
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(API_SECRET);
  }
  expect(seen.join('\n')).toContain('…5678');

  const used = await page.goto(url);
  expect(used?.status()).toBe(404);
}, 60_000);
