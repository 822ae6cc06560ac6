import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import { MAX_REDIRECT_URIS } from './client-document.js';
import { oauthFailure, type OAuthFailure } from './oauth-error.js';
import { redirectUriProblem } from './redirect-uri.js';

/** The registration response (RFC 7591 §3.2.1): what condor keeps of the client, and the grants it may use. */
export interface ClientRegistration {
  readonly client_id: string;
  readonly client_id_issued_at: number;
  readonly client_name?: string;
  readonly client_uri?: string;
  readonly redirect_uris: readonly string[];
  readonly grant_types: readonly ['authorization_code', 'refresh_token'];
  readonly response_types: readonly ['code'];
  readonly token_endpoint_auth_method: 'none';
}

const Metadata = v.looseObject({
  redirect_uris: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_REDIRECT_URIS)),
  client_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  client_uri: v.optional(v.pipe(v.string(), v.maxLength(2000), v.startsWith('https://'))),
  grant_types: v.optional(v.array(v.picklist(['authorization_code', 'refresh_token']))),
  response_types: v.optional(v.array(v.literal('code'))),
});

/**
 * Dynamic client registration (RFC 7591) for MCP clients without a Client ID Metadata Document. Every client is
 * public: whatever `token_endpoint_auth_method` it asks for, it gets `none` and no secret (RFC 7591 §3.2.1 lets the
 * server decide); PKCE proves it at the token endpoint. Its name is its own claim, and the consent page says so.
 */
export function registerClient(metadata: unknown, services: Services): ResultAsync<ClientRegistration, OAuthFailure> {
  const parsed = v.safeParse(Metadata, metadata);
  if (!parsed.success) {
    const uris = v.safeParse(v.object({ redirect_uris: Metadata.entries.redirect_uris }), metadata).success;
    return errAsync(
      oauthFailure(
        uris ? 'invalid_client_metadata' : 'invalid_redirect_uri',
        uris
          ? `The client metadata is not acceptable: ${v.summarize(parsed.issues).slice(0, 300)}. condor supports the grants authorization_code and refresh_token, response type code.`
          : `redirect_uris must list 1 to ${String(MAX_REDIRECT_URIS)} URIs.`,
      ),
    );
  }
  const { redirect_uris, client_name, client_uri } = parsed.output;
  const bad = redirect_uris.find((uri) => redirectUriProblem(uri) !== null);
  if (bad !== undefined) return errAsync(oauthFailure('invalid_redirect_uri', `The redirect URI ${JSON.stringify(bad.slice(0, 200))} ${redirectUriProblem(bad) ?? ''}.`));
  const now = services.clock.now();
  const client = {
    clientId: services.ids.uuid(),
    clientName: client_name === undefined || client_name === '' ? null : client_name,
    clientUri: client_uri ?? null,
    redirectUris: redirect_uris,
    createdAt: now,
  };
  return ResultAsync.fromSafePromise(services.oauth.clients.insert(client)).map(() => ({
    client_id: client.clientId,
    client_id_issued_at: Math.floor(now / 1000),
    ...(client.clientName === null ? {} : { client_name: client.clientName }),
    ...(client.clientUri === null ? {} : { client_uri: client.clientUri }),
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'] as const,
    response_types: ['code'] as const,
    token_endpoint_auth_method: 'none' as const,
  }));
}
