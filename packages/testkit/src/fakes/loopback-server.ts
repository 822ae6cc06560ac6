import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test HTTP server on 127.0.0.1 and a free port, started and stopped on demand. */
export class LoopbackServer {
  private server: Server | null = null;

  constructor(private readonly handle: (req: IncomingMessage, res: ServerResponse) => void) {}

  /** Listens and answers the base URL. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res);
    });
    this.server = server;
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
    });
    return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  }

  /** Closes open connections too, so a test never waits on a keep-alive socket. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
}
