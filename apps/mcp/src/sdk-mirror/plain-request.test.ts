import { describe, expect, it } from 'vitest';
import { plainRequestOf } from './plain-request.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LEGACY = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' };
const MODERN = { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_subscription' };

const request = (headers: Record<string, string>) => new Request('http://localhost/mcp', { method: 'POST', headers });
const call = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_subscription', ...params }, ...extra });

describe('plainRequestOf', () => {
  it('takes a plain call of either era, naming its era, id, params and what it says of its client', () => {
    expect(plainRequestOf(request(LEGACY), call({ arguments: {} }))).toMatchObject({ era: 'legacy', id: 1, method: 'tools/call', client: { modern: false, client: null } });
    expect(plainRequestOf(request(MODERN), call({ _meta: ENVELOPE }))).toMatchObject({ era: 'modern', meta: ENVELOPE, client: { modern: true, client: 'c/1', capabilities: {} } });
  });

  it('takes a call of any tool: which tools may ask their client is the direct path’s question, not the SDK’s', () => {
    expect(plainRequestOf(request(LEGACY), call({ name: 'confirm_proposal' }))).toMatchObject({ method: 'tools/call' });
  });

  it.each([
    ['a progress token', call({ _meta: { progressToken: 'p' } })],
    ['a key the SDK might read', call({ task: {} })],
    ['an unknown message key', call({}, { extra: 1 })],
    ['a fractional id', call({}, { id: 1.5 })],
    ['no id (a notification)', { jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_subscription' } }],
    ['a batch', [call({})]],
    ['requestState (a second round)', call({ requestState: 's' })],
    ['inputResponses (a second round)', call({ inputResponses: {} })],
    ['a name that is not a string', call({ name: 7 })],
    ['null params', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: null }],
    ['null _meta', call({ _meta: null })],
    ['a __proto__ argument', call({ arguments: JSON.parse('{"__proto__":{"email":"a@example.com"}}') as unknown })],
    ['initialize', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }],
  ])('leaves a 2025 request with %s to the SDK', (_what, body) => {
    expect(plainRequestOf(request(LEGACY), body)).toBeNull();
  });

  it.each([
    ['accepts JSON only', { ...LEGACY, accept: 'application/json' }],
    ['sends text', { ...LEGACY, 'content-type': 'text/plain' }],
    ['names a version the SDK does not serve', { ...LEGACY, 'mcp-protocol-version': '1999-01-01' }],
  ])('leaves a 2025 client that %s to the SDK', (_what, headers) => {
    expect(plainRequestOf(request(headers), call({}))).toBeNull();
  });

  it.each([
    ['no Mcp-Name', { ...MODERN, 'mcp-name': '' }],
    ['another Mcp-Name', { ...MODERN, 'mcp-name': 'logout' }],
    ['another Mcp-Method', { ...MODERN, 'mcp-method': 'tools/list' }],
    ['a 2025 version header', { ...MODERN, 'mcp-protocol-version': '2025-11-25' }],
  ])('leaves a 2026 call with %s to the SDK', (_what, headers) => {
    expect(plainRequestOf(request(headers), call({ _meta: ENVELOPE }))).toBeNull();
  });

  it('leaves a 2026 ping and a malformed envelope to the SDK', () => {
    expect(plainRequestOf(request({ ...MODERN, 'mcp-method': 'ping' }), { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: ENVELOPE } })).toBeNull();
    expect(plainRequestOf(request(MODERN), call({ _meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientInfo': 'me' } }))).toBeNull();
  });
});
