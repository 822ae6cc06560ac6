import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localAlpaca } from '../../rest/test/local-alpaca.js';
import { launchBrowser, logIn, screenshotPath } from './browser.js';
import { localhostSite } from './localhost-site.js';
import { Condor, PASSWORD } from './real-server.js';

const EMAIL = 'live.passkey@example.com';
// The live Alpaca account prices on its own Alpaca market: the fake's, rendering the simulated market on the server's clock.
const local = localAlpaca('2026-02-10T15:00:00Z');
const alpaca = local.trading;
let condor: Condor;
let browser: Browser;
let site: string;
let token: string;

beforeAll(async () => {
  alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
  const alpacaEnv = await local.start();
  const localhost = await localhostSite();
  site = localhost.site;
  [condor, browser] = await Promise.all([
    Condor.start({ ...localhost.env, CONDOR_LIVE_TRADING_ENABLED: 'true', ...alpacaEnv }),
    launchBrowser(),
  ]);
  token = await liveTrader();
}, 90_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
  await local.stop();
}, 30_000);

/** Registered and onboarded through the API, with a live Alpaca account (the fake) connected; the agent's token. */
async function liveTrader(): Promise<string> {
  const ok = async (method: string, path: string, body?: unknown, bearer?: string) => {
    const answer = await condor.send(method, path, body, bearer);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  await ok('POST', '/v1/users', { email: EMAIL, password: PASSWORD });
  const t = String((await ok('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD }))['access_token']);
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await ok('GET', `/v1/legal-documents/${name}`, undefined, t);
  await ok('POST', '/v1/onboarding/eua-acceptance', {}, t);
  await ok('POST', '/v1/onboarding/risk-acknowledgement', {}, t);
  await ok('POST', '/v1/broker/keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, environment: 'live' }, t);
  expect((await ok('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'alpaca' }, t))['link']).toMatchObject({ environment: 'live', connected: true });
  return t;
}

const ordersAtAlpaca = (): number => alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders').length;

const credentialsOf = async (cdp: CDPSession, authenticatorId: string) => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

/** The person's passkey as their authenticator holds it (its private key and count), carried from one test's browser to the next. */
let held: Awaited<ReturnType<typeof credentialsOf>> = [];

/** Keeps what the authenticator holds now (its counts moved on with each use). */
async function keep(cdp: CDPSession, authenticatorId: string): Promise<void> {
  held = await credentialsOf(cdp, authenticatorId);
}

/** The person's browser, logged in, with a CDP virtual authenticator (user verification on) holding their passkey, once they have one. */
async function personsBrowser(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  for (const credential of held) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  await page.goto(`${site}/passkeys`);
  await logIn(page, EMAIL);
  return { context, page, cdp, authenticatorId };
}

/** Each proposal a week further out than the last: no two share a leg (a placed one would refuse the next). */
let week = 0;
const propose = () => {
  week += 1;
  return condor.propose(token, { dte_min: 14 + 7 * week, dte_max: 20 + 7 * week });
};

/** A live proposal the agent made, its approval page open and past the 5-second floor. */
async function openTicket(page: Page): Promise<{ proposalId: string; url: string }> {
  const { proposalId, approvalUrl } = await propose();
  const url = `${site}${new URL(approvalUrl).pathname}`;
  await page.goto(url);
  await page.locator('button[data-approve]:not([disabled])').waitFor({ timeout: 15_000 });
  return { proposalId, url };
}

/** Runs in an approval page: a passkey assertion made for `optionsFrom` (a token's options URL), posted to `postTo` as the form would. */
const POST_ASSERTION = `async ({ optionsFrom, postTo, userVerification, againAfterMs }) => {
  const csrf = document.querySelector('input[name="csrf_token"]').value;
  const answer = await fetch(optionsFrom, { method: 'POST', body: new URLSearchParams({ csrf_token: csrf }) });
  const { options } = await answer.json();
  if (userVerification) options.userVerification = userVerification;
  const response = await SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: options });
  const post = () => fetch(postTo, { method: 'POST', body: new URLSearchParams({ csrf_token: csrf, passkey_challenge: options.challenge, passkey_response: JSON.stringify(response) }) }).then(async (r) => ({ status: r.status, text: await r.text() }));
  const first = await post();
  if (againAfterMs === undefined) return [first];
  await new Promise((resolve) => setTimeout(resolve, againAfterMs));
  return [first, await post()];
}`;

/** Moves the person's passkeys to a new virtual authenticator that can or cannot verify them; its id. */
async function movePasskey(cdp: CDPSession, from: string, verifies: boolean): Promise<string> {
  const credentials = await credentialsOf(cdp, from);
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: from });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: verifies, isUserVerified: verifies },
  });
  for (const credential of credentials) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
  return authenticatorId;
}

/** What a post of the approval form answered. */
interface Posted {
  readonly status: number;
  readonly text: string;
}

/** Runs POST_ASSERTION in `page`: what each post answered. */
const postAssertion = (page: Page, args: { optionsFrom: string; postTo: string; userVerification?: string; againAfterMs?: number }): Promise<Posted[]> =>
  page.evaluate<Posted[]>(`(${POST_ASSERTION})(${JSON.stringify(args)})`);

const base64url = (base64: string): string => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

it('a person registers a passkey and approves a live order with it; the evidence names the passkey', async () => {
  const { context, page, cdp, authenticatorId } = await personsBrowser();
  await page.locator('[data-role="add-passkey"] button').waitFor({ state: 'visible' });
  await page.fill('#new-passkey-name', 'Laptop');
  await page.fill('#new-passkey-password', PASSWORD);
  await Promise.all([page.waitForURL(/added=1/), page.click('[data-role="add-passkey"] button')]);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  const { proposalId } = await openTicket(page);
  expect(await page.locator('[data-role="passkey-needed"]').innerText()).toContain('real-money account');
  expect(await page.locator('button[data-approve]').innerText()).toBe('Approve with passkey');
  await page.screenshot({ path: screenshotPath('approve-with-passkey.png'), fullPage: true });
  await Promise.all([page.waitForURL(/\/approve$/), page.click('button[data-approve]')]);
  expect(await page.title()).toContain('Order placed');
  expect(ordersAtAlpaca()).toBe(1);
  expect(await page.locator('[data-role="evidence"]').getAttribute('data-method')).toBe('passkey');
  expect(await page.locator('[data-role="approved-passkey"]').innerText()).toBe(base64url(credentials[0]!.credentialId));
  const stored = await condor.proposal(token, proposalId);
  expect(stored['approval']).toMatchObject({ method: 'passkey', credential_id: base64url(credentials[0]!.credentialId) });
  await keep(cdp, authenticatorId);
  await context.close();
}, 90_000);

it('with user verification off, with another proposal’s assertion, or replayed, a live order is refused and nothing is placed', async () => {
  const { context, page, cdp, authenticatorId } = await personsBrowser();
  const before = ordersAtAlpaca();
  const first = await openTicket(page);
  const second = await propose();
  const secondPath = new URL(second.approvalUrl).pathname;
  const firstPath = new URL(first.url).pathname;

  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.click('button[data-approve]');
  await page.locator('[data-role="step-up-status"][data-state="refused"]').waitFor();
  expect(await page.locator('button[data-approve]').isEnabled()).toBe(true);
  // Chrome refuses at once when verification is required; a page asking for less, from an authenticator that cannot
  // verify anyone (holding the same passkey), gets an assertion without the UV flag, which condor refuses.
  const unverifying = await movePasskey(cdp, authenticatorId, false);
  const [unverified] = await postAssertion(page, { optionsFrom: `${firstPath}/passkey`, postTo: `${firstPath}/approve`, userVerification: 'discouraged' });
  expect([unverified!.status, unverified!.text]).toEqual([403, expect.stringContaining('did not verify you')]);
  const verifying = await movePasskey(cdp, unverifying, true);

  const [elsewhere] = await postAssertion(page, { optionsFrom: `${secondPath}/passkey`, postTo: `${firstPath}/approve` });
  expect([elsewhere!.status, elsewhere!.text]).toEqual([403, expect.stringContaining('made for something else')]);

  // Replayed: a proposal made just now, its assertion posted before the 5-second floor (refused, "too early"), then again once it has passed.
  const third = new URL((await propose()).approvalUrl).pathname;
  const [early, replayed] = await postAssertion(page, { optionsFrom: `${third}/passkey`, postTo: `${third}/approve`, againAfterMs: 5_500 });
  expect([early!.status, early!.text]).toEqual([422, expect.stringContaining('Too early')]);
  expect([replayed!.status, replayed!.text]).toEqual([403, expect.stringContaining('already used or never started')]);
  expect(ordersAtAlpaca()).toBe(before);
  for (const id of [first.proposalId, second.proposalId]) expect((await condor.proposal(token, id))['approval']).toBeNull();

  // The same person with a fresh assertion approves it: the refusals were about the assertions.
  const [fresh] = await postAssertion(page, { optionsFrom: `${secondPath}/passkey`, postTo: `${secondPath}/approve` });
  expect(fresh!.status).toBe(200);
  expect(ordersAtAlpaca()).toBe(before + 1);
  await keep(cdp, verifying);
  await context.close();
}, 90_000);

it('a script with the password and no authenticator can neither approve a live order nor add a passkey without the password', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site}/login`);
  await logIn(page, EMAIL);
  const before = ordersAtAlpaca();
  const { url } = await openTicket(page);
  // No passkey to answer with: the script posts the form as it is.
  await Promise.all([page.waitForURL(`${url}/approve`), page.evaluate(`document.querySelector('form[data-step-up]').submit()`)]);
  expect(await page.locator('[data-role="message"][data-code="CONFIRM_BLOCKED"]').innerText()).toContain('passkey');
  expect(ordersAtAlpaca()).toBe(before);

  const added = await page.evaluate(`(async () => {
    const csrf = document.querySelector('input[name="csrf_token"]').value;
    const answer = await fetch('/passkeys/register/options', { method: 'POST', body: new URLSearchParams({ csrf_token: csrf }) });
    return { status: answer.status, body: await answer.json() };
  })()`);
  expect(added).toEqual({ status: 403, body: { reason: 'password_needed', error: expect.stringContaining('password') as unknown } });
  await context.close();
}, 90_000);

it('the API keys page asks for the passkey before it makes a key with the trade scope, and not for one without', async () => {
  const { context, page, cdp, authenticatorId } = await personsBrowser();
  await page.goto(`${site}/api-keys`);
  expect(await page.locator('[data-role="trade-needs-passkey"]').count()).toBe(1);
  await page.fill('#name', 'trading agent');
  await page.check('input[name="scope_trade"]');
  await Promise.all([page.waitForURL(`${site}/api-keys`), page.click('form[action="/api-keys"] button[type="submit"]')]);
  expect(await page.locator('[data-role="api-key"]').inputValue()).toMatch(/^condor_sk_/);
  const used = (await credentialsOf(cdp, authenticatorId))[0]!.signCount;
  expect(used).toBeGreaterThan(held[0]!.signCount);

  await page.goto(`${site}/api-keys`);
  await page.fill('#name', 'reader');
  await Promise.all([page.waitForURL(`${site}/api-keys`), page.click('form[action="/api-keys"] button[type="submit"]')]);
  expect(await page.locator('[data-role="api-key"]').inputValue()).toMatch(/^condor_sk_/);
  expect((await credentialsOf(cdp, authenticatorId))[0]!.signCount).toBe(used);
  await keep(cdp, authenticatorId);
  await context.close();
}, 90_000);
