import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  classifyInboundRequest,
  isJsonContentType,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { envelopeFacts, STATELESS_LEGACY_FACTS, type ClientFacts } from '../client-facts.js';

type Json = Readonly<Record<string, unknown>>;

/** A request the SDK answers with one JSON body and nothing before it: one plain JSON-RPC request of one era. */
export interface PlainRequest {
  readonly era: 'modern' | 'legacy';
  readonly id: string | number;
  readonly method: PlainMethod;
  /** `params`, `{}` when absent. */
  readonly params: Json;
  /** `params._meta`, when present. */
  readonly meta: Json | undefined;
  /**
   * What the request says about its client, as the SDK's per-request server sees it: the 2026 envelope, or nothing
   * for a 2025 request (its `initialize` went to another request).
   */
  readonly client: ClientFacts;
}

const MODERN_VERSION = '2026-07-28';

/** The params each method may carry; anything else (a cursor, a task, `requestState` or `inputResponses` of a second round) is the SDK's. */
const PARAMS = {
  'tools/call': new Set(['name', 'arguments', '_meta']),
  'tools/list': new Set(['_meta']),
  ping: new Set(['_meta']),
} as const;

type PlainMethod = keyof typeof PARAMS;

/** The `_meta` keys of each era taken here: the 2026 envelope and a named batch; a progress token asks for a stream. */
const META = {
  modern: new Set([PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY, 'batch']),
  legacy: new Set(['batch']),
} as const;

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const keysWithin = (value: Json, allowed: ReadonlySet<string>): boolean => Object.keys(value).every((key) => allowed.has(key));

const isPlainMethod = (method: unknown): method is PlainMethod => method === 'tools/call' || method === 'tools/list' || method === 'ping';

/**
 * The POST (its body parsed and its raw arguments wrapped) as a plain request, or null when the SDK might do anything
 * but hand it to a handler and write one JSON answer. Only a single request of `tools/call`, `tools/list` or 2025
 * `ping`, with nothing the SDK would stream or refuse: the SDK's own classifier vets a 2026 request (its envelope and
 * routing headers), and every header the SDK checks for the era must be exactly as a conforming client sends it.
 * Initialize, batches, notifications, responses, GET and anything unusual are left to the SDK.
 *
 * @example
 * plainRequestOf(request, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_subscription' } }); // { era: 'legacy', … }
 */
export function plainRequestOf(request: Request, body: unknown): PlainRequest | null {
  if (!isRecord(body) || body.jsonrpc !== '2.0' || !keysWithin(body, MESSAGE_KEYS) || !isPlainMethod(body.method)) return null;
  const { id, method } = body;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return null;
  // Absent params are none; `null` is not a params object, and the SDK refuses it.
  const params = body.params === undefined ? {} : body.params;
  if (!isRecord(params) || !keysWithin(params, PARAMS[method])) return null;
  const meta = params._meta;
  if (meta !== undefined && !isRecord(meta)) return null;
  const era = meta !== undefined && PROTOCOL_VERSION_META_KEY in meta ? 'modern' : 'legacy';
  if (meta !== undefined && !keysWithin(meta, META[era])) return null;
  if (method === 'tools/call' && typeof params.name !== 'string') return null;
  // The SDK copies the arguments into a new object, where a `__proto__` key sets the prototype instead: its answer differs.
  if (isRecord(params.arguments) && Object.hasOwn(params.arguments, '__proto__')) return null;
  if (!isJsonContentType(request.headers.get('content-type'))) return null;
  const headers = headersOf(request);
  // A 2025 request here is a JSON-RPC request without the envelope claim, not initialize, under a 2025 version header
  // or none: what the SDK's classifier calls legacy. A 2026 one asks the classifier, which also checks the envelope.
  const served =
    era === 'modern'
      ? classifyInboundRequest({ httpMethod: 'POST', ...headers, body }).kind === 'modern' && modernHeadersAgree(headers, method, params)
      : legacyHeadersAgree(request, headers);
  if (!served) return null;
  // 2026-07-28 has no ping: the SDK answers it as a method it does not know.
  if (era === 'modern' && method === 'ping') return null;
  const client = era === 'modern' ? (envelopeFacts(meta) ?? STATELESS_LEGACY_FACTS) : STATELESS_LEGACY_FACTS;
  return { era, id: id as string | number, method, params, meta, client };
}

interface StandardHeaders {
  readonly protocolVersionHeader?: string;
  readonly mcpMethodHeader?: string;
  readonly mcpNameHeader?: string;
}

function headersOf(request: Request): StandardHeaders {
  const version = request.headers.get('mcp-protocol-version');
  const method = request.headers.get('mcp-method');
  const name = request.headers.get('mcp-name');
  return {
    ...(version === null ? {} : { protocolVersionHeader: version }),
    ...(method === null ? {} : { mcpMethodHeader: method }),
    ...(name === null ? {} : { mcpNameHeader: name }),
  };
}

/** The 2026 routing headers, exactly: the version, the method, and for a call the tool's plain name (no encoded form). */
function modernHeadersAgree(headers: StandardHeaders, method: PlainMethod, params: Json): boolean {
  if (headers.protocolVersionHeader !== MODERN_VERSION || headers.mcpMethodHeader !== method) return false;
  if (method !== 'tools/call') return true;
  const name = params.name as string;
  return headers.mcpNameHeader === name && !name.startsWith('=?');
}

/** What the SDK's stateless 2025 transport asks of a POST: both media types accepted, and a version it serves if one is named. */
function legacyHeadersAgree(request: Request, headers: StandardHeaders): boolean {
  const accept = request.headers.get('accept');
  if (accept === null || !accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  const version = headers.protocolVersionHeader;
  return version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version);
}
