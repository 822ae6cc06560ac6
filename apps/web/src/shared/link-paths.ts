/**
 * A path with the single-use token of a page link replaced, for log lines: `/approve/<token>/approve` →
 * `/approve/:token/approve`, `/broker-keys/<token>` → `/broker-keys/:token`, `/verify-email/<token>` →
 * `/verify-email/:token`. A link token is a credential.
 */
export const withoutLinkTokens = (path: string): string => path.replace(/^\/(approve|broker-keys|verify-email)\/[^/]*/, '/$1/:token');
