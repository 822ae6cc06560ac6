import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A native MCP host's loopback listener: the first redirect it receives, and a page saying the browser may close. */
export interface CallbackServer {
  readonly url: string;
  /** The query of the next redirect to `/callback`. */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function callbackServer(): Promise<CallbackServer> {
  let waiting: ((query: URLSearchParams) => void) | null = null;
  const arrived: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Done</title><p data-role="callback">You may close this window.</p>');
    if (waiting === null) arrived.push(url.searchParams);
    else waiting(url.searchParams);
    waiting = null;
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/callback`,
    next: () => {
      const early = arrived.shift();
      return early === undefined ? new Promise((done) => { waiting = done; }) : Promise.resolve(early);
    },
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => { done(); }); }),
  };
}
