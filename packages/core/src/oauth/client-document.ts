import * as v from 'valibot';
import { err, ok, type Result } from 'neverthrow';
import { oauthFailure, type OAuthFailure } from './oauth-error.js';
import type { OAuthClient } from './oauth-client.js';
import { redirectUriProblem } from './redirect-uri.js';
import { uriParts } from './uri-parts.js';

/** The most redirect URIs one client may name. */
export const MAX_REDIRECT_URIS = 10;

const Document = v.looseObject({
  client_id: v.string(),
  client_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  redirect_uris: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_REDIRECT_URIS)),
  token_endpoint_auth_method: v.optional(v.string()),
});

/**
 * The client a Client ID Metadata Document describes (draft-ietf-oauth-client-id-metadata-document §4): its
 * `client_id` must be the URL it was fetched from, its redirect URIs acceptable ones, and the client public
 * (`token_endpoint_auth_method` absent or `none`, no secret): condor authenticates no client, PKCE binds the code.
 */
export function clientOfDocument(url: string, document: unknown): Result<OAuthClient, OAuthFailure> {
  const parsed = v.safeParse(Document, document);
  if (!parsed.success) return err(invalid(`its metadata document is not a JSON object with client_id and 1 to ${String(MAX_REDIRECT_URIS)} redirect_uris (${v.summarize(parsed.issues).slice(0, 200)})`));
  const doc = parsed.output;
  if (doc.client_id !== url) return err(invalid('the client_id in its metadata document is not the URL it was fetched from'));
  if ('client_secret' in doc || (doc.token_endpoint_auth_method !== undefined && doc.token_endpoint_auth_method !== 'none')) {
    return err(invalid('its metadata document names a client secret or key: condor serves public clients only (token_endpoint_auth_method "none", PKCE)'));
  }
  const bad = doc.redirect_uris.find((uri) => redirectUriProblem(uri) !== null);
  if (bad !== undefined) return err(invalid(`its redirect URI ${JSON.stringify(bad.slice(0, 200))} ${redirectUriProblem(bad) ?? ''}`));
  const site = uriParts(url)?.host ?? url;
  const name = doc.client_name === undefined || doc.client_name === '' ? site : doc.client_name;
  return ok({ clientId: url, source: 'metadata_document', name, site, redirectUris: doc.redirect_uris });
}

const invalid = (why: string): OAuthFailure => oauthFailure('invalid_client', `The client cannot be used: ${why}.`);
