import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';

/** After a refusal, at most this much more of the body is read and dropped before the connection closes. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** ...and for at most this long. */
const DRAIN_LIMIT_MS = 10_000;

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

const closing = new WeakSet<Socket>();

/**
 * Whether the connection is closing after a refused body: requests that arrive behind that body on it
 * (pipelined) must not be served (RFC 9112 §9.6), though Node parses them while the body is drained.
 */
export const isClosingAfterRefusal = (socket: Socket): boolean => closing.has(socket);

/**
 * Refuses a request body over `maxBytes` (announced by `Content-Length` or found while reading a chunked
 * body) with `tooLarge(c)`, sent at once with `Connection: close`. The connection then closes cleanly: the
 * rest of the body is read and dropped (bounded) before the server's FIN, since closing a socket with unread
 * bytes makes the kernel answer with a reset, which can destroy the 413 at the client, and a FIN while the
 * client is still sending fails its upload. A body within the limit is buffered for the handlers.
 *
 * @example app.use(bodyLimit(1024 * 1024, payloadTooLarge(1024 * 1024)))
 */
export const bodyLimit =
  (maxBytes: number, tooLarge: (c: Context) => Response): MiddlewareHandler =>
  async (c, next) => {
    // GET and HEAD carry no body a handler reads; asking for one would build a full fetch Request per request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // Node's parser holds the body to its Content-Length, so a declared length within the limit is the length;
    // the body is then left untouched, so handlers read it straight from Node (no fetch Request, no web stream).
    const declared = declaredLength(c.req.raw.headers);
    if (declared !== null && declared <= maxBytes) return next();
    if (bodilessOverSocket(c)) return next();
    const body = c.req.raw.body;
    if (body === null) return next();
    const reader = body.getReader();
    if (declared === null) {
      const buffered = await readUpTo(reader, maxBytes);
      if (buffered !== null) {
        c.req.raw = new Request(c.req.raw, { body: buffered });
        return next();
      }
    }
    closeAfterBody(c, reader);
    const response = tooLarge(c);
    response.headers.set('Connection', 'close');
    return response;
  };

function declaredLength(headers: Headers): number | null {
  const length = headers.get('content-length');
  if (headers.has('transfer-encoding') || length === null || !/^\d+$/.test(length)) return null;
  return Number(length);
}

/** The whole body, or null as soon as it grows past `maxBytes` (the reader is left where it stopped). */
async function readUpTo(reader: BodyReader, maxBytes: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return null;
    chunks.push(value);
  }
  const buffer = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    buffer.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return buffer;
}

/**
 * Holds back the close Node starts once the refusal is written (`Connection: close` makes it call
 * `socket.destroySoon()`) until the rest of the body has been read and dropped. A body that goes on past
 * the drain limits is cut off (cancelling the reader destroys the socket). Outside Node there is no socket.
 */
function closeAfterBody(c: Context, reader: BodyReader): void {
  const socket = nodeSocketOf(c);
  if (socket === null) {
    reader.cancel().catch(() => undefined);
    return;
  }
  closing.add(socket);
  const drained = discard(reader);
  const close = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    void drained.then(close);
  };
}

/** Reads the rest of the body and drops it, within the drain limits; resolves when done either way. */
async function discard(reader: BodyReader): Promise<void> {
  const cut = (): void => {
    reader.cancel().catch(() => undefined);
  };
  const timer = setTimeout(cut, DRAIN_LIMIT_MS);
  try {
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_LIMIT_BYTES) {
        cut();
        return;
      }
    }
  } catch {
    // The client went away: nothing is left to drain.
  } finally {
    clearTimeout(timer);
  }
}

/** Node's request when @hono/node-server serves the app (its bindings carry `incoming`). */
function incomingOf(c: Context): IncomingMessage | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  return (env.incoming as IncomingMessage | undefined) ?? null;
}

/** The connection's socket when @hono/node-server serves the app. */
function nodeSocketOf(c: Context): Socket | null {
  const socket = incomingOf(c)?.socket;
  return socket !== undefined && typeof socket.destroySoon === 'function' ? socket : null;
}

/**
 * Whether a request that came over a socket has no body: HTTP/1.1 gives a body only by Content-Length or
 * Transfer-Encoding (RFC 9112 §6.3). In-process requests (tests) carry no such headers, so they are read.
 */
function bodilessOverSocket(c: Context): boolean {
  const headers = incomingOf(c)?.headers;
  return headers !== undefined && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
}
