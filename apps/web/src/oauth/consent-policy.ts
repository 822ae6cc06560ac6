import { pagePolicy } from '../shared/csp.js';

/**
 * The consent page's Content-Security-Policy: the pages' own, except that its form may also lead to the client's
 * redirect URI — browsers apply `form-action` to the redirect that answers the post, and that redirect goes to the
 * client (an origin, or a native app's scheme).
 */
export function consentPolicy(nonce: string, redirectUri: string, fetchesSelf = false): string {
  const target = redirectSource(redirectUri);
  return pagePolicy(nonce, fetchesSelf, false, target === null ? [] : [target]);
}

/** The CSP source of a redirect URI: its origin for http(s), its scheme for a native app's; null when neither is sure. */
export function redirectSource(redirectUri: string): string | null {
  try {
    const url = new URL(redirectUri);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : null;
  } catch {
    return null;
  }
}
