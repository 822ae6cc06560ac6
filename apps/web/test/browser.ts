import { chromium, type Browser } from 'playwright-core';

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
 * per launch and removes it on close). Each test opens its own `browser.newContext()`: its own cookies.
 *
 * @example const browser = await launchBrowser(); const page = await (await browser.newContext()).newPage();
 */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS, timeout: 60_000 });
