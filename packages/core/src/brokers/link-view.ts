import type * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import type { BrokerLinkView } from './schemas.js';

export const linkView = (link: BrokerLink): v.InferOutput<typeof BrokerLinkView> => ({
  broker: link.broker,
  environment: link.environment,
  key_hint: link.keyHint === null ? null : `…${link.keyHint}`,
  connected: link.connectedAt !== null,
  connected_at: link.connectedAt === null ? null : isoTime(link.connectedAt),
  account_number: link.accountNumber ?? null,
});
