import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type ClientCapabilities,
  type Implementation,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';

/** The first revision whose requests carry their client in a per-request `_meta` envelope. */
const FIRST_MODERN_VERSION = '2026-07-28';

/**
 * What one request says about its client: on 2026-07-28 its own `_meta` envelope (version, client info and
 * capabilities, per request); on a 2025 connection what `initialize` said. A stateless 2025 HTTP request
 * reaches a server that never saw that `initialize`, so it says nothing: no name, no capabilities.
 */
export interface ClientFacts {
  /** True on 2026-07-28 and later; false on 2025-era requests. */
  readonly modern: boolean;
  /** `<name>/<version>` for the approval evidence, or null when unknown. */
  readonly client: string | null;
  readonly capabilities: ClientCapabilities | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const implementationOf = (value: unknown): Implementation | undefined =>
  isRecord(value) && typeof value.name === 'string' && typeof value.version === 'string' ? (value as Implementation) : undefined;

/** Caps what a client may put into the evidence (its name and version are its own words). */
const MAX_CLIENT_LENGTH = 200;

/** `<name>/<version>` of a client, or null. */
export const clientName = (info: Implementation | undefined): string | null =>
  info === undefined ? null : `${info.name}/${info.version}`.slice(0, MAX_CLIENT_LENGTH);

/**
 * The facts of the request `ctx` on `server`.
 *
 * @example
 * clientFacts(server, ctx); // { modern: true, client: 'claude-ai/1.0', capabilities: { elicitation: { form: {} } } }
 */
export function clientFacts(server: Server, ctx: ServerContext): ClientFacts {
  const modern = envelopeFacts(ctx.mcpReq.envelope);
  if (modern !== null) return modern;
  // A 2025 connection: what its initialize declared (nothing on a stateless HTTP request).
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the accessor is the 2025 era's way; 2026 is read above
  return { modern: false, client: clientName(server.getClientVersion()), capabilities: server.getClientCapabilities() };
}

/** What a stateless 2025 HTTP request says about its client: nothing (its `initialize` went to another request). */
export const STATELESS_LEGACY_FACTS: ClientFacts = { modern: false, client: null, capabilities: undefined };

/** The facts a 2026-07-28 request's `_meta` envelope gives; null when it names no modern version (a 2025 request). */
export function envelopeFacts(meta: Readonly<Record<string, unknown>> | undefined): ClientFacts | null {
  const version = meta?.[PROTOCOL_VERSION_META_KEY];
  if (meta === undefined || typeof version !== 'string' || version < FIRST_MODERN_VERSION) return null;
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
  return {
    modern: true,
    client: clientName(implementationOf(meta[CLIENT_INFO_META_KEY])),
    capabilities: isRecord(capabilities) ? capabilities : undefined,
  };
}

/**
 * Whether the client takes form-mode elicitation: `elicitation.form`, or a bare `elicitation: {}` (the
 * meaning it had before modes existed; declaring only `url` removes it).
 */
export function declaresFormElicitation(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation: unknown = capabilities?.elicitation;
  if (!isRecord(elicitation)) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** Whether the client takes URL-mode elicitation (declared only as `elicitation.url`). */
export const declaresUrlElicitation = (capabilities: ClientCapabilities | undefined): boolean => capabilities?.elicitation?.url !== undefined;
