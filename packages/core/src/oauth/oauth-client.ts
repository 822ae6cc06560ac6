/** An OAuth client as the authorization page and the token endpoint know it. */
export interface OAuthClient {
  readonly clientId: string;
  /**
   * How condor knows the client: `metadata_document` — its id is an https URL whose document condor fetched, so
   * the site is vouched for by its host; `registration` — it registered itself, and its name is its own claim.
   */
  readonly source: 'metadata_document' | 'registration';
  /** The name to show a person (the document's or registration's `client_name`, else the site's host). */
  readonly name: string;
  /** The host of a metadata document's URL; null for a registered client. */
  readonly site: string | null;
  readonly redirectUris: readonly string[];
}
