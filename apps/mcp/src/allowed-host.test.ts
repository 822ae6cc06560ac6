import { describe, expect, it } from 'vitest';
import { isHostAllowed, parseHost } from './allowed-host.js';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

const request = (url: string, host?: string): Request =>
  new Request(url, host === undefined ? {} : { headers: { host } });

describe('parseHost', () => {
  it('splits names, ports and bracketed IPv6, in lower case', () => {
    expect(parseHost('LocalHost:8787')).toEqual({ name: 'localhost', port: 8787 });
    expect(parseHost('[::1]:80')).toEqual({ name: '[::1]', port: 80 });
    expect(parseHost('condor.example')).toEqual({ name: 'condor.example', port: null });
  });

  it('refuses what is not a host', () => {
    for (const bad of ['', 'a b', 'evil.example:99999', 'evil.example:0', '::1', 'user@host', 'host:', '-x', 'x.']) {
      expect(parseHost(bad)).toBeNull();
    }
  });
});

describe('isHostAllowed', () => {
  it('admits the loopback names on any port', () => {
    for (const host of ['127.0.0.1:8787', 'localhost:8787', 'LOCALHOST', '[::1]:8787']) {
      expect(isHostAllowed(request('http://127.0.0.1:8787/mcp', host), LOOPBACK)).toBe(true);
    }
  });

  it('refuses a foreign Host even when the URL names loopback (absolute-form request target)', () => {
    expect(isHostAllowed(request('http://127.0.0.1:8787/mcp', 'evil.example'), LOOPBACK)).toBe(false);
    expect(isHostAllowed(request('http://127.0.0.1:8787/mcp', 'evil.example:8787'), LOOPBACK)).toBe(false);
    expect(isHostAllowed(request('http://127.0.0.1:8787/mcp', 'localhost.'), LOOPBACK)).toBe(false);
    expect(isHostAllowed(request('http://127.0.0.1:8787/mcp', '127.0.0.1.evil.example'), LOOPBACK)).toBe(false);
  });

  it('refuses a foreign URL authority even when Host names loopback', () => {
    expect(isHostAllowed(request('http://evil.example/mcp', 'localhost'), LOOPBACK)).toBe(false);
  });

  it('decides by the URL when there is no Host header', () => {
    expect(isHostAllowed(request('http://localhost:8787/mcp'), LOOPBACK)).toBe(true);
    expect(isHostAllowed(request('http://attacker.example:8787/mcp'), LOOPBACK)).toBe(false);
  });

  it('holds an entry with a port to that port; a host without one means the default port', () => {
    const allowed = ['condor.example:8443', 'plain.example:80'];
    expect(isHostAllowed(request('https://condor.example:8443/mcp', 'condor.example:8443'), allowed)).toBe(true);
    expect(isHostAllowed(request('https://condor.example:9443/mcp', 'condor.example:9443'), allowed)).toBe(false);
    expect(isHostAllowed(request('http://plain.example/mcp', 'plain.example'), allowed)).toBe(true);
  });
});
