import type { BrokerError } from '@condor/core';
import { ResultAsync, errAsync, okAsync } from 'neverthrow';
import type { SchwabResponse } from './schwab-http.js';
import { WireError } from './schwab-wire.js';

/** Reads an answer's shape; a `WireError` (Schwab answered something unexpected) becomes `unavailable`. */
export function readWire<T>(read: () => T): ResultAsync<T, BrokerError> {
  try {
    return okAsync(read());
  } catch (cause) {
    if (cause instanceof WireError) return errAsync({ kind: 'unavailable', message: `Schwab answered an unexpected shape: ${cause.message}` });
    throw cause;
  }
}

/** An answer that is not the one hoped for: Schwab's refusals (400, 403, 404) are `rejected`, anything else `unavailable`. */
export function refusal(response: SchwabResponse): BrokerError {
  if (response.status === 400 || response.status === 403 || response.status === 404) return { kind: 'rejected', message: response.reason };
  return { kind: 'unavailable', message: `Schwab answered ${String(response.status)}: ${response.reason}` };
}

/** A call to the placement journal, its failure `unavailable`. */
export function journalCall<T>(promise: Promise<T>): ResultAsync<T, BrokerError> {
  return ResultAsync.fromPromise(promise, (cause) => ({ kind: 'unavailable', message: `condor could not read or record the order's intent: ${cause instanceof Error ? cause.message : 'unknown'}` }));
}

export const messageOf = (error: BrokerError): string => (error.kind === 'rate_limited' ? 'rate limited' : error.message);
