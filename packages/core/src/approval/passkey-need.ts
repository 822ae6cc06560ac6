import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { passkeyRequired } from './approval-policy.js';

/** What approving on the page asks of the person: whether their passkey is required, and whether they have one. */
export interface PasskeyNeed {
  readonly required: boolean;
  readonly registered: boolean;
}

export type { PasskeyAnswer } from '../passkeys/assert-passkey.js';

export async function passkeyNeed(services: Services, userId: string, environment: BrokerEnvironment): Promise<PasskeyNeed> {
  const [required, passkeys] = await Promise.all([passkeyRequired(services, userId, environment), services.passkeys.list(userId)]);
  return { required, registered: passkeys.length > 0 };
}
