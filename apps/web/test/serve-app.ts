import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An in-process app served on a loopback port. */
export interface ServedApp {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Serves an app's `fetch` (the pages over in-memory services and fakes, as `pagesHarness` builds them) on a free
 * loopback port, so a real browser can use pages whose services a test controls: the fakes' accounts, the log.
 *
 * @example const served = await serveApp((request) => h.app.fetch(request)); await page.goto(`${served.baseUrl}/login`);
 */
export async function serveApp(fetch: (request: Request) => Response | Promise<Response>): Promise<ServedApp> {
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
      }
      const method = incoming.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : await bodyOf(incoming);
      const response = await fetch(new Request(`http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`, { method, headers, ...(body === undefined ? {} : { body }) }));
      const head: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') head[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) head['set-cookie'] = cookies;
      outgoing.writeHead(response.status, head);
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      outgoing.statusCode = 500;
      outgoing.end(error instanceof Error ? error.message : 'failed');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}`,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => {
          closed();
        });
      }),
  };
}
