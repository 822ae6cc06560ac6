/**
 * What a credential may do (design §13). `read`: research and reading the account; `propose`: make proposals;
 * `trade`: confirm and cancel orders, link the broker, accept terms, billing, and API keys. The scopes are
 * independent: each tool needs one of them, and a credential has any set of them.
 */
export const SCOPES = ['read', 'propose', 'trade'] as const;

export type Scope = (typeof SCOPES)[number];

/** A password session (and a person's browser session) may do everything its user may. */
export const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);

export const isScope = (word: string): word is Scope => (SCOPES as readonly string[]).includes(word);

/**
 * The scopes of an access token's `scope` claim (space-separated, RFC 6749 §3.3); words condor does not know
 * grant nothing. An absent claim is a password session's token: every scope.
 *
 * @example scopesOfClaim('read propose') // Set { 'read', 'propose' }
 */
export function scopesOfClaim(claim: string | undefined): ReadonlySet<Scope> {
  if (claim === undefined) return ALL_SCOPES;
  return new Set(claim.split(' ').filter(isScope));
}

/** The scopes in SCOPES order, as answers and messages list them. */
export const scopeList = (scopes: Iterable<Scope>): Scope[] => {
  const held = new Set(scopes);
  return SCOPES.filter((scope) => held.has(scope));
};
