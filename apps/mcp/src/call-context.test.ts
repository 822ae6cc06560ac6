import { describe, expect, it } from 'vitest';
import { batchOf, bearerOf, requestIdOf, type CallExtra } from './call-context.js';

const auth = (token: string, extra: Record<string, unknown> = {}): CallExtra['authInfo'] => ({
  token,
  clientId: 'condor',
  scopes: [],
  extra,
});

describe('bearerOf', () => {
  it('takes the transport token and reads an empty one as none', () => {
    expect(bearerOf({ requestId: 1, authInfo: auth('t') })).toBe('t');
    expect(bearerOf({ requestId: 1, authInfo: auth('') })).toBeNull();
    expect(bearerOf({ requestId: 1 })).toBeNull();
  });
});

describe('batchOf', () => {
  it('prefers the key the HTTP handler minted over one the client names', () => {
    expect(batchOf({ requestId: 1, authInfo: auth('', { batchKey: 'post-1' }), _meta: { batch: 'mine' } })).toBe('post-1');
  });

  it('takes a client-named batch from _meta when the transport has none', () => {
    expect(batchOf({ requestId: 1, _meta: { batch: 'mine' } })).toBe('mine');
  });

  it('ignores anything that is not a short non-empty string', () => {
    expect(batchOf({ requestId: 1, _meta: { batch: 7 } })).toBeNull();
    expect(batchOf({ requestId: 1, _meta: { batch: '' } })).toBeNull();
    expect(batchOf({ requestId: 1, _meta: { batch: 'x'.repeat(129) } })).toBeNull();
    expect(batchOf({ requestId: 1, authInfo: auth('t', { batchKey: 3 }) })).toBeNull();
  });
});

describe('requestIdOf', () => {
  it('prefixes the JSON-RPC id with the HTTP request id, else with the server id', () => {
    expect(requestIdOf({ requestId: 4, authInfo: auth('', { requestId: 'req-9' }) }, 'srv')).toBe('req-9:4');
    expect(requestIdOf({ requestId: 'a' }, 'srv')).toBe('srv:a');
  });
});
