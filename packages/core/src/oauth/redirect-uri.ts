import { isLoopbackHost, uriParts } from './uri-parts.js';

/** The longest redirect URI condor keeps. */
const MAX_LENGTH = 2000;

/** Schemes that would run or read something in the browser instead of reaching the client. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'file', 'vbscript', 'blob', 'about', 'filesystem']);

/**
 * Why a client may not register `uri` as a redirect URI, or null when it may (OAuth 2.1 §2.3.1, RFC 8252):
 * an absolute URI without a fragment; https to any host; http only to a loopback host (a native app's local
 * listener); or a private-use scheme of a native app (`com.example.app:/callback`).
 *
 * @example redirectUriProblem('http://evil.example/cb') // 'http is allowed only for a loopback host (127.0.0.1, [::1], localhost)'
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_LENGTH) return `is longer than ${String(MAX_LENGTH)} characters`;
  const parts = uriParts(uri);
  if (parts === null) return 'is not an absolute URI';
  if (parts.fragment !== null) return 'has a fragment';
  if (FORBIDDEN_SCHEMES.has(parts.scheme)) return `uses the ${parts.scheme} scheme`;
  if (parts.scheme === 'https' || parts.scheme === 'http') {
    if (parts.host === null || parts.host === '' || parts.hasUserinfo) return 'names no host, or a user and password';
    if (parts.scheme === 'http' && !isLoopbackHost(parts.host)) return 'http is allowed only for a loopback host (127.0.0.1, [::1], localhost)';
  }
  return null;
}

/**
 * Whether the redirect URI of a request is one the client registered: the same string, except that a loopback
 * http redirect may name any port (RFC 8252 §7.3: a native app listens on whatever port is free).
 */
export function redirectMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  const a = uriParts(registered);
  const b = uriParts(given);
  if (a === null || b === null || a.scheme !== 'http' || b.scheme !== 'http' || !isLoopbackHost(a.host)) return false;
  return a.host === b.host && a.path === b.path && a.query === b.query && a.fragment === null && b.fragment === null && !b.hasUserinfo;
}

/** `redirectUri` with the authorization response's parameters added to its query (OAuth 2.1 §4.1.2). */
export function withResponseParameters(redirectUri: string, parameters: Readonly<Record<string, string | null>>): string {
  const added = Object.entries(parameters)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${added}`;
}
