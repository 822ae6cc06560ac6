import { isLegacyRequest, WebStandardStreamableHTTPServerTransport, type AuthInfo, type McpServerFactory } from '@modelcontextprotocol/server';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a 2025-era POST can only ever be answered by one message: a single request (not a list) that asks for
 * no progress. Stateless serving cannot send the client requests and condor sends no log messages, so progress is
 * the one message that could come before the result.
 */
export function answersOnce(body: unknown): boolean {
  if (!isRecord(body) || typeof body['method'] !== 'string' || !('id' in body)) return false;
  const params = body['params'];
  const meta = isRecord(params) ? params['_meta'] : undefined;
  return !isRecord(meta) || meta['progressToken'] === undefined;
}

/**
 * The SDK's stateless 2025 leg (a fresh server from `factory` on a transport without session ids), answering
 * with one `application/json` body instead of an event stream: one write instead of headers then body, and no
 * stream to pump. Only for requests that `answersOnce`; anything else goes to the SDK's own leg, which streams.
 * Resolves to null when the request is not 2025-era.
 */
export function legacyJsonLeg(factory: McpServerFactory, onerror: (error: Error) => void) {
  return async (request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response | null> => {
    if (!answersOnce(parsedBody) || !(await isLegacyRequest(request, parsedBody))) return null;
    const server = await factory({ era: 'legacy', authInfo, requestInfo: request });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, { authInfo, parsedBody });
    } catch (thrown) {
      onerror(thrown instanceof Error ? thrown : new Error(String(thrown)));
      return Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: echoableId(parsedBody) }, { status: 500 });
    } finally {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    }
  };
}

function echoableId(body: unknown): string | number | null {
  const id = isRecord(body) ? body['id'] : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
