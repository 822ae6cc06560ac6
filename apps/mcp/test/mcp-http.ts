import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

/** The endpoint the in-process handler tests pretend to be at. */
export const MCP_URL = 'http://localhost:8787/mcp';

/** A JSON-RPC answer as the tests read it. */
export interface RpcResponse {
  readonly id: number;
  readonly result?: { readonly isError?: boolean; readonly structuredContent?: Record<string, unknown> };
  readonly error?: { readonly code: number; readonly message: string };
}

/** A Streamable HTTP POST of `body` (one JSON-RPC message or a batch), as an MCP client sends it. */
export function mcpRequest(body: unknown, headers: Record<string, string> = {}, url = MCP_URL): Request {
  return new Request(url, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The headers naming a session on every request after initialize. */
export const sessionHeaders = (sessionId: string): Record<string, string> => ({
  'mcp-session-id': sessionId,
  'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
});

export const initializeMessage = (id = 0): unknown => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'http-test', version: '1' } },
});

export const toolCall = (id: number, name: string, args: Record<string, unknown> = {}): unknown => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The JSON-RPC messages of a response, whether it came as JSON or as an SSE stream. */
export async function messagesOf(response: Response): Promise<RpcResponse[]> {
  const text = await response.text();
  if (response.headers.get('content-type')?.includes('text/event-stream') === true) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as RpcResponse);
  }
  const parsed = JSON.parse(text) as RpcResponse | RpcResponse[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** The structured content of a response's first answer ({} when it has none). */
export async function structuredContentOf(response: Response): Promise<Record<string, unknown>> {
  return (await messagesOf(response))[0]?.result?.structuredContent ?? {};
}
