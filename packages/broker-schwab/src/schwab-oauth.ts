import { createHash, randomBytes } from 'node:crypto';
import { BROKERS, type BrokerError } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { SchwabHttp } from './schwab-http.js';
import { isObject } from './schwab-wire.js';

/** A refresh token lasts 7 days from the login and no refresh extends it (reference §1): the login of Schwab's row in core's broker table. */
export const REFRESH_TOKEN_MS = BROKERS.schwab.login.lastsMs;

/** The deployment's registered Schwab app. */
export interface SchwabApp {
  /** `CONDOR_SCHWAB_APP_KEY`: the OAuth client id. */
  readonly appKey: string;
  /** `CONDOR_SCHWAB_APP_SECRET`. */
  readonly appSecret: string;
  /** `CONDOR_SCHWAB_CALLBACK_URL`: https, byte for byte as registered (condor's page is `/broker-keys/schwab/callback`). */
  readonly callbackUrl: string;
}

/** A PKCE pair: the verifier kept with the person's browser session, the S256 challenge sent to the authorize page. */
export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
}

/** What a login gives a link: both tokens and when each ends. */
export interface SchwabLogin {
  readonly refreshToken: string;
  /** When the login happened, epoch ms: the refresh token ends 7 days later. */
  readonly refreshIssuedAt: number;
  readonly refreshExpiresAt: number;
  readonly accessToken: string;
  readonly accessExpiresAt: number;
}

/** The S256 challenge of a PKCE verifier (RFC 7636 §4.2). Whether Schwab checks it is not known; sending it costs nothing. */
export const challengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** A fresh PKCE pair. */
export function pkcePair(): Pkce {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: challengeOf(verifier) };
}

/**
 * Schwab's authorize page for a person: `response_type=code`, the app key, the registered callback, the state bound
 * to the person's browser session, and the PKCE challenge.
 * @example
 * authorizeUrl('https://api.schwabapi.com', app, { state, challenge: pkce.challenge }); // 'https://api.schwabapi.com/v1/oauth/authorize?response_type=code&client_id=…'
 */
export function authorizeUrl(apiUrl: string, app: SchwabApp, request: { readonly state: string; readonly challenge: string }): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.appKey,
    redirect_uri: app.callbackUrl,
    state: request.state,
    code_challenge: request.challenge,
    code_challenge_method: 'S256',
  });
  return `${apiUrl}/v1/oauth/authorize?${query.toString()}`;
}

/**
 * The code the callback received, exchanged for tokens (`POST /v1/oauth/token`, HTTP Basic app key:secret, the
 * callback byte for byte). The code lives about 30 seconds: exchange it at once. Secrets never reach the message.
 */
export function exchangeCode(http: SchwabHttp, app: SchwabApp, request: { readonly code: string; readonly verifier: string; readonly now: () => number }): ResultAsync<SchwabLogin, BrokerError> {
  const startedAt = request.now();
  http.remember(request.code);
  return http
    .send('POST', '/v1/oauth/token', {
      basic: { user: app.appKey, password: app.appSecret },
      form: { grant_type: 'authorization_code', code: request.code, redirect_uri: app.callbackUrl, code_verifier: request.verifier },
    })
    .andThen((response) => {
      const data = response.data;
      if (response.status !== 200 || !isObject(data) || typeof data.access_token !== 'string' || typeof data.refresh_token !== 'string') {
        const message = `Schwab did not complete the login (HTTP ${String(response.status)}: ${response.reason}). Log in at Schwab again from the broker keys page.`;
        return errAsync<SchwabLogin, BrokerError>(response.status === 200 ? { kind: 'unavailable', message } : { kind: 'auth_failed', loginAt: 'Schwab', message });
      }
      http.remember(data.access_token);
      http.remember(data.refresh_token);
      const lifetime = typeof data.expires_in === 'number' ? data.expires_in : 1800;
      return okAsync({
        refreshToken: data.refresh_token,
        refreshIssuedAt: startedAt,
        refreshExpiresAt: startedAt + REFRESH_TOKEN_MS,
        accessToken: data.access_token,
        accessExpiresAt: startedAt + lifetime * 1000,
      });
    });
}
