import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { HTTP_STATUSES, renderHttpStatus, type Logger } from '@condor/core';
import { REQUEST_ID_HEADER } from './request-id.js';

/** Parser failures with an answer of their own, by Node's error code; every other one is `NOT_HTTP`. */
const PARSER_FAILURES: Readonly<Record<string, { status: number; message: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: `The request line and headers are larger than ${String(Math.floor(maxHeaderSize / 1024))} KB; shorten the URL or the headers.`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The chunk extensions of the request body are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: HTTP_STATUSES[408].words },
};

const NOT_HTTP = { status: 400, message: 'The request is not valid HTTP/1.1.' };

/** How long a refused connection may go on sending (and be read) before it is closed for good. */
const LINGER_MS = 2_000;

/** An ErrorResult answer that closes the connection, ready for Node's response or a raw socket. */
export interface Refusal {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The refusal with `status` and `message`, logged under `requestId` with a short `reason`. */
export function refusal(logger: Logger, status: number, message: string, reason: string, requestId: string = randomUUID()): Refusal {
  logger.info('http_refused', { request_id: requestId, status, reason });
  const body = JSON.stringify(renderHttpStatus(status, message).body);
  return {
    status,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': String(Buffer.byteLength(body)),
      [REQUEST_ID_HEADER]: requestId,
      Connection: 'close',
    },
    body,
  };
}

/** The refusal as a complete HTTP/1.1 response message. */
export const rawResponse = ({ status, headers, body }: Refusal): string =>
  [`HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? 'Error'}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', body].join('\r\n');

/**
 * Answers on the raw socket, then closes it: the FIN goes out with the answer, and the socket is destroyed
 * once the client closes too or after LINGER_MS — meanwhile Node goes on reading (and dropping) what the
 * client still sends, as an immediate close with unread bytes resets the connection under the answer.
 */
export function closeWithRefusal(socket: Duplex, refused: Refusal): void {
  socket.end(rawResponse(refused));
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => {
    clearTimeout(timer);
  });
}

/**
 * The `clientError` listener of Node's HTTP server: what Node cannot parse (a bad request line, headers over
 * its limit, a request that never finished arriving) is answered with an ErrorResult instead of Node's
 * empty 400/431. Nothing is written when the client is gone or an answer is already under way on the socket.
 *
 * @example server.on('clientError', answerClientError(logger))
 */
export function answerClientError(logger: Logger): (error: Error & { code?: string }, socket: Duplex) => void {
  // Node reports a broken request again for every later chunk of it; the first report is answered.
  const answered = new WeakSet<Duplex>();
  return (error, socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || !socket.writable || responseUnderway(socket)) {
      socket.destroy();
      return;
    }
    const { status, message } = PARSER_FAILURES[error.code ?? ''] ?? NOT_HTTP;
    closeWithRefusal(socket, refusal(logger, status, message, error.code ?? 'unknown'));
  };
}

/** Whether a response to an earlier request on this connection has begun (Node's own check; `_httpMessage` is its in-flight response). */
function responseUnderway(socket: Duplex): boolean {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return inFlight?.headersSent === true;
}
