import { FakePushService, SmtpSink, type ReceivedMail } from '@condor/testkit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, logIn } from './browser.js';
import { browserWithPush, turnOnNotifications, vapidKeys } from './push-stand-in.js';
import { Condor, PASSWORD } from './real-server.js';

/**
 * News on a real server process, told over a real SMTP conversation (the testkit's sink) and pushed to a push service
 * that decrypts what it gets: the verification mail at registration and its single-use link, security mail, news
 * mail once the address is verified and the person asked for it, a device forgotten when its push service answers
 * 410, the desk's list of what was sent — and nothing secret in any of it.
 */

const VAPID = vapidKeys();
const SMTP_PASSWORD = 'smtp-sink-password-7';
const EMAIL = 'news.person@example.com';
let condor: Condor;
let browser: Browser;
const pushService = new FakePushService();
const sink = new SmtpSink({ credentials: { user: 'condor', pass: SMTP_PASSWORD } });

beforeAll(async () => {
  const [, smtpPort] = await Promise.all([pushService.start(), sink.start()]);
  [condor, browser] = await Promise.all([
    Condor.start({
      CONDOR_VAPID_PRIVATE_KEY: VAPID.privateKey,
      CONDOR_NEWS_INTERVAL_MS: '200',
      CONDOR_SMTP_URL: `smtp://condor:${SMTP_PASSWORD}@127.0.0.1:${String(smtpPort)}`,
      CONDOR_MAIL_FROM: 'condor <condor@example.com>',
    }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser.close();
  await condor.stop();
  await Promise.all([pushService.stop(), sink.stop()]);
}, 30_000);

const mailsTo = (subject: RegExp): ReceivedMail[] => sink.messages.filter((m) => m.envelope.to.includes(EMAIL) && subject.test(m.subject));

it('mails the verification link, security news and chosen news; pushes until the device is gone; lists what was sent; tells no secret', async () => {
  const session = await condor.trader(EMAIL);

  // Registration mailed a single-use link that verifies the address, and nothing else.
  await expect.poll(() => mailsTo(/confirm your email address/).length, { timeout: 10_000 }).toBe(1);
  const verification = mailsTo(/confirm your email address/)[0]!;
  expect(verification.authenticatedUser).toBe('condor');
  expect(verification.headers['from']).toContain('condor@example.com');
  const link = /(https?:\/\/\S+\/verify-email\/\S+)/.exec(verification.text)?.[1] ?? '';
  const verifyToken = link.split('/').at(-1) ?? '';
  expect(verifyToken.length).toBeGreaterThan(20);

  const subscription = pushService.subscribe({ applicationServerKey: VAPID.publicKey });
  const { context } = await browserWithPush(browser, condor.baseUrl, subscription);
  const page = await context.newPage();
  await page.goto(link);
  expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Address verified');
  // Opened again (a mail scanner got there first, say), it only says so: the link changes nothing once used.
  await page.goto(link);
  expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Address verified');
  await page.goto(`${link.slice(0, -4)}AAAA`);
  expect(await page.locator('[data-role="message"] h1').innerText()).toBe('Address not verified');

  // The person turns notifications on, and asks for waiting proposals by mail too.
  await page.goto(`${condor.baseUrl}/settings`);
  await logIn(page, EMAIL);
  expect(await page.locator('[data-role="address"]').getAttribute('data-verified')).toBe('yes');
  await turnOnNotifications(page);
  await page.locator('tr[data-kind="proposal_waiting"] td:nth-child(3) input').check();
  await Promise.all([page.waitForURL(/notifications_saved=1/), page.click('[data-role="news-preferences"] button[type="submit"]')]);
  expect(await page.locator('tr[data-kind="proposal_waiting"] td:nth-child(3) input').isChecked()).toBe(true);

  // An API key that can trade: security news, mailed and pushed.
  const created = await condor.send('POST', '/v1/api-keys', { name: 'trading bot', scopes: ['read', 'propose', 'trade'] }, session);
  const apiKey = String(created.body['api_key']);
  await expect.poll(() => mailsTo(/An API key that can trade was created: “trading bot”/).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => pushService.received(subscription.endpoint).length, { timeout: 10_000 }).toBe(1);

  // The agent's proposal: pushed and, as chosen, mailed, each with the desk's link to its ticket.
  const first = await condor.propose(apiKey);
  await expect.poll(() => mailsTo(/Approve\? SPY iron condor/).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => pushService.received(subscription.endpoint).length, { timeout: 10_000 }).toBe(2);
  expect(mailsTo(/Approve\? SPY iron condor/)[0]?.text).toContain(`${condor.baseUrl}/desk/approvals/${first.proposalId}`);
  expect((pushService.received(subscription.endpoint)[1]?.payload as { url: string }).url).toBe(`${condor.baseUrl}/desk/approvals/${first.proposalId}`);

  // The browser unsubscribed behind condor's back: the push service answers 410 and condor forgets the device.
  pushService.unsubscribe(subscription.endpoint);
  const second = await condor.propose(apiKey, { dte_min: 36, dte_max: 60 });
  await expect.poll(() => pushService.requests.filter((r) => r.endpoint === subscription.endpoint && r.status === 410).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(async () => {
    await page.goto(`${condor.baseUrl}/settings`);
    return page.locator('[data-role="no-devices"]').count();
  }).toBe(1);
  await expect.poll(() => mailsTo(/Approve\? SPY iron condor/).length, { timeout: 10_000 }).toBe(2);

  // The desk lists what was sent, newest first, each with its link.
  await page.goto(`${condor.baseUrl}/`);
  const rows = page.locator('[data-role="desk-news"]');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
  expect(await page.locator(`[data-role="desk-notifications"] a[href="/desk/approvals/${second.proposalId}"]`).count()).toBeGreaterThan(0);

  // Nothing secret anywhere: the password, the API key, the session's token, the approval links' tokens, the verification
  // token (in its own mail only), the SMTP password and the VAPID private key.
  const approvalTokens = [first.approvalUrl, second.approvalUrl].map((url) => url.split('/').at(-1) ?? '');
  const secrets = [PASSWORD, apiKey, session, ...approvalTokens, SMTP_PASSWORD, VAPID.privateKey];
  const mails = sink.messages.map((m) => m.raw);
  const pushes = pushService.received(subscription.endpoint).map((p) => p.text);
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(8);
    for (const text of [...mails, ...pushes]) expect(text).not.toContain(secret);
  }
  for (const text of [...mails.filter((raw) => !/confirm your email address/.test(raw)), ...pushes]) expect(text).not.toContain(verifyToken);
  await context.close();
}, 120_000);
