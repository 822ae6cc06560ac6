import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { credentialFromAuthorization, findCredential } from './credential.js';

describe('credentialFromAuthorization', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['   ', null],
    ['Bearer abc.def', 'abc.def'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    ['Bearer', 'Bearer'],
    ['Bearer a b', 'Bearer a b'],
    ['Basic YWJj', 'Basic YWJj'],
    ['abc', 'abc'],
  ])('%j -> %j', (header, expected) => {
    expect(credentialFromAuthorization(header)).toBe(expected);
  });
});

describe('findCredential', () => {
  const app = new Hono().get('/', (c) => c.json(findCredential(c.req.raw.headers)));
  const find = async (headers: Record<string, string>) => (await app.request('/', { headers })).json();

  it('takes the header first, then the session cookie, else nothing', async () => {
    expect(await find({ authorization: 'Bearer h', cookie: '__Host-condor_session=c' })).toEqual({ credential: 'h', source: 'header' });
    expect(await find({ cookie: 'other=1; __Host-condor_session=c' })).toEqual({ credential: 'c', source: 'cookie' });
    expect(await find({ authorization: ' ', cookie: '__Host-condor_session=c' })).toEqual({ credential: 'c', source: 'cookie' });
    expect(await find({ cookie: 'condor_session=c' })).toEqual({ credential: null, source: 'none' });
    expect(await find({})).toEqual({ credential: null, source: 'none' });
  });
});
