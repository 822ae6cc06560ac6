import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { layout, type PageParts } from './layout.js';
import { newNonce, pagePolicy } from './csp.js';

/** Answers with a whole page under a fresh CSP nonce; pages are never cached (they show one person's orders). */
export function sendPage(c: Context, status: ContentfulStatusCode, parts: Omit<PageParts, 'nonce'>, headers: Record<string, string> = {}): Response {
  const nonce = newNonce();
  return c.html(layout({ ...parts, nonce }).toString(), status, {
    'Content-Security-Policy': pagePolicy(nonce),
    'Cache-Control': 'no-store',
    ...headers,
  });
}
