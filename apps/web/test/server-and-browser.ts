import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { Condor } from './real-server.js';

/** What a browser test file runs against. */
export interface ServerAndBrowser {
  readonly condor: Condor;
  readonly browser: Browser;
}

/**
 * The real server process and a headless chromium for the tests of one file: both started before its first test,
 * both stopped after its last. Read them inside a test, once `beforeAll` has run.
 *
 * @example const running = serverAndBrowser(); it('…', async () => { const { condor, browser } = running; … });
 */
export function serverAndBrowser(): ServerAndBrowser {
  let started: ServerAndBrowser | undefined;
  beforeAll(async () => {
    const [condor, browser] = await Promise.all([Condor.start(), launchBrowser()]);
    started = { condor, browser };
  }, 60_000);
  afterAll(async () => {
    await started?.browser.close();
    await started?.condor.stop();
  }, 30_000);
  const running = (): ServerAndBrowser => {
    if (started === undefined) throw new Error('serverAndBrowser: read inside a test, after beforeAll');
    return started;
  };
  return {
    get condor() {
      return running().condor;
    },
    get browser() {
      return running().browser;
    },
  };
}
