import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@condor/core';
import { getRequestListener, RequestError } from '@hono/node-server';
import { isClosingAfterRefusal } from './node-connection.js';
import { answerClientError, closeWithRefusal, refusal, type Refusal } from './client-error.js';
import { chooseRequestId } from './request-id.js';

type Fetch = Parameters<typeof getRequestListener>[0];

/**
 * Node's HTTP server around the app's `fetch`, so that what Node and @hono/node-server refuse before the app
 * runs is an ErrorResult as well: unparsable requests and oversized headers (`clientError`), CONNECT, an
 * `Expect` other than 100-continue, an HTTP/1.1 request without `Host`, and a request target or `Host` that
 * makes no URL. `hostname` stands in for a missing `Host` (HTTP/1.0).
 *
 * @example createHttpServer(app.fetch, { logger, hostname: '127.0.0.1' }).listen(8787, '127.0.0.1')
 */
export function createHttpServer(fetch: Fetch, { logger, hostname }: { logger: Logger; hostname: string }): Server {
  const listener = getRequestListener(fetch, {
    hostname: hostname.includes(':') ? `[${hostname}]` : hostname,
    errorHandler: (error) => {
      if (error instanceof RequestError) return asResponse(refusal(logger, 400, 'The request target or the Host header is not valid.', 'request_target'));
      logger.error('unhandled_exception', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return asResponse(refusal(logger, 500, 'The server failed to handle the request.', 'fetch_failed'));
    },
  });
  // requireHostHeader: Node's own check answers with an empty 400.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      answer(response, refusal(logger, 400, 'An HTTP/1.1 request needs a Host header.', 'missing_host', requestIdOf(request)));
      return;
    }
    // Never answered: the connection closes once the refused body before it is drained.
    if (isClosingAfterRefusal(request.socket)) return;
    void listener(request, response);
  });
  server.on('clientError', answerClientError(logger));
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.resume(); // nobody else reads a CONNECT tunnel: drop what comes until the close
    closeWithRefusal(socket, refusal(logger, 400, 'CONNECT is not served: this is not a proxy.', 'connect'));
  });
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    answer(response, refusal(logger, 417, 'Only Expect: 100-continue is supported.', 'expectation', requestIdOf(request)));
  });
  return server;
}

const requestIdOf = (request: IncomingMessage): string => {
  const incoming = request.headers['x-request-id'];
  return chooseRequestId(typeof incoming === 'string' ? incoming : undefined);
};

const asResponse = ({ status, headers, body }: Refusal): Response => new Response(body, { status, headers });

function answer(response: ServerResponse, { status, headers, body }: Refusal): void {
  response.writeHead(status, headers);
  response.end(body);
}
