import type { BrokerError } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { TastytradeResponse } from './tastytrade-http.js';
import type { TastytradeSession } from './tastytrade-session.js';
import { WireError } from './tastytrade-wire.js';

/** The `data` of an idempotent GET, or tastytrade's refusal. */
export function getData(session: TastytradeSession, path: string): ResultAsync<unknown, BrokerError> {
  return session.request('GET', path, { idempotent: true }).andThen((response) => decodeResponse(response, (data) => data));
}

/** A 200 or 201's `data` read by `read`; any other status is tastytrade's refusal. */
export function decodeResponse<T>(response: TastytradeResponse, read: (data: unknown) => T): ResultAsync<T, BrokerError> {
  if (response.status !== 200 && response.status !== 201) return errAsync(refusalOf(response));
  return readWire(() => read(response.data));
}

/** A wire mapping that may meet a shape tastytrade does not document. */
export function readWire<T>(map: () => T): ResultAsync<T, BrokerError> {
  try {
    return okAsync(map());
  } catch (cause) {
    if (cause instanceof WireError) return errAsync({ kind: 'unavailable', message: `tastytrade answered an unexpected shape: ${cause.message}` });
    throw cause;
  }
}

/** A 4xx: tastytrade refused the request itself, with its reason in words. */
export function refusalOf(response: TastytradeResponse): BrokerError {
  return { kind: 'rejected', message: `tastytrade refused the request (HTTP ${response.status}): ${response.reason}` };
}
