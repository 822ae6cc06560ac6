import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { ERROR_RESULT_KEYS } from '@condor/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

/** What the server sent on one connection, and how the connection ended. */
interface Exchange {
  readonly text: string;
  /** `end` for a FIN after everything was sent, otherwise the socket error code (ECONNRESET, EPIPE). */
  readonly ending: string;
}

/** Writes `chunks` on a fresh connection (each after the previous one is flushed) and reads until the server closes. */
function exchange(port: number, chunks: readonly (string | Buffer)[]): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    let ending = 'end';
    socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (ending = error.code ?? error.message));
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      resolve({ text, ending });
    });
    const writeNext = (index: number): void => {
      const chunk = chunks[index];
      if (chunk !== undefined) socket.write(chunk, () => { writeNext(index + 1); });
    };
    writeNext(0);
  });
}

interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown>;
}

/** Every HTTP/1.1 response in `text`, bodies parsed as JSON (they are ErrorResults or small JSON objects here). */
function responsesIn(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const { body, end } = bodyOf(rest, headEnd + 4, headers);
    // An MCP answer may come as an event stream: its one message is the data line.
    const json = headers['content-type']?.includes('text/event-stream') === true ? (body.split('\n').find((line) => line.startsWith('data: ')) ?? '').slice('data: '.length) : body;
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(json) as Record<string, unknown> });
    rest = rest.slice(end);
  }
  return responses;
}

/** The body of the response whose head ends at `start`, by Content-Length or chunked, and where it ends. */
function bodyOf(text: string, start: number, headers: Record<string, string>): { body: string; end: number } {
  if (headers['transfer-encoding'] !== 'chunked') {
    const length = Number(headers['content-length']);
    return { body: text.slice(start, start + length), end: start + length };
  }
  let at = start;
  let body = '';
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    at = lineEnd + 2;
    if (size === 0) return { body, end: at + 2 };
    body += text.slice(at, at + size);
    at += size + 2;
  }
}

function expectErrorResult(body: Record<string, unknown>, code: string): void {
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(body.error).toBe(code);
  expect(typeof body.message).toBe('string');
}

interface AgentResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The socket that carried the request, to tell connections apart. */
  readonly localPort: number;
}

/** One request through `agent`; `body` as one buffer (Content-Length) or as chunks (chunked). Any socket error rejects. */
function send(
  agent: Agent,
  port: number,
  { method = 'GET', path, body, chunked = false }: { method?: string; path: string; body?: Buffer; chunked?: boolean },
): Promise<AgentResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (body !== undefined && !chunked) headers['content-length'] = String(body.length);
    const req = request({ agent, host: '127.0.0.1', port, method, path, headers }, (res) => {
      const localPort = res.socket.localPort ?? 0;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (data: string) => (text += data));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, localPort });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body === undefined) req.end();
    else if (!chunked) req.end(body);
    else {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) req.write(body.subarray(offset, offset + 64 * 1024));
      req.end();
    }
  });
}

const portOf = (server: RunningServer): number => Number(new URL(server.baseUrl).port);

/** A JSON body of `size` bytes: four times the server's limit below, so the 413 goes out while it is still being sent. */
const jsonBody = (size: number): Buffer => Buffer.from(`{"email":"${'x'.repeat(size - 23)}","password":"x"}`);

const BODY_LIMIT = 256 * 1024;

describe('the transport of the real server process', () => {
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    server = await startServer({ CONDOR_BODY_LIMIT_BYTES: String(BODY_LIMIT), CONDOR_RATE_LIMIT: '10000' });
    port = portOf(server);
  }, 60_000);

  afterAll(async () => {
    await server.stop();
  });

  describe('a body over the limit', () => {
    it.each([
      ['with Content-Length', false],
      ['chunked', true],
    ])('%s: 413 ErrorResult with Connection: close, no reset, and the keep-alive agent goes on working', async (_name, chunked) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const before = await send(agent, port, { path: '/healthz' });
        const refused = await send(agent, port, { method: 'POST', path: '/v1/users', body: jsonBody(4 * BODY_LIMIT), chunked });
        const after = await send(agent, port, { path: '/healthz' });
        expect(refused.status).toBe(413);
        expectErrorResult(JSON.parse(refused.body) as Record<string, unknown>, 'BAD_REQUEST');
        expect(refused.headers['x-request-id']).toBeTruthy();
        expect(after.status).toBe(200);
        expect(refused.headers.connection).toBe('close');
        expect(refused.localPort).toBe(before.localPort);
        expect(after.localPort).not.toBe(before.localPort);
        const again = await send(agent, port, { path: '/healthz' });
        expect(again.localPort).toBe(after.localPort);
      } finally {
        agent.destroy();
      }
    });

    it('closes with a FIN only after the whole body has arrived, and serves nothing pipelined behind it', async () => {
      const body = jsonBody(4 * BODY_LIMIT);
      const head = `POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1:${String(port)}\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n`;
      const pipelined = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
      const { text, ending } = await exchange(port, [head, body, pipelined]);
      expect(ending).toBe('end');
      const responses = responsesIn(text);
      expect(responses.map((r) => r.status)).toEqual([413]);
      expect(responses[0]?.headers.connection).toBe('close');
      expectErrorResult(responses[0]?.body ?? {}, 'BAD_REQUEST');
    });

    it('chunked: the same clean close after the last chunk', async () => {
      const body = jsonBody(4 * BODY_LIMIT);
      const chunks: string[] = [];
      for (let offset = 0; offset < body.length; offset += 32 * 1024) {
        const piece = body.subarray(offset, offset + 32 * 1024);
        chunks.push(`${piece.length.toString(16)}\r\n${piece.toString('latin1')}\r\n`);
      }
      const head = `POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const { text, ending } = await exchange(port, [head, ...chunks, '0\r\n\r\n']);
      expect(ending).toBe('end');
      const responses = responsesIn(text);
      expect(responses.map((r) => [r.status, r.body.error, r.headers.connection])).toEqual([[413, 'BAD_REQUEST', 'close']]);
    });
  });

  it('reads a POST with neither Content-Length nor Transfer-Encoding as bodiless, and serves what is pipelined behind it', async () => {
    const bodiless = `POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n`;
    const pipelined = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    const { text } = await exchange(port, [bodiless + pipelined]);
    const responses = responsesIn(text);
    expect(responses.map((r) => r.status)).toEqual([422, 200]);
    expectErrorResult(responses[0]?.body ?? {}, 'INVALID_EMAIL');
    expect(responses[1]?.body).toEqual({ status: 'ok' });
  });

  describe('what Node refuses before the app runs is an ErrorResult too', () => {
    it.each([
      ['a 20 KB URL', 431, `GET /v1/${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`],
      ['a garbage request line', 400, 'GARBAGE\r\n\r\n'],
      ['an HTTP/1.1 request without Host', 400, 'GET /healthz HTTP/1.1\r\n\r\n'],
      ['a backslash in the path', 400, 'GET /a\\b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
      ['a Host that makes no URL', 400, 'GET /healthz HTTP/1.1\r\nHost: evil.example:99999\r\n\r\n'],
      ['Content-Length with Transfer-Encoding', 400, 'POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
      ['an unknown Expect', 417, 'POST /v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n'],
      ['CONNECT', 400, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'],
    ])('%s: %i with a seven-key ErrorResult, X-Request-Id and Connection: close', async (_name, status, raw) => {
      const { text, ending } = await exchange(port, [raw]);
      expect(ending).toBe('end');
      const responses = responsesIn(text);
      expect(responses.map((r) => r.status)).toEqual([status]);
      expect(responses[0]?.headers.connection).toBe('close');
      expect(responses[0]?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expectErrorResult(responses[0]?.body ?? {}, 'BAD_REQUEST');
    });
  });

  describe('/mcp refuses a foreign Host (DNS rebinding) when bound to loopback', () => {
    it.each([
      ['evil.example', '/mcp', 403],
      ['evil.example:PORT', '/mcp', 403],
      ['localhost.evil.example', '/mcp', 403],
      ['evil.example', 'http://127.0.0.1:PORT/mcp', 403],
      ['127.0.0.1:PORT', 'http://evil.example/mcp', 403],
      ['127.0.0.1:PORT', '/mcp', 200],
      ['localhost:PORT', '/mcp', 200],
      ['LOCALHOST', '/mcp', 200],
      ['[::1]:PORT', '/mcp', 200],
    ])('Host %s, target %s: %i', async (host, target, status) => {
      const response = await initialize(port, host.replace('PORT', String(port)), target.replace('PORT', String(port)));
      expect(response.status).toBe(status);
      if (status === 403) expectErrorResult(response.body, 'FORBIDDEN');
      else expect(response.body).toHaveProperty('result');
    });
  });
});

describe('/mcp with CONDOR_ALLOWED_HOSTS', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ CONDOR_ALLOWED_HOSTS: 'condor.example' });
  }, 60_000);

  afterAll(async () => {
    await server.stop();
  });

  it('answers to the configured name on any port and refuses the loopback names it replaced', async () => {
    const port = portOf(server);
    expect((await initialize(port, `condor.example:${String(port)}`)).status).toBe(200);
    expect((await initialize(port, 'CONDOR.EXAMPLE')).status).toBe(200);
    const loopback = await initialize(port, `127.0.0.1:${String(port)}`);
    expect(loopback.status).toBe(403);
    expectErrorResult(loopback.body, 'FORBIDDEN');
    expect((await initialize(port, 'evil.example')).status).toBe(403);
  });
});

/** An MCP `initialize` with the given `Host` header and request target, over a raw connection. */
async function initialize(port: number, host: string, target = '/mcp'): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'transport-test', version: '1' } },
  });
  const { text } = await exchange(port, [
    `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
      `Content-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n${body}`,
  ]);
  const [response] = responsesIn(text);
  if (response === undefined) throw new Error(`no response: ${text}`);
  return { status: response.status, body: response.body };
}
