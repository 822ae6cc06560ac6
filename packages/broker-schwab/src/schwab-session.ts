import type { BrokerError } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { Method, SchwabHttp, SchwabResponse } from './schwab-http.js';
import type { SchwabGrant, SchwabTokens } from './schwab-tokens.js';

export interface SessionRequest {
  readonly body?: unknown;
  /** Safe to send twice: retried after a 5xx or a timeout, and once with a fresh token after a 401. */
  readonly idempotent?: boolean;
  /** An order request (place, replace, cancel) of this account hash: counted against the account's order budget. */
  readonly orderAccount?: string;
}

/**
 * One link's authorized calls, each with an access token from the link's login. A 401 on a read is retried once
 * with a newly minted token; a 401 on a write answers auth_failed (the write may not be sent twice).
 */
export class SchwabSession {
  constructor(
    readonly http: SchwabHttp,
    private readonly tokens: SchwabTokens,
    readonly grant: SchwabGrant,
  ) {}

  request(method: Method, path: string, request: SessionRequest = {}): ResultAsync<SchwabResponse, BrokerError> {
    const send = (accessToken: string): ResultAsync<SchwabResponse, BrokerError> => this.http.send(method, path, { ...request, accessToken });
    return this.tokens.accessToken(this.grant).andThen((token) =>
      send(token).andThen((response) => {
        if (response.status !== 401) return okAsync(response);
        if (request.idempotent !== true) return errAsync(refusedToken(response));
        return this.tokens
          .accessToken(this.grant, token)
          .andThen(send)
          .andThen((again) => (again.status === 401 ? errAsync(refusedToken(again)) : okAsync(again)));
      }),
    );
  }
}

function refusedToken(response: SchwabResponse): BrokerError {
  return {
    kind: 'auth_failed',
    loginAt: 'Schwab',
    message: `Schwab refused condor's access (HTTP 401: ${response.reason}). If this keeps happening, log in at Schwab again from the broker keys page (/broker-keys).`,
  };
}
