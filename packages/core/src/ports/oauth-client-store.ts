/**
 * A client registered by dynamic client registration (RFC 7591), for MCP clients that predate Client ID Metadata
 * Documents. Every client is public: it gets no secret and proves itself with PKCE.
 */
export interface RegisteredClient {
  /** The identifier condor issued (a UUID; never an https URL, which names a metadata document instead). */
  readonly clientId: string;
  /** The name the client gave itself: unverified, shown as such on the consent page. */
  readonly clientName: string | null;
  /** The client's home page as it gave it; unverified. */
  readonly clientUri: string | null;
  /** Where codes may be sent, exactly as registered. */
  readonly redirectUris: readonly string[];
  readonly createdAt: number;
}

/** Dynamically registered OAuth clients. */
export interface OAuthClientStore {
  insert(client: RegisteredClient): Promise<void>;
  find(clientId: string): Promise<RegisteredClient | undefined>;
}
