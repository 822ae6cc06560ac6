import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, type RequestHeaders } from './csrf.js';

const HOST = 'condor.example';

describe('isCrossSiteWrite', () => {
  it.each<[string, string, RequestHeaders, boolean]>([
    // Origin alone (browsers before Fetch Metadata)
    ['foreign Origin', 'DELETE', { host: HOST, origin: 'https://evil.example' }, true],
    ['same Origin', 'POST', { host: HOST, origin: 'https://condor.example' }, false],
    ['same Origin, default port in Host', 'POST', { host: 'CONDOR.example:443', origin: 'https://condor.example' }, false],
    ['same Origin with a port', 'POST', { host: 'localhost:8080', origin: 'http://localhost:8080' }, false],
    ['other port', 'POST', { host: 'localhost:9090', origin: 'http://localhost:8080' }, true],
    ['look-alike host', 'POST', { host: HOST, origin: 'https://condor.example.evil.example' }, true],
    ['Origin null (sandboxed frame)', 'POST', { host: HOST, origin: 'null' }, true],
    ['unparsable Origin', 'POST', { host: HOST, origin: 'not a url' }, true],
    ['Origin without a Host', 'POST', { origin: 'https://condor.example' }, true],
    // Fetch Metadata
    ['Sec-Fetch-Site same-origin', 'POST', { host: HOST, 'sec-fetch-site': 'same-origin' }, false],
    ['Sec-Fetch-Site none (typed by the user)', 'POST', { host: HOST, 'sec-fetch-site': 'none' }, false],
    ['Sec-Fetch-Site cross-site without Origin (the reported attack)', 'POST', { host: HOST, 'sec-fetch-site': 'cross-site' }, true],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', 'POST', { host: HOST, 'sec-fetch-site': 'same-site' }, true],
    ['Sec-Fetch-Site cross-site with a same Origin', 'POST', { host: HOST, 'sec-fetch-site': 'cross-site', origin: 'https://condor.example' }, true],
    ['Sec-Fetch-Site same-origin with a foreign Origin', 'POST', { host: HOST, 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, true],
    ['unknown Sec-Fetch-Site', 'POST', { host: HOST, 'sec-fetch-site': 'whatever' }, true],
    ['empty Sec-Fetch-Site', 'POST', { host: HOST, 'sec-fetch-site': '' }, true],
    // Referer
    ['only a foreign Referer (the reported attack)', 'POST', { host: HOST, referer: 'https://evil.example/page' }, true],
    ['only a same Referer', 'POST', { host: HOST, referer: 'https://condor.example/account?x=1' }, false],
    ['same Origin with a foreign Referer', 'PATCH', { host: HOST, origin: 'https://condor.example', referer: 'https://evil.example/' }, true],
    ['unparsable Referer', 'POST', { host: HOST, referer: 'about:blank' }, true],
    ['all three agree', 'PUT', { host: HOST, 'sec-fetch-site': 'same-origin', origin: 'https://condor.example', referer: 'https://condor.example/' }, false],
    // none of the three: no browser sends a cookie write like this
    ['no Sec-Fetch-Site, Origin or Referer', 'POST', { host: HOST }, true],
    ['no headers at all', 'DELETE', {}, true],
    // reads are never refused
    ['GET from another site', 'GET', { host: HOST, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, false],
    ['HEAD without headers', 'HEAD', {}, false],
    ['lower-case get', 'get', { 'sec-fetch-site': 'cross-site' }, false],
  ])('%s: %s -> %s', (_name, method, headers, expected) => {
    expect(isCrossSiteWrite(method, headers)).toBe(expected);
  });
});

describe('isCrossSiteWrite behind a proxy that rewrites Host (the public URL given)', () => {
  const PUBLIC = 'https://condor.example:8443';
  it.each<[string, RequestHeaders, boolean]>([
    ['Origin of the public URL, Host without its port (nginx $host)', { host: HOST, origin: PUBLIC, 'sec-fetch-site': 'same-origin' }, false],
    ['Origin of the public URL, Host the upstream name (nginx default)', { host: 'condor', origin: PUBLIC }, false],
    ['Referer on the public URL', { host: '127.0.0.1:8787', referer: `${PUBLIC}/healthz` }, false],
    ['the public host on another port', { host: HOST, origin: 'https://condor.example' }, false],
    ['the public host and port over http', { host: '127.0.0.1:8787', origin: 'http://condor.example:8443' }, true],
    ['the public host on another port, Host the upstream name', { host: 'condor', origin: 'https://condor.example' }, true],
    ['a foreign Origin', { host: 'condor', origin: 'https://evil.example' }, true],
    ['a look-alike of the public URL', { host: 'condor', origin: 'https://condor.example:8443.evil.example' }, true],
    ['the public Origin but Sec-Fetch-Site cross-site', { host: 'condor', origin: PUBLIC, 'sec-fetch-site': 'cross-site' }, true],
    ['the public Origin with a foreign Referer', { host: 'condor', origin: PUBLIC, referer: 'https://evil.example/' }, true],
    ['no Origin, Referer or Sec-Fetch-Site', { host: 'condor' }, true],
  ])('%s -> %s', (_name, headers, expected) => {
    expect(isCrossSiteWrite('POST', headers, PUBLIC)).toBe(expected);
  });

  it('adds only the public origin: without one (or with a path on it) the answers are as before', () => {
    expect(isCrossSiteWrite('POST', { host: 'condor', origin: PUBLIC })).toBe(true);
    expect(isCrossSiteWrite('POST', { host: 'condor', origin: PUBLIC }, `${PUBLIC}/base`)).toBe(false);
    expect(isCrossSiteWrite('POST', { host: 'condor', origin: PUBLIC }, 'not a url')).toBe(true);
  });
});

const optional = (value: fc.Arbitrary<string>) => fc.option(value, { nil: undefined });
const urlish = fc.oneof(fc.webUrl(), fc.constantFrom('https://condor.example', 'https://condor.example/x', 'null'), fc.string());
const writes = fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'post', 'OPTIONS');

test.prop([
  writes,
  fc.constantFrom('cross-site', 'same-site'),
  optional(urlish),
  optional(urlish),
  optional(fc.constantFrom(HOST, 'condor.example:443', 'evil.example')),
  fc.dictionary(fc.string().map((name) => name.toLowerCase()), fc.string(), { maxKeys: 4 }),
])('refuses every write whose Sec-Fetch-Site is cross-site or same-site, whatever else it carries', (method, fetchSite, origin, referer, host, extra) => {
  const headers: RequestHeaders = { ...extra, 'sec-fetch-site': fetchSite, origin, referer, host };
  expect(isCrossSiteWrite(method, headers)).toBe(true);
});

test.prop([writes, optional(urlish), optional(urlish), optional(fc.constantFrom('same-origin', 'none', 'cross-site', 'same-site', 'x'))])(
  'lets a write through only with a sign of this origin and none of another',
  (method, origin, referer, fetchSite) => {
    const headers: RequestHeaders = { host: HOST, origin, referer, 'sec-fetch-site': fetchSite };
    const ours = (url: string | undefined) => url === undefined || /^https:\/\/condor\.example(\/|$)/.test(url);
    const signs = [origin, referer, fetchSite].filter((value) => value !== undefined);
    const passes = signs.length > 0 && ours(origin) && ours(referer) && (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none');
    expect(isCrossSiteWrite(method, headers)).toBe(!passes);
  },
);
