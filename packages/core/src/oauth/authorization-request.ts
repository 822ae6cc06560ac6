import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { Scope } from '../scopes/scopes.js';
import type { Services } from '../services.js';
import { oauthResource } from './issuer.js';
import type { OAuthClient } from './oauth-client.js';
import { oauthFailure, type OAuthErrorCode, type OAuthFailure } from './oauth-error.js';
import { redirectMatches } from './redirect-uri.js';
import { requestedScopes } from './requested-scopes.js';
import { resolveClient } from './resolve-client.js';

/** Every value of every parameter of an authorization request, as the query (or the consent form) carried them. */
export type AuthorizationParams = Readonly<Record<string, readonly string[]>>;

/** An authorization request condor accepted: what the consent page shows and an approval grants. */
export interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly codeChallenge: string;
  readonly scopes: readonly Scope[];
  readonly resource: string;
}

/**
 * A refused request. `show`: the client or its redirect URI cannot be trusted, so the person is told and nobody
 * is redirected (OAuth 2.1 §4.1.2.1); `redirect`: the error goes back to the client's redirect URI.
 */
export type AuthorizationRefusal =
  | { readonly kind: 'show'; readonly failure: OAuthFailure }
  | { readonly kind: 'redirect'; readonly failure: OAuthFailure; readonly redirectUri: string; readonly state: string | null };

/** The parameters the consent form carries back, so its post is checked exactly as the first request was. */
export const AUTHORIZATION_PARAMETERS = ['client_id', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'scope', 'resource'] as const;

/** A parameter given more than once (RFC 6749 §3.1 forbids it). */
const REPEATED = Symbol('repeated');
type Single = string | null | typeof REPEATED;

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE = 1000;

/**
 * Checks an authorization request (OAuth 2.1 §4.1.1 with PKCE S256 only, RFC 8707 `resource`): the client and
 * its redirect URI first (refusals shown to the person), then everything else (refusals redirected).
 */
export function checkAuthorizationRequest(params: AuthorizationParams, services: Services): ResultAsync<AuthorizationRequest, AuthorizationRefusal> {
  const one = (name: string): Single => {
    const values = params[name] ?? [];
    if (values.length > 1) return REPEATED;
    return values[0] ?? null;
  };
  const clientId = one('client_id');
  if (clientId === REPEATED) return errAsync(show('invalid_request', 'client_id is given more than once.'));
  return resolveClient(clientId, services)
    .mapErr((failure): AuthorizationRefusal => ({ kind: 'show', failure }))
    .andThen((client) => {
      const redirectUri = redirectOf(client, one('redirect_uri'));
      if (typeof redirectUri !== 'string') return errAsync(redirectUri);
      const state = one('state');
      const back = (error: OAuthErrorCode, description: string): ResultAsync<never, AuthorizationRefusal> =>
        errAsync({ kind: 'redirect', failure: oauthFailure(error, description), redirectUri, state: state === REPEATED ? null : state });
      if (state === REPEATED || (state !== null && state.length > MAX_STATE)) return back('invalid_request', `state must be given once, at most ${String(MAX_STATE)} characters.`);
      const repeated = AUTHORIZATION_PARAMETERS.find((name) => one(name) === REPEATED);
      if (repeated !== undefined) return back('invalid_request', `${repeated} is given more than once.`);
      if (one('response_type') !== 'code') return back('unsupported_response_type', 'response_type must be "code": condor supports the authorization code flow only.');
      const challenge = one('code_challenge');
      if (one('code_challenge_method') !== 'S256' || challenge === null || challenge === REPEATED || !S256_CHALLENGE.test(challenge)) {
        return back('invalid_request', 'PKCE is required with code_challenge_method "S256" and a 43-character base64url code_challenge.');
      }
      const resource = one('resource');
      if (resource !== null && resource !== oauthResource(services)) return back('invalid_target', `condor issues tokens only for its MCP endpoint, ${oauthResource(services)}.`);
      const scope = one('scope');
      return okAsync({ client, redirectUri, state, codeChallenge: challenge, scopes: requestedScopes(scope === REPEATED ? null : scope), resource: oauthResource(services) });
    });
}

/** The request's redirect URI when the client registered it (or the client's only one when it names none). */
function redirectOf(client: OAuthClient, given: Single): string | AuthorizationRefusal {
  if (given === REPEATED) return show('invalid_request', 'redirect_uri is given more than once.');
  if (given === null) {
    const [only, ...more] = client.redirectUris;
    return only !== undefined && more.length === 0 ? only : show('invalid_request', 'redirect_uri is missing, and the client has more than one.');
  }
  return client.redirectUris.some((registered) => redirectMatches(registered, given))
    ? given
    : show('invalid_request', 'redirect_uri is not one the client registered, so condor will not send anything there.');
}

const show = (error: OAuthErrorCode, description: string): AuthorizationRefusal => ({ kind: 'show', failure: oauthFailure(error, description) });
