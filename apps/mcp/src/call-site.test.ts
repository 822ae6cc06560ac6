import type { Authentication } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { callSiteOf, namedBatchOr, type Arrival, type CallSiteBase } from './call-site.js';
import { STATELESS_LEGACY_FACTS } from './client-facts.js';
import { ConnectionLogin } from './connection-login.js';

const HTTP: CallSiteBase = { serverId: 'srv', connection: null, configured: null, appsOffered: true };
/** A stand-in for the endpoint's authentication: only whether it is passed on matters here. */
const shared = (() => undefined) as unknown as Authentication;
const arrival = (over: Partial<Arrival> = {}): Arrival => ({
  bearer: 'tok',
  http: { requestId: 'req-1', clientIp: '10.0.0.1', batchKey: 'post-1', authenticated: shared },
  rpcId: 7,
  meta: undefined,
  facts: STATELESS_LEGACY_FACTS,
  progress: null,
  ctx: null,
  ...over,
});

describe('callSiteOf', () => {
  it('acts with the Bearer token, reusing the endpoint’s authentication of it', () => {
    expect(callSiteOf(HTTP, arrival())).toMatchObject({ credential: 'tok', bound: false, authenticated: shared, requestId: 'req-1:7', clientIp: '10.0.0.1', batchKey: 'post-1' });
  });

  it('reads an empty Bearer token as none, and then reuses no authentication', () => {
    expect(callSiteOf(HTTP, arrival({ bearer: '' }))).toMatchObject({ credential: null, authenticated: undefined });
  });

  it('falls back to the connection’s login, then the configured credential, over stdio (no HTTP facts)', () => {
    const connection = new ConnectionLogin();
    const stdio: CallSiteBase = { serverId: 'srv', connection, configured: 'condor_sk_configured', appsOffered: true };
    const bare = arrival({ bearer: undefined, http: undefined });
    expect(callSiteOf(stdio, bare)).toMatchObject({ credential: 'condor_sk_configured', bound: false, authenticated: undefined, requestId: 'srv:7', clientIp: null, batchKey: null });
    connection.bind('login-token');
    expect(callSiteOf(stdio, bare)).toMatchObject({ credential: 'login-token', bound: true });
  });

  it('offers the ticket’s tools only to a client that takes MCP Apps, where the server offers them', () => {
    const ui = { ...STATELESS_LEGACY_FACTS, capabilities: { extensions: { 'io.modelcontextprotocol/ui': {} } } };
    expect(callSiteOf(HTTP, arrival({ facts: ui })).ui).toBe(true);
    expect(callSiteOf({ ...HTTP, appsOffered: false }, arrival({ facts: ui })).ui).toBe(false);
    expect(callSiteOf(HTTP, arrival()).ui).toBe(false);
  });
});

describe('namedBatchOr', () => {
  it('takes a batch the client names in _meta over the per-POST key', () => {
    expect(namedBatchOr({ batch: 'mine' }, 'post-1')).toBe('mine');
    expect(namedBatchOr(undefined, 'post-1')).toBe('post-1');
    expect(namedBatchOr({ batch: 'mine' }, undefined)).toBe('mine');
  });

  it('ignores a name that is not a short non-empty string', () => {
    expect(namedBatchOr({ batch: 7 }, undefined)).toBeNull();
    expect(namedBatchOr({ batch: '' }, undefined)).toBeNull();
    expect(namedBatchOr({ batch: 'x'.repeat(129) }, 'post-1')).toBe('post-1');
  });
});
