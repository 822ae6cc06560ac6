import type { OAuthFailure } from '@condor/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The headers of every OAuth endpoint's answer: never cached (RFC 6749 §5.1), and readable by browser-based MCP
 * clients from any origin (no cookie is ever read by these endpoints, so `*` opens nothing).
 */
export const OAUTH_HEADERS = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'Access-Control-Allow-Origin': '*',
} as const;

/** A JSON answer of an OAuth endpoint. */
export const oauthJson = (c: Context, status: ContentfulStatusCode, body: unknown): Response => c.json(body, status, OAUTH_HEADERS);

/** An OAuth error answer (RFC 6749 §5.2): 400, or 500 for `server_error`. */
export const oauthError = (c: Context, failure: OAuthFailure): Response =>
  oauthJson(c, failure.error === 'server_error' ? 500 : 400, { error: failure.error, error_description: failure.description });

/** The answer to a CORS preflight of an OAuth endpoint. */
export const preflight = (c: Context, methods: string): Response =>
  c.body(null, 204, { ...OAUTH_HEADERS, 'Access-Control-Allow-Methods': methods, 'Access-Control-Allow-Headers': 'Content-Type, Authorization, MCP-Protocol-Version', 'Access-Control-Max-Age': '600' });
