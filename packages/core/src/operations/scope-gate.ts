import { appError, type AppError } from '../errors/app-error.js';
import type { Caller, CredentialKind } from './operation.js';
import { requiredScope } from './tool-scopes.js';
import type { ToolName } from './tool-names.js';
import { scopeList, type Scope } from '../scopes/scopes.js';

const CREDENTIAL_WORDS: Readonly<Record<CredentialKind, string>> = {
  session: 'session',
  api_key: 'API key',
  oauth: 'authorization',
};

const REMEDIES: Readonly<Record<CredentialKind, (scope: Scope) => string>> = {
  session: () => 'Log in again: a password session may use every tool.',
  api_key: (scope) =>
    `Ask the person for an API key with the '${scope}' scope: they create keys on condor’s API keys page (/api-keys). A key's scopes never change.`,
  oauth: (scope) => `Authorize this client again and ask for the '${scope}' scope; the person consents to it on condor’s page.`,
};

/**
 * The scope gate (design §13), right after authentication: FORBIDDEN (403) when the call needs a scope the
 * caller's credential lacks, naming the scope — the shells turn `requiredScope` into an RFC 6750
 * `insufficient_scope` challenge. Null admits the call.
 */
export function scopeRefusal(tool: ToolName, given: unknown, caller: Caller): AppError | null {
  const needed = requiredScope(tool, given);
  if (needed === null || caller.scopes.has(needed)) return null;
  const held = scopeList(caller.scopes);
  return appError('FORBIDDEN', {
    message: `${tool} needs the '${needed}' scope, which this ${CREDENTIAL_WORDS[caller.credential]} does not have (its scopes: ${held.length === 0 ? 'none' : held.join(', ')}).`,
    suggestion: REMEDIES[caller.credential](needed),
    expected: `a credential with the '${needed}' scope`,
    received: { scopes: held },
    seeTool: null,
    requiredScope: needed,
  });
}
