import { ERROR_RESULT_KEYS, type Services, type Toolset } from '@condor/core';
import { Client, InMemoryTransport, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { MemoryCallBatchStore } from '@condor/testkit';
import { expect } from 'vitest';
import { acceptingRawArguments, ConnectionLogin, createMcpHttpHandler, createMcpServer, PrincipalBatches, type McpHttpHandler, type McpHttpOptions } from '../src/index.js';

export const PASSWORD = 'correct horse battery';
export const MCP_URL = 'http://localhost:8787/mcp';

/** The two protocol eras condor serves on one endpoint. */
export type Era = 'modern' | 'legacy';
export const ERAS: readonly Era[] = ['modern', 'legacy'];

/** The research toolset, written out as the tests expect it (not derived from core's mapping, which they check). */
export const RESEARCH_TOOLS: readonly string[] = [
  'create_strategy',
  'get_optimization_history',
  'save_strategy',
  'get_saved_strategies',
  'delete_saved_strategy',
  'activate_saved_strategy',
  'find_iron_condors',
];

/** A connected MCP client; `bearer` is sent as the Authorization of every later request (HTTP only). */
export interface Connected {
  readonly client: Client;
  bearer: string | null;
  call(name: string, args?: Record<string, unknown>, meta?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** A client pinned to 2026-07-28 (`server/discover`, no initialize) or speaking the 2025 handshake. */
export const newClient = (era: Era, capabilities: Record<string, unknown> = {}): Client =>
  new Client(
    { name: 'condor-test', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );

const wrap = (client: Client, close: () => Promise<void>): Connected => {
  const connected: Connected = {
    client,
    bearer: null,
    call: async (name, args, meta) =>
      client.callTool({
        name,
        ...(args === undefined ? {} : { arguments: args }),
        ...(meta === undefined ? {} : { _meta: meta }),
      }),
    close,
  };
  return connected;
};

/** A handler over the test services with an in-memory batch store (or the one given). */
export const httpHandlerFor = (services: Services, options: Partial<McpHttpOptions> = {}): McpHttpHandler =>
  createMcpHttpHandler(services, { batches: new MemoryCallBatchStore(), ...options });

/**
 * A real client of `era` talking Streamable HTTP to the real handler, through a fetch that hands each
 * request to the handler in-process as the REST app does (Bearer from `bearer`, a fresh request id).
 */
export async function connectHttp(handler: McpHttpHandler, era: Era, capabilities: Record<string, unknown> = {}): Promise<Connected> {
  let requests = 0;
  const client = newClient(era, capabilities);
  const connected = wrap(client, () => client.close());
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: (url, init) => {
      requests += 1;
      return handler(new Request(url, init), { credential: connected.bearer, requestId: `req-${String(requests)}`, clientIp: '127.0.0.1' });
    },
  });
  await client.connect(transport);
  return connected;
}

/**
 * A real client on a connection-oriented server, as over stdio: one server for the connection, whose
 * login binds it; `credential` is the configured token (CONDOR_MCP_TOKEN).
 */
export async function connectStdioLike(
  services: Services,
  options: { credential?: string | null; batches?: PrincipalBatches; toolsets?: readonly Toolset[]; capabilities?: Record<string, unknown> } = {},
): Promise<Connected> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const batches = options.batches ?? new PrincipalBatches(new MemoryCallBatchStore(), services.clock);
  const server = createMcpServer(services, { batches, credential: options.credential ?? null, connection: new ConnectionLogin(), toolsets: options.toolsets });
  await server.connect(acceptingRawArguments(serverSide));
  const client = newClient('legacy', options.capabilities);
  await client.connect(clientSide);
  return wrap(client, () => client.close());
}

/** Asserts the result is a contract error with `code` and returns its ErrorResult. */
export function expectToolError(result: CallToolResult, code: string): Record<string, unknown> {
  expect(result.isError).toBe(true);
  const body = result.structuredContent as Record<string, unknown> | undefined;
  expect(body).toBeDefined();
  expect(Object.keys(body ?? {}).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(body?.error).toBe(code);
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(body) }]);
  return body ?? {};
}

/** Asserts the result is a success (its JSON as text, then only resource links) and returns its structured content. */
export function expectToolOk(result: CallToolResult): Record<string, unknown> {
  expect(result.isError ?? false, JSON.stringify(result.structuredContent)).toBe(false);
  const [text, ...links] = result.content;
  expect(text).toEqual({ type: 'text', text: JSON.stringify(result.structuredContent) });
  expect(links.filter((block) => block.type !== 'resource_link')).toEqual([]);
  return (result.structuredContent as Record<string, unknown> | undefined) ?? {};
}

/** The URIs of the resource links a result carries. */
export const linkedUris = (result: CallToolResult): string[] => result.content.flatMap((block) => (block.type === 'resource_link' ? [block.uri] : []));
