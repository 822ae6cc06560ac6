import type { McpHttpHandler } from '../src/index.js';
import { MCP_URL, type Era } from './support.js';

/** A JSON-RPC answer as the tests read it. */
export interface RpcResponse {
  readonly id: number;
  readonly result?: { readonly isError?: boolean; readonly structuredContent?: Record<string, unknown>; readonly [key: string]: unknown };
  readonly error?: { readonly code: number; readonly message: string };
}

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

/** The 2026-07-28 per-request envelope: version, client and capabilities ride in `_meta`. */
const envelope = (capabilities: Record<string, unknown> = {}): Record<string, unknown> => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});

/**
 * One JSON-RPC request as a client of `era` sends it, written as raw text so any shape of params can go:
 * the 2026 envelope and its routing headers, or a 2025 request with the version header and no session.
 */
export function rawRequest(era: Era, method: string, params: Record<string, unknown>, body?: string, capabilities: Record<string, unknown> = {}): Request {
  const modern = era === 'modern';
  const name = typeof params.name === 'string' ? params.name : null;
  const message = { jsonrpc: '2.0', id: 1, method, params: modern ? { ...params, _meta: envelope(capabilities) } : params };
  return new Request(MCP_URL, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': modern ? MODERN : LEGACY,
      ...(modern ? { 'mcp-method': method, ...(name === null ? {} : { 'mcp-name': name }) } : {}),
    },
    body: body ?? JSON.stringify(message),
  });
}

/**
 * A tools/call of `era` whose arguments are given as JSON text: any depth can go, where the client's own
 * JSON.stringify would overflow the stack.
 */
export function rawToolCallRequest(era: Era, name: string, argumentsText: string): Request {
  const meta = era === 'modern' ? `,"_meta":${JSON.stringify(envelope())}` : '';
  const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argumentsText}${meta}}}`;
  return rawRequest(era, 'tools/call', { name }, body);
}

/** The JSON-RPC messages of a response, whether it came as JSON or as an SSE stream. */
export async function messagesOf(response: Response): Promise<RpcResponse[]> {
  const text = await response.text();
  if (response.headers.get('content-type')?.includes('text/event-stream') === true) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line.length > 'data: '.length)
      .map((line) => JSON.parse(line.slice('data: '.length)) as RpcResponse);
  }
  const parsed = JSON.parse(text) as RpcResponse | RpcResponse[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Sends one raw tools/call of `era` (declaring `capabilities` on 2026-07-28) through the handler and returns its one answer. */
export async function rawToolCall(
  handler: McpHttpHandler,
  era: Era,
  params: Record<string, unknown>,
  credential: string | null = null,
  capabilities: Record<string, unknown> = {},
): Promise<RpcResponse> {
  const response = await handler(rawRequest(era, 'tools/call', params, undefined, capabilities), { credential, requestId: 'req-raw', clientIp: '127.0.0.1' });
  const [message] = await messagesOf(response);
  if (message === undefined) throw new Error(`no answer (HTTP ${String(response.status)})`);
  return message;
}
