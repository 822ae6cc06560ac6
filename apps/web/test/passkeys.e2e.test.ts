import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { localhostSite } from './localhost-site.js';
import { Condor, PASSWORD } from './real-server.js';

let condor: Condor;
let browser: Browser;
let site: string;

beforeAll(async () => {
  const localhost = await localhostSite();
  site = localhost.site;
  [condor, browser] = await Promise.all([Condor.start(localhost.env), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
}, 30_000);

/** A logged-in page on /passkeys with a CDP virtual authenticator that does or does not verify the person. */
async function personWithAuthenticator(email: string, isUserVerified: boolean): Promise<{ context: BrowserContext; page: Page; complaints: string[]; cdp: CDPSession; authenticatorId: string }> {
  const created = await condor.send('POST', '/v1/users', { email, password: PASSWORD });
  expect(created.status).toBe(200);
  const context = await browser.newContext();
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') complaints.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified },
  });
  await page.goto(`${site}/passkeys`);
  await logIn(page, email);
  expect(new URL(page.url()).pathname).toBe('/passkeys');
  return { context, page, complaints, cdp, authenticatorId };
}

const names = async (page: Page): Promise<string[]> => Promise.all((await page.locator('[data-role="passkey-name"]').all()).map((input) => input.inputValue()));

/** Runs in the page: asks for creation options, lowers them to `discouraged`, and posts the credential the browser made. */
const REGISTER_WITHOUT_VERIFICATION = `(async () => {
  const csrf = document.querySelector('[data-role="add-passkey"]').dataset.csrf;
  const post = (path, fields) => fetch(path, { method: 'POST', body: new URLSearchParams({ csrf_token: csrf, ...fields }) });
  const { options } = await (await post('/passkeys/register/options', { password: ${JSON.stringify(PASSWORD)} })).json();
  options.authenticatorSelection.userVerification = 'discouraged';
  const response = await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options });
  const refused = await post('/passkeys/register', { name: 'Unverified', challenge: options.challenge, response: JSON.stringify(response) });
  return { status: refused.status, body: await refused.json() };
})()`;

it('a person adds a passkey, names it and sees it listed; the last one goes only with the password', async () => {
  const { context, page, complaints } = await personWithAuthenticator('passkeys@example.com', true);
  expect(await page.locator('[data-role="empty"]').count()).toBe(1);
  await page.locator('[data-role="add-passkey"] button').waitFor({ state: 'visible' });
  await page.fill('#new-passkey-name', 'Laptop');
  await page.click('[data-role="add-passkey"] button');
  const refused = page.locator('[data-role="add-status"][data-state="refused"]');
  await refused.waitFor();
  expect(await refused.innerText()).toContain('Enter your password');
  expect(await page.locator('[data-role="empty"]').count()).toBe(1);
  await page.fill('#new-passkey-password', PASSWORD);
  await Promise.all([page.waitForURL(/added=1/), page.click('[data-role="add-passkey"] button')]);
  expect(await names(page)).toEqual(['Laptop']);
  expect(await page.locator('[data-role="created"]').innerText()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  expect(await page.locator('[data-role="last-used"]').innerText()).toBe('never used');

  await page.fill('[data-role="passkey-name"]', 'Work laptop');
  await Promise.all([page.waitForURL(/renamed=1/), page.click('[data-rename]')]);
  expect(await names(page)).toEqual(['Work laptop']);
  await page.screenshot({ path: screenshotPath('passkeys.png') });

  await Promise.all([page.waitForURL(`${site}/passkeys/remove`), page.click('[data-remove]')]);
  expect(await page.locator('[data-role="passkeys-error"]').innerText()).toContain('Enter your password');
  expect(await names(page)).toEqual(['Work laptop']);
  await page.fill('input[name="password"]', 'not the password');
  await Promise.all([page.waitForURL(`${site}/passkeys/remove`), page.click('[data-remove]')]);
  expect(await page.locator('[data-role="passkeys-error"]').innerText()).toContain('password is not right');
  expect(await names(page)).toEqual(['Work laptop']);

  await page.fill('input[name="password"]', PASSWORD);
  await Promise.all([page.waitForURL(/removed=1/), page.click('[data-remove]')]);
  expect(await page.locator('[data-role="empty"]').count()).toBe(1);
  expect(complaints.filter((c) => !c.includes('403'))).toEqual([]);
  await context.close();
}, 60_000);

it('an authenticator that does not verify the person adds no passkey', async () => {
  const { context, page, cdp, authenticatorId } = await personWithAuthenticator('unverified@example.com', false);
  await page.locator('[data-role="add-passkey"] button').waitFor({ state: 'visible' });
  await page.fill('#new-passkey-password', PASSWORD);
  await page.click('[data-role="add-passkey"] button');
  const status = page.locator('[data-role="add-status"][data-state="refused"]');
  await status.waitFor();
  expect(await status.innerText()).toMatch(/nothing was (done|added)/);

  // Chrome refuses at once when verification is required; a page asking for less, from an authenticator that cannot
  // verify anyone, gets a credential without the UV flag, which condor refuses.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: false, isUserVerified: false },
  });
  const answer = await page.evaluate(REGISTER_WITHOUT_VERIFICATION);
  expect(answer).toEqual({ status: 400, body: { reason: 'user_not_verified', error: expect.stringContaining('did not verify you') as unknown } });
  await page.reload();
  expect(await page.locator('[data-role="empty"]').count()).toBe(1);
  await context.close();
}, 60_000);

it('without JavaScript the page lists passkeys and says adding one needs JavaScript', async () => {
  await condor.send('POST', '/v1/users', { email: 'no-js@example.com', password: PASSWORD });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site}/passkeys`);
  await logIn(page, 'no-js@example.com');
  expect(await page.locator('[data-role="needs-js"]').innerText()).toContain('needs JavaScript');
  expect(await page.locator('[data-role="add-passkey"]').isVisible()).toBe(false);
  await context.close();
}, 60_000);
