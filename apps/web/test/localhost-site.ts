import { createServer } from 'node:net';

/** A free loopback port. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });

/**
 * Where a server for passkey tests listens and is public: WebAuthn takes no IP address as the RP id, so the server
 * is started on a free port as http://localhost:<port> (`PORT`, `CONDOR_PUBLIC_URL`).
 */
export async function localhostSite(): Promise<{ site: string; env: { PORT: string; CONDOR_PUBLIC_URL: string } }> {
  const port = String(await freePort());
  const site = `http://localhost:${port}`;
  return { site, env: { PORT: port, CONDOR_PUBLIC_URL: site } };
}
