import { BROKERS, LOGIN_BROKERS, type BrokerSpec } from '@condor/core';

/** The pages brokers linked by logging in send the person back to (the paths of their rows' logins). */
const LOGIN_CALLBACKS: ReadonlySet<string> = new Set(LOGIN_BROKERS.flatMap((broker): string[] => {
  const { login }: BrokerSpec = BROKERS[broker];
  return login === null ? [] : [login.callbackPath];
}));

/**
 * A path with the single-use token of a page link replaced, for log lines: `/approve/<token>/approve` →
 * `/approve/:token/approve`, `/broker-keys/<token>` → `/broker-keys/:token`, `/verify-email/<token>` →
 * `/verify-email/:token`. A link token is a credential. Schwab's callback page, `/broker-keys/schwab/callback`, has none
 * in its path (its code and state are in the query, which is never logged) and is logged as it is.
 */
export const withoutLinkTokens = (path: string): string =>
  LOGIN_CALLBACKS.has(path.replace(/\/$/, '')) ? path : path.replace(/^\/(approve|broker-keys|verify-email)\/[^/]*/, '/$1/:token');
