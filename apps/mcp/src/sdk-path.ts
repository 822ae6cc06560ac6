import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type McpServerFactory,
} from '@modelcontextprotocol/server';
import { echoableIdOf, internalErrorOf } from './sdk-mirror/answer-bytes.js';
import { answersOnce } from './sdk-mirror/one-answer.js';

/** Answers one POST through a fresh SDK server; `parsedBody` undefined: the SDK reads (and refuses) the body itself. */
export type SdkPath = (request: Request, parsedBody: unknown, authInfo: AuthInfo) => Promise<Response>;

/**
 * The SDK path: a fresh server from `factory` for each request, on the SDK's handler for both eras. A 2025-era request
 * that `answersOnce` takes the SDK's stateless transport with `enableJsonResponse`: one `application/json` body
 * instead of an event stream (one write instead of headers then body, and no stream to pump); anything else gets the
 * SDK's own handler, which streams.
 *
 * @example
 * const sdk = sdkPath(() => createMcpServer(services, options), onerror);
 * return sdk(request, parsedBody, authInfo);
 */
export function sdkPath(factory: McpServerFactory, onerror: (error: Error) => void): SdkPath {
  const handler = createMcpHandler(factory, { onerror });

  const oneJsonBody = async (request: Request, parsedBody: unknown, authInfo: AuthInfo): Promise<Response> => {
    const server = await factory({ era: 'legacy', authInfo, requestInfo: request });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(request, { authInfo, parsedBody });
    } catch (thrown) {
      onerror(thrown instanceof Error ? thrown : new Error(String(thrown)));
      return internalErrorOf(echoableIdOf(parsedBody));
    } finally {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    }
  };

  return async (request, parsedBody, authInfo) => {
    if (parsedBody === undefined) return handler.fetch(request, { authInfo });
    if (answersOnce(parsedBody) && (await isLegacyRequest(request, parsedBody))) return oneJsonBody(request, parsedBody, authInfo);
    return handler.fetch(request, { authInfo, parsedBody });
  };
}
