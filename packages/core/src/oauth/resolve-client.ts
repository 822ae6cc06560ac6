import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Services } from '../services.js';
import { clientOfDocument } from './client-document.js';
import { isClientIdUrl } from './client-id-url.js';
import type { OAuthClient } from './oauth-client.js';
import { oauthFailure, type OAuthFailure } from './oauth-error.js';

/**
 * The client a `client_id` names: an https URL is a Client ID Metadata Document, fetched (through the adapter's
 * limits) and checked; anything else must be a client condor registered. Unknown -> `invalid_client`.
 */
export function resolveClient(clientId: string | null, services: Services): ResultAsync<OAuthClient, OAuthFailure> {
  if (clientId === null || clientId === '') return errAsync(oauthFailure('invalid_request', 'client_id is missing.'));
  if (isClientIdUrl(clientId)) {
    return ResultAsync.fromSafePromise(services.oauth.clientDocuments.fetch(clientId)).andThen((fetched) =>
      fetched.ok ? clientOfDocument(clientId, fetched.document) : errAsync(oauthFailure('invalid_client', `The client's metadata document could not be fetched: ${fetched.reason}.`)),
    );
  }
  if (clientId.length > 200) return errAsync(unknown());
  return ResultAsync.fromSafePromise(services.oauth.clients.find(clientId)).andThen((client) =>
    client === undefined
      ? errAsync(unknown())
      : okAsync<OAuthClient>({
          clientId: client.clientId,
          source: 'registration',
          name: client.clientName ?? 'An unnamed client',
          site: null,
          redirectUris: client.redirectUris,
        }),
  );
}

const unknown = (): OAuthFailure =>
  oauthFailure('invalid_client', 'No client has this client_id: register first (RFC 7591), or use the https URL of a Client ID Metadata Document.');
