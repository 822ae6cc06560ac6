import { describe, expect, it } from 'vitest';
import { isOriginAllowed } from './origin.js';

const request = (origin?: string): Request =>
  new Request('http://localhost:8787/mcp', origin === undefined ? {} : { headers: { origin } });

describe('isOriginAllowed', () => {
  it('admits requests without an Origin and from the endpoint’s own host', () => {
    expect(isOriginAllowed(request(), [])).toBe(true);
    expect(isOriginAllowed(request('http://localhost:8787'), [])).toBe(true);
  });

  it('refuses other hosts, other ports and unparsable origins', () => {
    expect(isOriginAllowed(request('https://evil.example'), [])).toBe(false);
    expect(isOriginAllowed(request('http://localhost:9999'), [])).toBe(false);
    expect(isOriginAllowed(request('null'), [])).toBe(false);
  });

  it('admits configured origins, compared as origins', () => {
    expect(isOriginAllowed(request('https://app.example.com'), ['https://app.example.com/'])).toBe(true);
    expect(isOriginAllowed(request('http://app.example.com'), ['https://app.example.com'])).toBe(false);
  });
});
