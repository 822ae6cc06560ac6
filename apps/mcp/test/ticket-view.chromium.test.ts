import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanServices, MCP_APPS, ordersOf, proposalOf, proposer, type Proposer } from './approval-world.js';
import { connectHttp, expectToolOk, httpHandlerFor, type Connected } from './support.js';
import { CANDIDATE } from './trading-world.js';

/** Debian's chromium (.ci/run installs it); CONDOR_CHROMIUM names another, as for apps/web's browser tests. */
const CHROMIUM_PATH = process.env.CONDOR_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const HOST_ENTRY = fileURLToPath(new URL('./browser-host/host.ts', import.meta.url));
const TICKET = 'ui://condor/ticket.html';

interface HostWindow {
  condorShow(html: string, result: CallToolResult): Promise<void>;
  condorCalls: string[];
}

let browser: Browser;
let hostScript: string;

beforeAll(async () => {
  const bundled = await build({ entryPoints: [HOST_ENTRY], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'silent' });
  hostScript = bundled.outputFiles[0]?.text ?? '';
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS, timeout: 60_000 });
}, 60_000);

afterAll(async () => {
  await browser.close();
});

/** A person's MCP host (2026-07-28, MCP Apps declared) showing the ticket of a fresh proposal in headless Chromium. */
async function showTicket(): Promise<{ services: ReturnType<typeof humanServices>; ann: Proposer; host: Connected; page: Page; view: FrameLocator; answer: Record<string, unknown> }> {
  const services = humanServices();
  const ann = await proposer(services);
  const host = await connectHttp(httpHandlerFor(services), 'modern', MCP_APPS);
  host.bearer = ann.token;
  const proposed = await host.call('propose_entry', { candidate: CANDIDATE, qty: 1 });
  const answer = expectToolOk(proposed);
  services.clock.advance(5_000);
  const [content] = (await host.client.readResource({ uri: TICKET })).contents;
  const html = content !== undefined && 'text' in content ? content.text : '';

  const page = await browser.newPage();
  await page.exposeFunction('condorCallTool', async (name: string, args: Record<string, unknown>) => JSON.stringify(await host.call(name, args)));
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: hostScript });
  await page.evaluate(([view, result]) => (globalThis as unknown as HostWindow).condorShow(view, result), [html, proposed] as const);
  const view = page.frameLocator('iframe');
  await view.locator('article.ticket').waitFor({ timeout: 15_000 });
  return { services, ann, host, page, view, answer };
}

const calls = (page: Page): Promise<string[]> => page.evaluate(() => (globalThis as unknown as HostWindow).condorCalls);

describe('the ticket view in headless Chromium, inside a test host’s sandboxed iframe', () => {
  it('shows the proposal the tool result carries: headline, legs, price, risk, account, time left and the payoff chart', async () => {
    const { view, answer, page } = await showTicket();
    const ticket = answer.ticket as { headline: string; price_words: string; legs: unknown[]; account: { words: string } };

    expect(await view.locator('h1').textContent()).toBe(ticket.headline);
    expect(await view.locator('.legs li').count()).toBe(ticket.legs.length);
    const facts = (await view.locator('.facts').textContent()) ?? '';
    expect(facts).toContain(ticket.price_words);
    expect(facts).toContain('Max loss');
    expect(facts).toContain(ticket.account.words);
    expect(facts).toMatch(/Time left\d+ seconds?|Time left\d+ minutes?/);
    expect(await view.locator('.chart svg polyline[data-role="curve"]').count()).toBe(1);
    expect(await view.locator('.chart svg [data-role="breakeven"] text').count()).toBeGreaterThan(0);
    expect(await view.locator('button[data-action="approve"]').isEnabled()).toBe(true);
    // The band beside Approve, in core's words; the walk and both ends on the ticket; both curves on the chart.
    const band = (answer.ticket as { band: { words: string; walk_words: string; approve_words: string; rows: unknown[] } }).band;
    expect(await view.locator('.band-sentence').textContent()).toBe(band.words);
    expect(await view.locator('.band-walk').textContent()).toBe(band.walk_words);
    expect(await view.locator('.band-effect tbody tr').count()).toBe(band.rows.length);
    expect(band.rows.length).toBeGreaterThan(0);
    const describedBy = await view.locator('button[data-action="approve"]').getAttribute('aria-describedby');
    expect(await view.locator(`[id="${describedBy ?? ''}"]`).textContent()).toBe(band.approve_words);
    expect(await view.locator('.chart svg [data-role="curve-worst"]').count()).toBe(1);
    expect(await calls(page)).toEqual([]);
    if (process.env.CONDOR_TICKET_SCREENSHOT !== undefined) await page.screenshot({ path: process.env.CONDOR_TICKET_SCREENSHOT, fullPage: true });
    await page.close();
  });

  it('Approve calls approve_proposal through the host and places exactly one order, evidence app', async () => {
    const { services, ann, view, page, answer } = await showTicket();

    await view.locator('button[data-action="approve"]').dblclick();
    await view.locator('article.ticket[data-outcome="approved"]').waitFor({ timeout: 15_000 });

    expect(await view.locator('.outcome').textContent()).toContain('Approved and sent to the broker');
    expect(await calls(page)).toEqual(['approve_proposal']);
    expect(ordersOf(services, ann.userId)).toBe(1);
    const proposal = await proposalOf({ ...ann, proposalId: answer.proposal_id as string });
    expect(proposal.approval).toMatchObject({ method: 'app', client: 'condor-test/1.0.0', band: { words: expect.stringMatching(/^a credit of \$\d+\.\d\d down to \$\d+\.\d\d per share$/) as unknown } });
    await page.close();
  });

  it('Reject calls reject_proposal and places nothing', async () => {
    const { services, ann, view, page, answer } = await showTicket();

    await view.locator('button[data-action="reject"]').click();
    await view.locator('article.ticket[data-outcome="rejected"]').waitFor({ timeout: 15_000 });

    expect(await view.locator('.outcome').textContent()).toContain('Rejected: nothing will be placed.');
    expect(await calls(page)).toEqual(['reject_proposal']);
    expect(ordersOf(services, ann.userId)).toBe(0);
    expect((await proposalOf({ ...ann, proposalId: answer.proposal_id as string })).status).toBe('rejected');
    await page.close();
  });
});
