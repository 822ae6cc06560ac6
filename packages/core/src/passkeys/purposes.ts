/** The purpose a registration challenge is bound to. */
export const REGISTER_PURPOSE = 'register';

/**
 * The purpose an approval's assertion is bound to: the proposal and the band approved, so an assertion made for one
 * proposal or band approves no other.
 *
 * @example approvalPurpose('6f1c…', 1.25, 1.2) // 'approve:6f1c…:1.25:1.2'
 */
export const approvalPurpose = (proposalId: string, start: number, worst: number): string => `approve:${proposalId}:${String(start)}:${String(worst)}`;

/**
 * The purpose a grant's assertion is bound to: what is granted (an API key by its name, or an OAuth client by its
 * id) and with which scopes, so an assertion made for one grant makes no other.
 *
 * @example grantPurpose('api-key', 'laptop agent', ['trade', 'read']) // 'grant:api-key:laptop agent:read trade'
 */
export const grantPurpose = (kind: 'api-key' | 'consent', subject: string, scopes: readonly string[]): string =>
  `grant:${kind}:${subject}:${[...scopes].sort().join(' ')}`;
