import { payloadTooLarge } from './error-handlers.js';
import { bodilessOverSocket, closeAfterBody } from './node-connection.js';
import type { Pass, Step } from './step.js';

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;

/**
 * Refuses a request body over `maxBytes` (announced by `Content-Length` or found while reading a chunked body) with
 * 413, sent at once with `Connection: close` (see `admitBody`): an ErrorResult under the API, a page elsewhere. A
 * body within the limit is left for the route (a chunked one read into `pass.request`).
 */
export function bodyLimitStep(maxBytes: number): Step {
  const tooLarge = payloadTooLarge(maxBytes);
  async function admit(pass: Pass): Promise<Response | null> {
    const admitted = await admitBody(pass.request, pass.env, maxBytes);
    if (admitted === null) return refusedWithClose(tooLarge(pass.request, pass.path));
    pass.request = admitted;
    return null;
  }
  return { name: 'body limit', enter: (pass) => (bodyNeedsNoRead(pass.request, pass.env, maxBytes) ? null : admit(pass)) };
}

/** A refusal of a body, marked to close the connection once the rest of the body is drained. */
export function refusedWithClose(response: Response): Response {
  response.headers.set('Connection', 'close');
  return response;
}

/**
 * Whether the body can be left to the handlers without reading it here: GET and HEAD carry none a handler reads
 * (asking for one would build a full fetch Request), a request over a socket may have none, and Node's parser holds
 * a body to its declared Content-Length, so a declared length within the limit is the length (the handlers then
 * read it straight from Node: no fetch Request, no web stream).
 */
export function bodyNeedsNoRead(request: Request, env: unknown, maxBytes: number): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  const declared = declaredLength(request.headers);
  return (declared !== null && declared <= maxBytes) || bodilessOverSocket(env);
}

/**
 * For a request `bodyNeedsNoRead` does not pass: the request to go on with (a chunked body within the limit is
 * buffered into a new one), or null when the body is over `maxBytes`. After a null the caller answers at once with
 * `Connection: close` (`refusedWithClose`); the connection then closes cleanly: the rest of the body is read and
 * dropped (bounded) before the server's FIN, since closing a socket with unread bytes makes the kernel answer with
 * a reset, which can destroy the 413 at the client, and a FIN while the client is still sending fails its upload.
 */
export async function admitBody(request: Request, env: unknown, maxBytes: number): Promise<Request | null> {
  const body = request.body;
  if (body === null) return request;
  const reader = body.getReader();
  if (declaredLength(request.headers) === null) {
    const buffered = await readUpTo(reader, maxBytes);
    if (buffered !== null) return new Request(request, { body: buffered });
  }
  closeAfterBody(env, reader);
  return null;
}

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
