import { isScope, scopeList, type Scope } from '../scopes/scopes.js';

/** What a client that names no scope gets: the least, research. */
export const DEFAULT_OAUTH_SCOPES: readonly Scope[] = ['read'];

/**
 * The scopes a client asks for (`scope`, space-separated): condor's words in their usual order; words condor
 * does not know are ignored (RFC 6749 §3.3 lets the server grant less); none at all -> {@link DEFAULT_OAUTH_SCOPES}.
 *
 * @example requestedScopes('trade read offline_access') // ['read', 'trade']
 */
export function requestedScopes(scope: string | null): readonly Scope[] {
  const known = scopeList((scope ?? '').split(' ').filter(isScope));
  return known.length === 0 ? DEFAULT_OAUTH_SCOPES : known;
}

/** Scopes as the `scope` parameter and claim carry them. */
export const scopeText = (scopes: readonly Scope[]): string => scopes.join(' ');
