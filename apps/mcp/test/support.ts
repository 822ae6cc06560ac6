import { ERROR_RESULT_KEYS, type Services } from '@condor/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { createMcpServer, type McpServerOptions } from '../src/index.js';

export const PASSWORD = 'correct horse battery';

/** An MCP client connected in-process to a fresh server; `bearer` injects a token into every later message. */
export interface Connected {
  readonly client: Client;
  bearer: string | null;
  call(name: string, args?: Record<string, unknown>, meta?: Record<string, unknown>): Promise<CallToolResult>;
}

export async function connect(services: Services, options: McpServerOptions = {}): Promise<Connected> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const connected: Connected = {
    client: new Client({ name: 'condor-test', version: '1.0.0' }),
    bearer: null,
    call: async (name, args, meta) =>
      CallToolResultSchema.parse(
        await connected.client.callTool({ name, ...(args === undefined ? {} : { arguments: args }), ...(meta === undefined ? {} : { _meta: meta }) }),
      ),
  };
  const send = clientTransport.send.bind(clientTransport);
  clientTransport.send = (message, sendOptions) =>
    send(
      message,
      connected.bearer === null
        ? sendOptions
        : { ...sendOptions, authInfo: { token: connected.bearer, clientId: 'test', scopes: [] } },
    );
  await createMcpServer(services, options).connect(serverTransport);
  await connected.client.connect(clientTransport);
  // Listing caches the output schemas, so every later callTool is checked against them by the v1 client.
  await connected.client.listTools();
  return connected;
}

/** Asserts the result is a contract error with `code` and returns its ErrorResult. */
export function expectToolError(result: CallToolResult, code: string): Record<string, unknown> {
  expect(result.isError).toBe(true);
  const body = result.structuredContent;
  expect(body).toBeDefined();
  expect(Object.keys(body ?? {}).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(body?.error).toBe(code);
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(body) }]);
  return body ?? {};
}

/** Asserts the result is a success and returns its structured content. */
export function expectToolOk(result: CallToolResult): Record<string, unknown> {
  expect(result.isError ?? false).toBe(false);
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  return result.structuredContent ?? {};
}

/** Registers `email` and logs it in; returns the issued access token. */
export async function registerAndLogin(connected: Connected, email: string): Promise<string> {
  expectToolOk(await connected.call('register', { email, password: PASSWORD }));
  const tokens = expectToolOk(await connected.call('login', { email, password: PASSWORD }));
  expect(typeof tokens.access_token).toBe('string');
  return tokens.access_token as string;
}
