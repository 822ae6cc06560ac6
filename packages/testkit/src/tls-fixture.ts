import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for `localhost` and 127.0.0.1 (openssl), its key, and a PEM file of it for NODE_EXTRA_CA_CERTS. */
export interface TestCertificate {
  readonly cert: string;
  readonly key: string;
  readonly certFile: string;
  remove(): void;
}

export function selfSignedCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'condor-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile, remove: () => { rmSync(dir, { recursive: true, force: true }); } };
}

/** An https server on a free loopback port answering each path from `routes` (status, content type, body); others 404. */
export interface TestHttpsServer {
  readonly origin: string;
  readonly hits: string[];
  close(): Promise<void>;
}

export type TestRoute = { readonly status?: number; readonly type?: string; readonly body: string; readonly headers?: Record<string, string>; readonly delayMs?: number };

export async function httpsServer(certificate: TestCertificate, routes: Readonly<Record<string, TestRoute>>): Promise<TestHttpsServer> {
  const hits: string[] = [];
  const server: Server = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    hits.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    const answer = () => {
      if (route === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/json', ...route.headers }).end(route.body);
    };
    if (route?.delayMs === undefined) answer();
    else setTimeout(answer, route.delayMs);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `https://localhost:${String((server.address() as AddressInfo).port)}`,
    hits,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => { done(); }); }),
  };
}
