import type { ResultAsync } from 'neverthrow';
import { personKeys } from '../api-keys/person-keys.js';
import type { ApiKeyViewOutput } from '../api-keys/schemas.js';
import type { Services } from '../services.js';

/** The person's API keys that still work, newest first as the keys page lists them; revoked and expired ones are left to that page. */
export function workingKeys(services: Services, userId: string): ResultAsync<ApiKeyViewOutput[], never> {
  const now = services.clock.now();
  return personKeys(services, userId).map((keys) => keys.filter((key) => key.revoked_at === null && (key.expires_at === null || Date.parse(key.expires_at) > now)));
}
