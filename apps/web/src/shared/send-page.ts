import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { layout, type PageParts } from './layout.js';
import { newNonce, pagePolicy } from './csp.js';

/** What a page sends besides its parts: whether its script reads from this origin or registers the service worker (see `pagePolicy`). */
export type PageToSend = Omit<PageParts, 'nonce'> & { readonly fetchesSelf?: boolean; readonly registersWorker?: boolean; readonly formLeadsTo?: readonly string[] };

/** Answers with a whole page under a fresh CSP nonce; pages are never cached (they show one person's orders). */
export function sendPage(c: Context, status: ContentfulStatusCode, page: PageToSend, headers: Record<string, string> = {}): Response {
  const nonce = newNonce();
  const { fetchesSelf = false, registersWorker = false, formLeadsTo = [], ...parts } = page;
  return c.html(layout({ ...parts, nonce }).toString(), status, {
    'Content-Security-Policy': pagePolicy(nonce, fetchesSelf, registersWorker, formLeadsTo),
    'Cache-Control': 'no-store',
    ...headers,
  });
}
