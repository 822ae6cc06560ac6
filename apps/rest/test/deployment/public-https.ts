import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** A self-signed certificate for one host name (openssl), as the proxy's files and as PEM text for clients. */
export interface SiteCertificate {
  readonly certFile: string;
  readonly keyFile: string;
  readonly cert: string;
  remove(): void;
}

export function siteCertificate(hostname: string): SiteCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'condor-site-tls-'));
  const keyFile = join(dir, 'privkey.pem');
  const certFile = join(dir, 'fullchain.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`, '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), remove: () => { rmSync(dir, { recursive: true, force: true }); } };
}

/**
 * A `fetch` for the public https origin as a remote client reaches it: the host name is sent in SNI and `Host` and
 * the certificate is checked against it and `ca` (no check is turned off), but the connection goes to `address`, as
 * if DNS said so. Redirects are not followed: the answer is the proxy's or condor's own.
 *
 * @example const get = publicFetch(certificate.cert, '127.0.0.1'); await get('https://condor.test:8443/readyz');
 */
export function publicFetch(ca: string, address: string): typeof fetch {
  return async (input, init) => {
    const outgoing = new Request(input, init);
    const url = new URL(outgoing.url);
    if (url.protocol !== 'https:') throw new Error(`publicFetch only speaks https, not ${url.href}`);
    const body = outgoing.body === null ? null : Buffer.from(await outgoing.arrayBuffer());
    return new Promise<Response>((done, fail) => {
      const sent = request(
        {
          host: address,
          port: url.port === '' ? 443 : Number(url.port),
          servername: url.hostname,
          path: `${url.pathname}${url.search}`,
          method: outgoing.method,
          headers: { ...Object.fromEntries(outgoing.headers), host: url.host },
          ca,
          signal: outgoing.signal,
        },
        (answer) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
          }
          const status = answer.statusCode ?? 502;
          const empty = outgoing.method === 'HEAD' || status === 204 || status === 304;
          if (empty) answer.resume();
          done(new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), { status, headers }));
        },
      );
      sent.once('error', fail);
      sent.end(body ?? undefined);
    });
  };
}
