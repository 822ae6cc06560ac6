/**
 * A path with the single-use token of a page link replaced, for log lines: `/approve/<token>/approve` →
 * `/approve/:token/approve`, `/broker-keys/<token>` → `/broker-keys/:token`, `/verify-email/<token>` →
 * `/verify-email/:token`. A link token is a credential. Schwab's callback page, `/broker-keys/schwab/callback`, has none
 * in its path (its code and state are in the query, which is never logged) and is logged as it is.
 */
export const withoutLinkTokens = (path: string): string =>
  /^\/broker-keys\/schwab\/callback\/?$/.test(path) ? path : path.replace(/^\/(approve|broker-keys|verify-email)\/[^/]*/, '/$1/:token');
