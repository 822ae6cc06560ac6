/** The outcome of fetching a Client ID Metadata Document: its parsed JSON, or why there is none. */
export type FetchedDocument = { readonly ok: true; readonly document: unknown } | { readonly ok: false; readonly reason: string };

/**
 * Fetches the Client ID Metadata Document an https `client_id` names (draft-ietf-oauth-client-id-metadata-document).
 * Adapters bound the fetch (time, size, no redirects) and refuse private addresses: the URL is chosen by whoever
 * sends a person to the authorization page.
 */
export interface ClientMetadataDocuments {
  fetch(url: string): Promise<FetchedDocument>;
}
