import type { Context } from 'hono';
import { markup } from './markup.js';
import { renderMessage } from './message.js';
import { sendPage } from './send-page.js';

/** The HTTP failures a page address can meet before any page answers it: no such page, a method it does not take, too much sent. */
export type PageStatus = 404 | 405 | 413;

const WORDS: Readonly<Record<PageStatus, { readonly heading: string; readonly text: string }>> = {
  404: { heading: 'Page not found', text: 'condor has no page at this address. Your desk lists what is waiting for you.' },
  405: { heading: 'Not a way to open this page', text: 'This page does not answer that kind of request. Open it from a link or a button on condor’s pages.' },
  413: { heading: 'Too much was sent', text: 'The form sent more than condor accepts, so nothing was done. Go back and try again with less.' },
};

/**
 * An HTTP-level failure on a page address as a page, not the API's JSON: a heading, a sentence and a way back to the
 * desk, under the pages' CSP. `headers` adds what the status needs (`Allow` for a 405).
 *
 * @example sendStatusPage(c, 405, { Allow: 'GET, HEAD' })
 */
export function sendStatusPage(c: Context, status: PageStatus, headers: Record<string, string> = {}): Response {
  const { heading, text } = WORDS[status];
  return sendPage(c, status, { title: heading, body: renderMessage({ heading, text, tone: 'error', more: markup`<p><a href="/" data-role="home">Your desk</a></p>` }) }, headers);
}
