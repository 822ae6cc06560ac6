import { describe, expect, it } from 'vitest';
import { isClientIdUrl } from './client-id-url.js';
import { redirectMatches, redirectUriProblem, withResponseParameters } from './redirect-uri.js';

describe('redirect URIs a client may register', () => {
  it.each([
    'https://client.example/oauth/callback',
    'https://client.example:8443/cb?tenant=1',
    'http://127.0.0.1/callback',
    'http://127.0.0.1:33418/callback',
    'http://[::1]:4000/cb',
    'http://localhost:3000/cb',
    'com.example.app:/oauth2redirect',
    'cursor://anysphere.cursor-retrieval/oauth/callback',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });

  it.each([
    ['http://client.example/cb', 'loopback'],
    ['http://127.0.0.1.evil.example/cb', 'loopback'],
    ['https://client.example/cb#frag', 'fragment'],
    ['javascript:alert(1)', 'javascript'],
    ['data:text/html,hi', 'data'],
    ['file:///etc/passwd', 'file'],
    ['/relative/callback', 'absolute'],
    ['https://user:pw@client.example/cb', 'user'],
    ['https:///cb', 'host'],
    ['https://client.example/c b', 'absolute'],
    ['https://client.example/cb\n', 'absolute'],
    [`https://client.example/${'a'.repeat(2000)}`, 'longer'],
  ])('refuses %s', (uri, why) => {
    expect(redirectUriProblem(uri)).toContain(why);
  });
});

describe('matching a request’s redirect URI with the registered ones', () => {
  it('is exact string equality, with any port for a loopback http redirect (RFC 8252 §7.3)', () => {
    expect(redirectMatches('https://client.example/cb', 'https://client.example/cb')).toBe(true);
    expect(redirectMatches('https://client.example/cb', 'https://client.example/cb/')).toBe(false);
    expect(redirectMatches('https://client.example/cb', 'https://CLIENT.example/cb')).toBe(false);
    expect(redirectMatches('https://client.example/cb', 'https://client.example/cb?x=1')).toBe(false);
    expect(redirectMatches('https://client.example:443/cb', 'https://client.example:8443/cb')).toBe(false);
    expect(redirectMatches('http://127.0.0.1/callback', 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectMatches('http://127.0.0.1:1000/callback', 'http://127.0.0.1:2000/callback')).toBe(true);
    expect(redirectMatches('http://127.0.0.1/callback', 'http://127.0.0.1:51234/other')).toBe(false);
    expect(redirectMatches('http://127.0.0.1/callback', 'http://[::1]:51234/callback')).toBe(false);
    expect(redirectMatches('http://127.0.0.1/callback', 'http://user@127.0.0.1:5/callback')).toBe(false);
    expect(redirectMatches('http://127.0.0.1/callback', 'http://127.0.0.1:5/callback#x')).toBe(false);
  });

  it('adds the response parameters to the redirect URI’s own query, encoded', () => {
    expect(withResponseParameters('https://c.example/cb', { code: 'a b&c', state: null, iss: 'https://condor.example' })).toBe(
      'https://c.example/cb?code=a%20b%26c&iss=https%3A%2F%2Fcondor.example',
    );
    expect(withResponseParameters('https://c.example/cb?t=1', { code: 'x' })).toBe('https://c.example/cb?t=1&code=x');
  });
});

describe('client ids that name a Client ID Metadata Document', () => {
  it.each([
    ['https://client.example/oauth/client.json', true],
    ['https://client.example:8443/c', true],
    ['https://client.example/', false],
    ['https://client.example', false],
    ['http://client.example/client.json', false],
    ['https://client.example/client.json?v=1', false],
    ['https://client.example/client.json#x', false],
    ['https://u:p@client.example/client.json', false],
    ['https://client.example/a/../client.json', false],
    ['https://client.example/./client.json', false],
    ['0c1e0000-0000-4000-8000-000000000001', false],
  ])('%s -> %s', (id, expected) => {
    expect(isClientIdUrl(id)).toBe(expected);
  });
});
