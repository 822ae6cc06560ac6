import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** An Alpaca API key pair a fake accepts; `label` is what the fake records of a request sent with it (never the secret). */
export interface FakeKeyPair {
  readonly label: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

/**
 * A paper key pair for `label`, the same on every run: a 20-character key id starting `PK` and a 40-character secret,
 * Alpaca's formats.
 * @example const alice = paperKeyPair('alice'); // { label: 'alice', apiKey: 'PK…', apiSecret: '…' }
 */
export function paperKeyPair(label: string): FakeKeyPair {
  const digest = (salt: string): string => createHash('sha256').update(`${salt}:${label}`).digest('hex').toUpperCase();
  return { label, apiKey: `PK${digest('key').slice(0, 18)}`, apiSecret: digest('secret').slice(0, 40) };
}

/** The pair whose `APCA-API-KEY-ID` and `APCA-API-SECRET-KEY` headers the request carries, else undefined. */
export function keyPairOf(pairs: readonly FakeKeyPair[], headers: IncomingHttpHeaders): FakeKeyPair | undefined {
  return pairs.find((pair) => headers['apca-api-key-id'] === pair.apiKey && headers['apca-api-secret-key'] === pair.apiSecret);
}
