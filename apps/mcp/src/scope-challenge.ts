import { findOperation, requiredScope, type Authentication, type Scope } from '@condor/core';
import type { Offer } from './offer.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an `insufficient_scope` challenge names: the scope missing and those the credential holds. */
export interface MissingScope {
  readonly needed: Scope;
  readonly held: readonly Scope[];
}

/**
 * The scope a request's tool call needs and its credential lacks, read from the body (one message or a batch)
 * before the SDK dispatches it — the SDK answers a refused call as a 200 JSON-RPC result with `isError`, which
 * carries no HTTP header, so the endpoint decides the challenge here with the very authentication `execute` will
 * reuse (one credential lookup). Null when no call is refused for scope, or the credential authenticates no one
 * (then the call's own answer is SESSION_INVALID or UNAUTHORIZED, not a scope). Tools this endpoint does not offer are
 * answered as unknown, never challenged.
 */
export async function missingScope(body: unknown, authenticated: Authentication, offer: Offer): Promise<MissingScope | null> {
  const needs = (Array.isArray(body) ? body : [body]).flatMap((message): Scope[] => {
    if (!isRecord(message) || message['method'] !== 'tools/call' || !isRecord(message['params'])) return [];
    const { name, arguments: args } = message['params'];
    const operation = typeof name === 'string' ? findOperation(name) : undefined;
    if (operation === undefined || operation.access === 'public' || !offer.has(operation.name)) return [];
    const needed = requiredScope(operation.name, args ?? {});
    return needed === null ? [] : [needed];
  });
  if (needs.length === 0) return null;
  const caller = await authenticated();
  if (caller.isErr()) return null;
  const needed = needs.find((scope) => !caller.value.scopes.has(scope));
  return needed === undefined ? null : { needed, held: [...caller.value.scopes] };
}
