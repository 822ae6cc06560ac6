import { httpsServer, selfSignedCertificate, type TestHttpsServer } from '@condor/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpsClientMetadataDocuments, type ClientDocumentPolicy } from './https-client-metadata-documents.js';
import { isFetchableAddress } from './public-address.js';

const certificate = selfSignedCertificate();
let server: TestHttpsServer;
const DOC = { client_id: 'x', redirect_uris: ['http://127.0.0.1/cb'] };

beforeAll(async () => {
  server = await httpsServer(certificate, {
    '/client.json': { body: JSON.stringify(DOC) },
    '/moved.json': { status: 302, body: '', headers: { location: '/client.json' } },
    '/page.json': { type: 'text/html', body: '<html>' },
    '/big.json': { body: JSON.stringify({ pad: 'x'.repeat(20_000) }) },
    '/broken.json': { body: '{"client_id":' },
    '/slow.json': { body: JSON.stringify(DOC), delayMs: 1_500 },
  });
});

afterAll(async () => {
  await server.close();
  certificate.remove();
});

const documents = (policy: Partial<ClientDocumentPolicy> = {}, now = () => 0) =>
  new HttpsClientMetadataDocuments({ allowLoopback: true, ca: certificate.cert, timeoutMs: 1_000, ...policy }, now);

describe('fetching Client ID Metadata Documents', () => {
  it('fetches a JSON document over https and reuses it for a while, but never a failure', async () => {
    let now = 0;
    const fetcher = documents({}, () => now);
    expect(await fetcher.fetch(`${server.origin}/client.json`)).toEqual({ ok: true, document: DOC });
    await fetcher.fetch(`${server.origin}/client.json`);
    expect(server.hits.filter((h) => h === '/client.json')).toHaveLength(1);
    now += 5 * 60_000;
    await fetcher.fetch(`${server.origin}/client.json`);
    expect(server.hits.filter((h) => h === '/client.json')).toHaveLength(2);
    await fetcher.fetch(`${server.origin}/missing.json`);
    await fetcher.fetch(`${server.origin}/missing.json`);
    expect(server.hits.filter((h) => h === '/missing.json')).toHaveLength(2);
  });

  it.each([
    ['/moved.json', 'redirects are not followed'],
    ['/missing.json', '404'],
    ['/page.json', 'not JSON'],
    ['/big.json', 'larger than 16384 bytes'],
    ['/broken.json', 'not valid JSON'],
    ['/slow.json', 'did not answer in time'],
  ])('refuses %s: %s', async (path, reason) => {
    const fetched = await documents().fetch(`${server.origin}${path}`);
    expect(fetched).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it('refuses loopback unless the policy allows it, by name and by address, and refuses http', async () => {
    const strict = documents({ allowLoopback: false });
    expect(await strict.fetch(`${server.origin}/client.json`)).toEqual({ ok: false, reason: expect.stringContaining('not public') });
    expect(await strict.fetch(`${server.origin.replace('localhost', '127.0.0.1')}/client.json`)).toEqual({ ok: false, reason: expect.stringContaining('not a public address') });
    expect(await documents().fetch(`${server.origin.replace('https', 'http')}/client.json`)).toEqual({ ok: false, reason: expect.stringContaining('https') });
  });

  it('refuses a certificate it does not trust', async () => {
    const fetched = await new HttpsClientMetadataDocuments({ allowLoopback: true, timeoutMs: 1_000 }, () => 0).fetch(`${server.origin}/client.json`);
    expect(fetched.ok).toBe(false);
  });
});

describe('addresses a server fetch may reach', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['::1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.100.1.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:93.184.215.14', true],
    ['::ffff:a00:1', false],
    ['0:0:0:0:0:ffff:a00:1', false],
    ['not an address', false],
  ])('%s -> %s', (address, fetchable) => {
    expect(isFetchableAddress(address, false)).toBe(fetchable);
  });

  it('lets loopback through only when allowed, never another private range', () => {
    expect(isFetchableAddress('127.0.0.1', true)).toBe(true);
    expect(isFetchableAddress('::1', true)).toBe(true);
    expect(isFetchableAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isFetchableAddress('10.0.0.1', true)).toBe(false);
  });
});
