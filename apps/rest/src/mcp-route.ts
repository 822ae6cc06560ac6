import { credentialFromAuthorization } from './credential.js';
import type { Route } from './step.js';

/**
 * Serves MCP over Streamable HTTP. It gets the raw request and the credential of the
 * `Authorization` header (never the cookie: MCP clients are not browsers), and answers with a
 * web `Response` that the REST app passes on unchanged.
 */
export type McpHttpHandler = (
  request: Request,
  auth: { credential: string | null; requestId: string; clientIp: string | null },
) => Promise<Response>;

export const MCP_PATH = '/mcp';

/** `/mcp`, every method: the handler's answer (`mcpAnswer`). */
export function mcpRoute(handler: McpHttpHandler): Route {
  return async (pass) => {
    const credential = credentialFromAuthorization(pass.request.headers.get('Authorization') ?? undefined);
    const response = await handler(pass.request, { credential, requestId: pass.requestId, clientIp: pass.clientIp });
    pass.stamped = true;
    return mcpAnswer(response, pass.stamp);
  };
}

/** The MCP handler's answer as the server sends it: stamped, without hop-by-hop headers, a whole body as text. */
export async function mcpAnswer(response: Response, stamp: Readonly<Record<string, string>>): Promise<Response> {
  // The SDK's event streams say `Connection: keep-alive`; hop-by-hop headers are the server's to decide,
  // and left in they override a client's `Connection: close`.
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'connection' && name !== 'keep-alive') headers[name] = value;
  });
  // The request's stamp (request id, security headers) goes into the same record, so the answer leaves stamped.
  const init = { status: response.status, statusText: response.statusText, headers: { ...headers, ...stamp } };
  // A whole answer is handed on as text: the server then writes it at once with its Content-Length,
  // where a stream body is written as headers first, then the stream.
  return response.body === null || isEventStream(response) ? new Response(response.body, init) : new Response(await response.text(), init);
}

const isEventStream = (response: Response): boolean => response.headers.get('content-type')?.startsWith('text/event-stream') === true;
