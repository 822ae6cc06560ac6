import { FakeBrokers } from '@condor/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn } from './browser.js';
import { PASSWORD, pagesHarness, type Harness } from './pages-harness.js';
import { serveApp, type ServedApp } from './serve-app.js';

const CLIENT_SECRET = 'tt-client-secret-e2e-0f1e2d3c4b5a69788796a5b4';
/** A JWT-like refresh token of 2,000 characters, far past the 256 Alpaca's keys needed. */
const REFRESH_TOKEN = `eyJhbGciOiJFZERTQSJ9.${'R'.repeat(1400)}.${'S'.repeat(578)}`;
const ACCOUNTS = [
  { accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true },
  { accountNumber: '5WT00002', description: 'Roth IRA cash account', canTrade: true },
  { accountNumber: '5WT00003', description: 'Joint margin account (read-only)', canTrade: false },
];

const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'tastytrade'] });
let h: Harness;
let served: ServedApp;
let browser: Browser;

beforeAll(async () => {
  h = pagesHarness({ brokers });
  [served, browser] = await Promise.all([serveApp((request) => h.app.fetch(request)), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await served.stop();
}, 30_000);

it('the keys page with tastytrade chosen takes client_secret and a 2,000-character refresh_token, then offers the login’s accounts; the one chosen ends on the link, and neither secret is in any page or log line', async () => {
  expect(REFRESH_TOKEN).toHaveLength(2_000);
  const ann = await h.trader('tasty@example.com');
  brokers.setLoginAccounts(ann.userId, ACCOUNTS);
  const link = await h.call('get_broker_keys_link', {}, ann.apiToken);
  const url = `${served.baseUrl}${new URL(String(link['url'])).pathname}`;

  const page = await (await browser.newContext()).newPage();
  const seen: string[] = [];
  page.on('response', (response) => {
    seen.push(`${response.url()} ${JSON.stringify(response.headers())}`);
    void response.text().then((body) => seen.push(body), () => undefined);
  });
  await page.goto(url);
  await logIn(page, 'tasty@example.com', PASSWORD);
  expect(page.url()).toBe(url);

  await Promise.all([page.waitForURL(`${url}?broker=tastytrade`), page.click('[data-role="brokers"] a[data-broker="tastytrade"]')]);
  const form = page.locator('form[action^="/broker-keys/"]');
  expect(await form.locator('input[name="broker"]').getAttribute('value')).toBe('tastytrade');
  expect(await form.locator('input[name="api_key"], input[name="api_secret"]').count()).toBe(0);
  for (const name of ['client_secret', 'refresh_token']) {
    const input = form.locator(`input[name="${name}"]`);
    expect(await input.getAttribute('type')).toBe('password');
    expect(Number(await input.getAttribute('maxlength') ?? Infinity)).toBeGreaterThanOrEqual(4_096);
  }
  expect(await page.locator('label[for="client_secret"]').innerText()).toBe('OAuth client secret');
  expect(await form.locator('fieldset').innerText()).toContain('tastytrade’s sandbox');

  await page.fill('input[name="client_secret"]', CLIENT_SECRET);
  await page.fill('input[name="refresh_token"]', REFRESH_TOKEN);
  expect(await page.inputValue('input[name="refresh_token"]')).toHaveLength(2_000);
  await Promise.all([page.waitForURL(url), form.locator('button[type="submit"]').click()]);
  expect(await page.locator('[data-role="key-hint"]').innerText()).toBe(`…${CLIENT_SECRET.slice(-4)}`);
  const offered = page.locator('form[action="/broker-account"] input[name="account_number"]');
  expect(await Promise.all((await offered.all()).map((input) => input.getAttribute('value')))).toEqual(['5WT00001', '5WT00002']);
  expect(await page.locator('[data-role="accounts"]').innerText()).toContain('Roth IRA cash account');
  const pages = [await page.content()];

  await page.check('input[name="account_number"][value="5WT00002"]');
  await Promise.all([page.waitForURL(`${served.baseUrl}/broker-account`), page.click('form[action="/broker-account"] button[type="submit"]')]);
  expect(await page.locator('[data-role="account-number"]').innerText()).toBe('5WT00002');
  pages.push(await page.content());
  await page.waitForLoadState('networkidle');

  const stored = await h.services.brokerLinks.get(ann.userId);
  expect(stored).toMatchObject({ broker: 'tastytrade', environment: 'paper', accountNumber: '5WT00002', connectedAt: null });
  const connected = await h.call('connect_broker', { authorization_confirmed: true }, ann.apiToken);
  expect(connected['link']).toMatchObject({ broker: 'tastytrade', connected: true, account_number: '5WT00002' });
  expect(brokers.opened.at(-1)?.credentials).toEqual({ kind: 'tastytrade', clientSecret: CLIENT_SECRET, refreshToken: REFRESH_TOKEN, accountNumber: '5WT00002' });

  const log = JSON.stringify(h.services.logger.lines);
  for (const text of [...pages, seen.join('\n'), log, JSON.stringify(stored)]) {
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(REFRESH_TOKEN.slice(0, 60));
    expect(text).not.toContain('R'.repeat(100));
  }
  expect(seen.join('\n')).toContain('5WT00002');
}, 60_000);
