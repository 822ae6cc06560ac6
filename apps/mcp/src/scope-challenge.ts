import { findOperation, requiredScope, type Authentication, type Scope } from '@condor/core';
import type { Offer } from './offer.js';
import { promptCalls } from './prompts.js';
import { resourceCall } from './resources.js';
import type { ScopedCall } from './scoped-call.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);


/** What an `insufficient_scope` challenge names: the scope missing, and the others to ask for with it. */
export interface MissingScope {
  readonly needed: Scope;
  /** Those the credential holds and any other this request needs, so one step-up gets everything. */
  readonly alongside: readonly Scope[];
}

/** The scopes `calls` need that `held` lacks, each once, in the order the calls need them. */
export function scopesLacking(calls: readonly ScopedCall[], held: ReadonlySet<Scope>): Scope[] {
  const needed = calls.flatMap(({ tool, input }) => requiredScope(tool, input) ?? []);
  return [...new Set(needed.filter((scope) => !held.has(scope)))];
}

/**
 * The tool calls one JSON-RPC message makes or stands for (design §13: every MCP method follows the tool table):
 * `tools/call` its tool; `resources/read` the tool that reads the resource; `prompts/get` every tool the prompt has
 * the agent call. Public tools, and tools, resources and prompts this endpoint does not offer, count for nothing —
 * those are answered as unknown, never challenged.
 */
export function callsOf(message: unknown, offer: Offer): ScopedCall[] {
  if (!isRecord(message) || !isRecord(message['params'])) return [];
  const params = message['params'];
  switch (message['method']) {
    case 'tools/call': {
      const operation = typeof params['name'] === 'string' ? findOperation(params['name']) : undefined;
      return operation === undefined || operation.access === 'public' || !offer.has(operation.name) ? [] : [{ tool: operation.name, input: params['arguments'] ?? {} }];
    }
    case 'resources/read': {
      const call = typeof params['uri'] === 'string' ? resourceCall(params['uri'], offer) : null;
      return call === null ? [] : [call];
    }
    case 'prompts/get':
      return typeof params['name'] === 'string' ? [...(promptCalls(params['name'], offer) ?? [])] : [];
    default:
      return [];
  }
}

/**
 * The scope a request needs and its credential lacks, read from the body (one message or a batch) before the SDK
 * dispatches it — the SDK answers a refused call as a 200 JSON-RPC answer (a tool result with `isError`, or an
 * error), which carries no HTTP header, so the endpoint decides the challenge here with the very authentication
 * `execute` will reuse (one credential lookup). Null when nothing is refused for scope, or the credential
 * authenticates no one (then the answer is SESSION_INVALID or UNAUTHORIZED, not a scope).
 */
export async function missingScope(body: unknown, authenticated: Authentication, offer: Offer): Promise<MissingScope | null> {
  const calls = (Array.isArray(body) ? body : [body]).flatMap((message) => callsOf(message, offer));
  if (calls.every(({ tool, input }) => requiredScope(tool, input) === null)) return null;
  const caller = await authenticated();
  if (caller.isErr()) return null;
  const [needed, ...others] = scopesLacking(calls, caller.value.scopes);
  return needed === undefined ? null : { needed, alongside: [...caller.value.scopes, ...others] };
}
