import type { Services } from '../services.js';
import { authenticate } from './authenticate.js';

/**
 * The principal a credential acts for — `user:<id>` — or null when it authenticates no one. Shells key
 * per-principal state by it (the MCP batch rule of design §5), since the protocol has no session to key it by.
 */
export async function principalOf(credential: string | null, services: Services): Promise<string | null> {
  const caller = await authenticate(credential, services);
  return caller.isOk() ? `user:${caller.value.userId}` : null;
}
