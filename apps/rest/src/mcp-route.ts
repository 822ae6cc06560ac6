import type { Hono } from 'hono';
import { credentialFromAuthorization } from './credential.js';
import type { RestEnv } from './request-id.js';

/**
 * Serves MCP over Streamable HTTP. It gets the raw request and the credential of the
 * `Authorization` header (never the cookie: MCP clients are not browsers), and answers with a
 * web `Response` that the REST app passes on unchanged.
 */
export type McpHttpHandler = (
  request: Request,
  auth: { credential: string | null; requestId: string; clientIp: string | null },
) => Promise<Response>;

/** Mounts `handler` at `/mcp` for every method. */
export function mountMcp(app: Hono<RestEnv>, handler: McpHttpHandler): void {
  app.all('/mcp', async (c) => {
    const response = await handler(c.req.raw, {
      credential: credentialFromAuthorization(c.req.header('Authorization')),
      requestId: c.get('requestId'),
      clientIp: c.get('clientIp'),
    });
    // A fresh Response has mutable headers, so X-Request-Id and the security headers can be added. The
    // SDK's event streams say `Connection: keep-alive`; hop-by-hop headers are the server's to decide,
    // and left in they override a client's `Connection: close`.
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'connection' && name !== 'keep-alive') headers[name] = value;
    });
    const init = { status: response.status, statusText: response.statusText, headers };
    if (response.body === null || isEventStream(response)) return new Response(response.body, init);
    // A whole answer is handed on as text: the server then writes it at once with its Content-Length,
    // where a stream body is written as headers first, then the stream.
    return new Response(await response.text(), init);
  });
}

const isEventStream = (response: Response): boolean => response.headers.get('content-type')?.startsWith('text/event-stream') === true;
