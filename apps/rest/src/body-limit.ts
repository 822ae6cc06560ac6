import type { Context, MiddlewareHandler } from 'hono';
import { bodilessOverSocket, closeAfterBody } from './node-connection.js';

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

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
    if (bodilessOverSocket(c.env)) return next();
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
    closeAfterBody(c.env, reader);
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
