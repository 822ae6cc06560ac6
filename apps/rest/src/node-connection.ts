import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** After a refusal, at most this much more of the body is read and dropped before the connection closes. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** ...and for at most this long. */
const DRAIN_LIMIT_MS = 10_000;

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

// Written by the body limit (inside the app), read by the HTTP server (outside it): the socket is what both see.
const closing = new WeakSet<Socket>();

/**
 * Whether the connection is closing after a refused body: requests that arrive behind that body on it
 * (pipelined) must not be served (RFC 9112 §9.6), though Node parses them while the body is drained.
 */
export const isClosingAfterRefusal = (socket: Socket): boolean => closing.has(socket);

/**
 * Holds back the close Node starts once the refusal is written (`Connection: close` makes it call
 * `socket.destroySoon()`) until the rest of the body has been read and dropped, and marks the connection as
 * closing. A body that goes on past the drain limits is cut off (cancelling the reader destroys the socket).
 * `env` is the app's bindings; outside Node (no socket in them) the reader is simply cancelled.
 *
 * @example closeAfterBody(c.env, body.getReader())
 */
export function closeAfterBody(env: unknown, reader: BodyReader): void {
  const socket = incomingOf(env)?.socket;
  if (socket === undefined || typeof socket.destroySoon !== 'function') {
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

/**
 * Whether a request that came over a socket has no body: HTTP/1.1 gives a body only by Content-Length or
 * Transfer-Encoding (RFC 9112 §6.3). In-process requests (tests) carry no such headers, so they are read.
 */
export function bodilessOverSocket(env: unknown): boolean {
  const headers = incomingOf(env)?.headers;
  return headers !== undefined && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined;
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
function incomingOf(env: unknown): IncomingMessage | null {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  return (env.incoming as IncomingMessage | undefined) ?? null;
}
