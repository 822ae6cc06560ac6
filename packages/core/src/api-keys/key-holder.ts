import type { Caller, CredentialKind } from '../operations/operation.js';
import { ALL_SCOPES, type Scope } from '../scopes/scopes.js';

/** Who manages a user's API keys: a person or password session (every scope), an API key, or an OAuth client. */
export interface KeyHolder {
  readonly userId: string;
  readonly credential: CredentialKind;
  readonly scopes: ReadonlySet<Scope>;
  /** The API key acting, when one is. */
  readonly keyId: string | null;
}

/** The key holder of an operation's caller. */
export const holderOf = (caller: Caller): KeyHolder => ({
  userId: caller.userId,
  credential: caller.credential,
  scopes: caller.scopes,
  keyId: caller.credential === 'api_key' ? caller.sessionId : null,
});

/** The person on condor's API keys page (a browser session): every scope, no key of their own. */
export const personHolder = (userId: string): KeyHolder => ({ userId, credential: 'session', scopes: ALL_SCOPES, keyId: null });
