import { scopeList, type Scope } from './scopes.js';

/**
 * The `WWW-Authenticate` value of a call refused for scope (RFC 6750 §3.1, MCP's scope challenge): `insufficient_scope`
 * and the scopes to ask for — the ones the credential holds plus the one missing, so that an OAuth client authorizing
 * again to step up keeps what it had — and, when given, where the protected resource's metadata is (RFC 9728).
 *
 * @example insufficientScopeChallenge('trade', ['read']) // 'Bearer error="insufficient_scope", scope="read trade", error_description="…"'
 */
export function insufficientScopeChallenge(needed: Scope, held: Iterable<Scope> = [], resourceMetadata: string | null = null): string {
  const scopes = scopeList([...held, needed]).join(' ');
  const params = [
    'error="insufficient_scope"',
    `scope="${scopes}"`,
    `error_description="This call needs the '${needed}' scope."`,
    ...(resourceMetadata === null ? [] : [`resource_metadata="${resourceMetadata.replace(/["\\]/g, '')}"`]),
  ];
  return `Bearer ${params.join(', ')}`;
}
