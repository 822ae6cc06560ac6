import { CATALOGUE, type ErrorResult, type Services } from '@condor/core';
import { connectHttp, connectStdioLike, httpHandlerFor, type Era } from '../../mcp/test/support.js';
import { createApp } from '../src/app.js';
import { jsonText } from './json-text.js';

export interface ShellAnswer {
  readonly ok: boolean;
  readonly status: number | null;
  readonly body: unknown;
}

/** Objects and arrays go as JSON text: String() of deep nesting overflows the stack, and says nothing of objects. */
const textOf = (value: unknown): string => (typeof value === 'object' && value !== null ? jsonText(value) : String(value));

/** The path (under the server's root) and request an HTTP client would send to call one tool over REST. */
export function restRequestFor(tool: string, input: unknown, credential: string | null, batch?: string): { path: string; init: RequestInit } {
  const op = CATALOGUE.find((o) => o.name === tool);
  if (op === undefined) throw new Error(`no REST route for ${tool}`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (credential !== null) headers.authorization = `Bearer ${credential}`;
  if (batch !== undefined) headers['x-batch-id'] = batch;
  const params = new Map(Object.entries(input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {}));
  const path = op.rest.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = textOf(params.get(name));
    params.delete(name);
    return encodeURIComponent(value);
  });
  if (op.rest.method === 'GET') {
    const query = new URLSearchParams([...params].map(([k, v]): [string, string] => [k, textOf(v)])).toString();
    return { path: `/v1${path}${query === '' ? '' : `?${query}`}`, init: { headers } };
  }
  const hasPathParams = path !== op.rest.path;
  return { path: `/v1${path}`, init: { method: op.rest.method, headers, body: jsonText(hasPathParams ? Object.fromEntries(params) : input) } };
}

/** Calls one tool through the REST shell in-process, the way an HTTP client would. */
export async function viaRest(services: Services, tool: string, input: unknown, credential: string | null, batch?: string): Promise<ShellAnswer> {
  const { path, init } = restRequestFor(tool, input, credential, batch);
  const response = await createApp(services).request(path, init);
  return { ok: response.ok, status: response.status, body: await response.json() };
}

/**
 * Calls one tool through the MCP shell with the SDK's own v2 client of `era`, over Streamable HTTP into
 * the real endpoint. `login` goes over a connection (as stdio): over HTTP it is refused by design, since
 * there is no session for it to bind.
 */
export async function viaMcp(services: Services, tool: string, input: unknown, credential: string | null, batch?: string, era: Era = 'modern'): Promise<ShellAnswer> {
  const mcp = tool === 'login' ? await connectStdioLike(services, { credential }) : await connectHttp(httpHandlerFor(services), era);
  mcp.bearer = credential;
  try {
    // Arguments go as given, objects or not: the client sends them unchecked, and the server must answer any shape.
    const result = await mcp.call(tool, input as Record<string, unknown>, batch === undefined ? undefined : { batch });
    return { ok: result.isError !== true, status: null, body: result.structuredContent };
  } finally {
    await mcp.close();
  }
}

export const isErrorResult = (body: unknown): body is ErrorResult =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 7 && 'error' in body;
