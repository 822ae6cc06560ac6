import type { Services } from '../services.js';

/**
 * The principal a credential acts for — `user:<id>` — or null when it is no valid, unexpired token. Shells key
 * per-principal state by it (the MCP batch rule of design §5), since the protocol has no session to key it by.
 * It reads only the signed token, no store: the call's own authentication gate still runs in `execute` and
 * refuses a revoked session, and batching a revoked token with its user can only block more, never less.
 */
export function principalOf(credential: string | null, services: Services): string | null {
  if (credential === null || services.tokens === null) return null;
  const claims = services.tokens.verify(credential);
  return claims === null || claims.exp * 1000 <= services.clock.now() ? null : `user:${claims.sub}`;
}
