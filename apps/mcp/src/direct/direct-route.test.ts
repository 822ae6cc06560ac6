import { describe, expect, it } from 'vitest';
import { SHELL_TOOLS } from '../shell-tools.js';
import { directRouteOf } from './direct-route.js';

const envelope = (capabilities: unknown) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});
const LEGACY = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' };
const modernHeaders = (name: string) => ({ 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name });

const request = (headers: Record<string, string>) => new Request('http://localhost/mcp', { method: 'POST', headers });
const call = (name: string, meta?: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {}, ...(meta === undefined ? {} : { _meta: meta }) } });
const modern = (name: string, capabilities: unknown) => directRouteOf(request(modernHeaders(name)), call(name, envelope(capabilities)));

const SHELL_NAMES = Object.keys(SHELL_TOOLS);

describe('directRouteOf', () => {
  it.each(SHELL_NAMES)('takes a 2025 call of %s: a stateless HTTP request cannot be asked anything', (name) => {
    expect(directRouteOf(request(LEGACY), call(name))).toMatchObject({ era: 'legacy', method: 'tools/call' });
  });

  it.each(SHELL_NAMES)('takes a 2026 call of %s from a client that declares no elicitation', (name) => {
    expect(modern(name, {})).toMatchObject({ era: 'modern' });
    expect(modern(name, { extensions: { 'io.modelcontextprotocol/ui': {} } })).toMatchObject({ era: 'modern' });
  });

  it('leaves a 2026 call that could ask its client to the SDK, in the mode its tool asks in', () => {
    for (const form of [{ elicitation: {} }, { elicitation: { form: {} } }, { elicitation: { form: {}, url: {} } }]) expect(modern('confirm_proposal', form)).toBeNull();
    for (const url of [{ elicitation: { url: {} } }, { elicitation: { form: {}, url: {} } }]) expect(modern('get_broker_keys_link', url)).toBeNull();
  });

  it('takes a 2026 call whose client declares only the mode its tool does not ask in, and the ticket’s tools whatever it declares', () => {
    expect(modern('confirm_proposal', { elicitation: { url: {} } })).not.toBeNull();
    expect(modern('get_broker_keys_link', { elicitation: { form: {} } })).not.toBeNull();
    expect(modern('get_broker_keys_link', { elicitation: {} })).not.toBeNull();
    for (const name of ['approve_proposal', 'reject_proposal']) expect(modern(name, { elicitation: { form: {}, url: {} } })).not.toBeNull();
  });

  it('leaves what is not a plain request to the SDK, shell tool or not', () => {
    expect(directRouteOf(request(LEGACY), { ...call('confirm_proposal'), params: { name: 'confirm_proposal', requestState: 's' } })).toBeNull();
    expect(directRouteOf(request(LEGACY), call('confirm_proposal', { progressToken: 'p' }))).toBeNull();
  });
});
