import type * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import { BROKERS, type BrokerSpec } from './broker-table.js';
import type { BrokerLinkView } from './schemas.js';

export function linkView(link: BrokerLink): v.InferOutput<typeof BrokerLinkView> {
  const endsAt = loginEndsAt(link);
  return {
    broker: link.broker,
    environment: link.environment,
    key_hint: link.keyHint === null ? null : `…${link.keyHint}`,
    connected: link.connectedAt !== null,
    connected_at: link.connectedAt === null ? null : isoTime(link.connectedAt),
    account_number: link.accountNumber ?? null,
    login_expires_at: endsAt === null ? null : isoTime(endsAt),
  };
}

/** When a link made by logging in at its broker ends (epoch ms); null for links made with keys, and logins that do not end. */
export function loginEndsAt(link: Pick<BrokerLink, 'broker' | 'loggedInAt'>): number | null {
  const { login }: BrokerSpec = BROKERS[link.broker];
  const lastsMs = login?.lastsMs ?? null;
  return lastsMs === null || link.loggedInAt == null ? null : link.loggedInAt + lastsMs;
}
