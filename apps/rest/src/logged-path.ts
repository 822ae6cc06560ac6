import { API_KEY_PREFIX } from '@condor/core';
import { withoutLinkTokens } from '@condor/web';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
/** Long enough and of a token's alphabet to be an opaque secret (refresh tokens, OAuth codes, pasted keys). */
const OPAQUE = /^[\w~.+=-]{32,}$/;

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Whether a path segment looks like a secret: an API key, a JWT, or a long opaque token that is not an id. */
export const looksSecret = (segment: string): boolean => {
  const text = decoded(segment).trim();
  return text.startsWith(API_KEY_PREFIX) || JWT.test(text) || (OPAQUE.test(text) && !UUID.test(text));
};

/**
 * A request path as it may be logged: single-use link tokens named as such, and every secret-shaped segment (a key
 * typed where an id goes, `DELETE /v1/api-keys/condor_sk_…`) replaced by `:redacted`. The query is never logged.
 */
export const loggedPath = (path: string): string =>
  withoutLinkTokens(path)
    .split('/')
    .map((segment) => (looksSecret(segment) ? ':redacted' : segment))
    .join('/');
