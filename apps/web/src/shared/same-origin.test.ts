import { describe, expect, it } from 'vitest';
import { isOwnOrigin } from './same-origin.js';

const host = '127.0.0.1:8080';

describe('isOwnOrigin', () => {
  it('accepts this host in Origin, or in Referer when Origin is missing', () => {
    expect(isOwnOrigin({ host, origin: 'http://127.0.0.1:8080', referer: undefined }, null)).toBe(true);
    expect(isOwnOrigin({ host, origin: undefined, referer: 'http://127.0.0.1:8080/approve/abc' }, null)).toBe(true);
  });

  it('refuses another host or port, null, garbage, and a post naming no origin', () => {
    for (const origin of ['http://127.0.0.1:9090', 'http://evil.example', 'null', 'not a url', 'http://127.0.0.1:8080.evil.example']) {
      expect(isOwnOrigin({ host, origin, referer: undefined }, null)).toBe(false);
    }
    expect(isOwnOrigin({ host, origin: undefined, referer: undefined }, null)).toBe(false);
    expect(isOwnOrigin({ host: undefined, origin: 'http://127.0.0.1:8080', referer: undefined }, null)).toBe(false);
  });

  it('trusts Origin over Referer: a foreign Origin fails even with this Referer', () => {
    expect(isOwnOrigin({ host, origin: 'http://evil.example', referer: 'http://127.0.0.1:8080/login' }, null)).toBe(false);
  });

  it('also accepts the public URL’s exact origin when a proxy rewrote Host, and nothing else for it', () => {
    const publicUrl = 'https://condor.example';
    expect(isOwnOrigin({ host: 'internal:8080', origin: 'https://condor.example', referer: undefined }, publicUrl)).toBe(true);
    expect(isOwnOrigin({ host: 'internal:8080', origin: 'https://condor.example:8443', referer: undefined }, publicUrl)).toBe(false);
    expect(isOwnOrigin({ host: 'internal:8080', origin: 'https://evil.example', referer: undefined }, publicUrl)).toBe(false);
    expect(isOwnOrigin({ host: 'condor.example', origin: 'https://evil.example', referer: undefined }, publicUrl)).toBe(false);
  });
});
