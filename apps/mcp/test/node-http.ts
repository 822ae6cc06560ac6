import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpHttpHandler } from '../src/index.js';

/** A real HTTP server on a loopback port serving `handler` at /mcp, as the REST app mounts it (Bearer credential, request id). */
export interface Listening {
  readonly url: URL;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function serve(handler: McpHttpHandler, request: IncomingMessage, response: ServerResponse, id: number): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  const method = request.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await bodyOf(request);
  const authorization = headers.get('authorization');
  const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: new Uint8Array(body) }) };
  const answer = await handler(new Request(`http://${headers.get('host') ?? 'localhost'}${request.url ?? '/'}`, init), {
    credential: authorization?.startsWith('Bearer ') === true ? authorization.slice('Bearer '.length) : null,
    requestId: `req-${String(id)}`,
    clientIp: request.socket.remoteAddress ?? null,
  });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body !== null) for await (const chunk of answer.body) response.write(chunk);
  response.end();
}

/** Starts the server; `close` stops it. */
export async function listen(handler: McpHttpHandler): Promise<Listening> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    serve(handler, request, response, requests).catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${String(port)}/mcp`),
    close: () => new Promise<void>((done) => server.close(() => { done(); })),
  };
}
