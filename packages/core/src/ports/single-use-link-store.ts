/**
 * What a single-use token is for: a proposal's approval page, the page where a person types broker keys, or an
 * MCP elicitation's signed request state (made single-use here; the SDK's codec only signs), or the link in the mail
 * that verifies an account's address.
 */
export type LinkPurpose = 'approve_proposal' | 'broker_keys' | 'elicitation' | 'verify_email';

/** A single-use link as stored: only the digest of its token, never the token. */
export interface SingleUseLink {
  /** Hex SHA-256 of the token in the URL. */
  readonly digest: string;
  readonly purpose: LinkPurpose;
  readonly ownerId: string;
  /** The proposal it approves or elicits; null for a broker-keys link. */
  readonly proposalId: string | null;
  readonly createdAt: number;
  /** Epoch ms; at this instant the link is dead. */
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/** Single-use links (design §12): approval pages, broker-keys pages and elicitation nonces, each kept by the digest of its token. */
export interface SingleUseLinkStore {
  insert(link: SingleUseLink): Promise<void>;
  find(digest: string): Promise<SingleUseLink | undefined>;
  /** Marks an unused link used; true for exactly one caller however many race (compare-and-set). */
  markUsed(digest: string, at: number): Promise<boolean>;
}
