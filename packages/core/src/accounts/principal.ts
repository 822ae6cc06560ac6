import { hasApiKeyShape, looksLikeApiKey } from '../api-keys/key-text.js';
import type { Services } from '../services.js';

/**
 * The principal a credential acts for — `user:<id>` for an access token, `api_key:<digest>` for an API key
 * (design §5: the user or the API key) — or null when it is no valid, unexpired token or no key-shaped text.
 * Shells key per-principal state by it (the MCP batch rule), since the protocol has no session to key it by.
 * It reads no store: the call's own authentication gate still runs in `execute` and refuses a revoked session
 * or key, and batching a revoked credential can only block more, never less.
 */
export function principalOf(credential: string | null, services: Services): string | null {
  if (credential === null) return null;
  if (looksLikeApiKey(credential)) return hasApiKeyShape(credential) ? `api_key:${services.digest.sha256(credential)}` : null;
  if (services.tokens === null) return null;
  const claims = services.tokens.verify(credential);
  return claims === null || claims.exp * 1000 <= services.clock.now() ? null : `user:${claims.sub}`;
}
