import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacTokenSigner } from './hmac-token-signer.js';

const KEY = Buffer.alloc(32, 1);
const claims = { sub: 'user-1', sid: 'session-1', iat: 1_767_623_400, exp: 1_767_624_300 };
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const signWith = (key: Buffer, header: unknown, payload: unknown): string => {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
};

describe('HmacTokenSigner', () => {
  const signer = new HmacTokenSigner(KEY);

  it('verifies what it signed and returns the claims', () => {
    expect(signer.verify(signer.sign(claims))).toEqual(claims);
  });

  it('rejects a token whose payload was altered', () => {
    const [h, , s] = signer.sign(claims).split('.');
    expect(signer.verify(`${h!}.${b64({ ...claims, sub: 'someone-else', iss: 'condor', aud: 'condor' })}.${s!}`)).toBeNull();
  });

  it('rejects a token signed with another key', () => {
    expect(new HmacTokenSigner(Buffer.alloc(32, 2)).verify(signer.sign(claims))).toBeNull();
  });

  it('rejects alg none, another algorithm, and another token type even when correctly MACed', () => {
    const payload = { iss: 'condor', aud: 'condor', ...claims };
    expect(signer.verify(`${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(payload)}.`)).toBeNull();
    expect(signer.verify(signWith(KEY, { alg: 'HS512', typ: 'at+jwt' }, payload))).toBeNull();
    expect(signer.verify(signWith(KEY, { alg: 'HS256', typ: 'refresh+jwt' }, payload))).toBeNull();
    expect(signer.verify(signWith(KEY, { alg: 'HS256', typ: 'at+jwt' }, payload))).toEqual(claims);
  });

  it('rejects other issuers, audiences that are not text, and malformed tokens', () => {
    expect(signer.verify(signWith(KEY, { alg: 'HS256', typ: 'at+jwt' }, { ...claims, iss: 'x', aud: 'condor' }))).toBeNull();
    expect(signer.verify(signWith(KEY, { alg: 'HS256', typ: 'at+jwt' }, { ...claims, iss: 'condor', aud: ['condor'] }))).toBeNull();
    expect(signer.verify(signWith(KEY, { alg: 'HS256', typ: 'at+jwt' }, { ...claims, iss: 'condor', aud: 'condor', scope: 7 }))).toBeNull();
    for (const bad of ['', 'abc', 'a.b', 'a.b.c.d', '...', '%%%.%%%.%%%']) expect(signer.verify(bad)).toBeNull();
  });

  it('carries an OAuth token’s scope, client and resource (its audience) for the caller to check where it is used', () => {
    const oauth = { ...claims, scope: 'read propose', resource: 'https://condor.example/mcp', clientId: 'https://client.example/meta.json' };
    expect(signer.verify(signer.sign(oauth))).toEqual(oauth);
    expect(signer.verify(signWith(KEY, { alg: 'HS256', typ: 'at+jwt' }, { ...claims, iss: 'condor', aud: 'x' }))).toEqual({ ...claims, resource: 'x' });
  });

  it('refuses keys shorter than 32 bytes', () => {
    expect(() => new HmacTokenSigner(Buffer.alloc(31))).toThrow(/at least 32 bytes/);
  });
});
