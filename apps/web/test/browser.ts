import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PASSWORD } from './real-server.js';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it); CONDOR_CHROMIUM names another. */
export const CHROMIUM_PATH = process.env.CONDOR_CHROMIUM ?? '/usr/bin/chromium';

/** What makes chromium start headless in a container, and stay off the network but for the pages it is sent to. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A headless chromium driven by playwright-core, on a fresh profile (Playwright makes a temporary user-data-dir
 * per launch and removes it on close). Each test opens its own `browser.newContext()`: its own cookies. `extraArgs`
 * add switches, e.g. `--host-resolver-rules=MAP condor.test 127.0.0.1` for a public name served on loopback.
 *
 * @example const browser = await launchBrowser(); const page = await (await browser.newContext()).newPage();
 */
export const launchBrowser = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...FLAGS, ...extraArgs], timeout: 60_000 });

/** Fills in condor's HTML login form on `page` (already showing it) and waits for where it leads. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login' || url.search === ''), page.click('form[action="/login"] button[type="submit"]')]);
}

/**
 * Where screenshots go: CONDOR_SCREENSHOTS (e.g. `docs/screenshots`, relative to the repository) when set, so a
 * plain test run leaves the committed ones alone; a temporary folder otherwise.
 */
export function screenshotPath(name: string): string {
  const dir = process.env.CONDOR_SCREENSHOTS === undefined ? join(tmpdir(), 'condor-screenshots') : resolve(import.meta.dirname, '../../..', process.env.CONDOR_SCREENSHOTS);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
