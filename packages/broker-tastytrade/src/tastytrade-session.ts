import type { BrokerError } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { ENVIRONMENT_WORDS, type Method, type TastytradeHttp, type TastytradeResponse } from './tastytrade-http.js';
import type { TastytradeTokens, TokenGrant } from './tastytrade-tokens.js';

export interface SessionRequest {
  readonly body?: unknown;
  /** Safe to send twice (reads, dry runs): retried after a 5xx or a timeout, and once with a fresh token after a 401. */
  readonly idempotent?: boolean;
}

/**
 * One link's authorized calls: each carries an access token from the link's grant. A 401 on a read is retried
 * once with a newly minted token (the cached one may have been revoked early); a 401 on a write is not, as
 * tastytrade advises, and answers auth_failed.
 * @example
 * const session = new TastytradeSession(http, tokens, grant);
 * const balances = await session.request('GET', '/accounts/5WT00001/balances/USD', { idempotent: true });
 */
export class TastytradeSession {
  constructor(
    readonly http: TastytradeHttp,
    private readonly tokens: TastytradeTokens,
    private readonly grant: TokenGrant,
  ) {}

  request(method: Method, path: string, request: SessionRequest = {}): ResultAsync<TastytradeResponse, BrokerError> {
    const send = (accessToken: string): ResultAsync<TastytradeResponse, BrokerError> => this.http.send(method, path, { ...request, accessToken });
    return this.tokens.accessToken(this.grant).andThen((token) =>
      send(token).andThen((response) => {
        if (response.status !== 401) return okAsync(response);
        if (request.idempotent !== true) return errAsync(this.refusedToken(response));
        return this.tokens
          .accessToken(this.grant, token)
          .andThen(send)
          .andThen((again) => (again.status === 401 ? errAsync(this.refusedToken(again)) : okAsync(again)));
      }),
    );
  }

  private refusedToken(response: TastytradeResponse): BrokerError {
    return {
      kind: 'auth_failed',
      message:
        `tastytrade refused condor's access token on its ${ENVIRONMENT_WORDS[this.http.options.environment]} environment (HTTP 401: ${response.reason}). ` +
        'If this keeps happening, re-enter the client secret and refresh token on the broker keys page.',
    };
  }
}
