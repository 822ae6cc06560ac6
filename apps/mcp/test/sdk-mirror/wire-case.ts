import { CATALOGUE } from '@condor/core';
import * as fc from 'fast-check';
import { SHELL_TOOLS } from '../../src/shell-tools.js';
import { PASSWORD, MCP_URL, type Era } from '../support.js';
import { CALLERS, type Caller } from './differential.js';
import { CANDIDATE } from '../trading-world.js';

/** One POST to the endpoint as a generated client sends it: a message (well formed or not) and its headers. */
export interface WireCase {
  readonly era: Era;
  readonly caller: Caller;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const MODERN = '2026-07-28';
const ABSENT = Symbol('absent');
type Maybe<T> = T | typeof ABSENT;

const envelope = (capabilities: unknown): Record<string, unknown> => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'differential', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});

/** Every tool of the catalogue and the shell, and names that are none. */
const TOOL_NAMES = [...CATALOGUE.map((op) => op.name), ...Object.keys(SHELL_TOOLS), 'no_such_tool', '', '=?base64?Z2V0?='];

/** Arguments that pass validation (or fail it deep inside), per tool; create_strategy's optimizer run is left out for time. */
const VALID_ARGUMENTS: readonly unknown[] = [
  {},
  { name: 'eua' },
  { name: 'risk-disclosure' },
  { ticker: 'SPY' },
  { ticker: 'SPY', top_k: 25 },
  { ticker: 'ZZZZ' },
  { email: 'bea@example.com', password: PASSWORD },
  { email: 'nope', password: PASSWORD },
  { plan: 'premium' },
  { name: 'a key', scopes: ['read'] },
  { name: 'a key', scopes: ['read', 'trade'] },
  { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' },
  { position_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' },
  { authorization_confirmed: true, broker: 'sim' },
  { action: 'cancel', order_id: 'o-1' },
  { include_closed: true },
  { refresh_token: 'made-up' },
  { candidate: CANDIDATE, qty: 0 },
  // As JSON.parse reads it: an own `__proto__` key, which an object literal cannot write.
  JSON.parse(`{"__proto__":{"email":"bea@example.com"},"password":"${PASSWORD}"}`) as unknown,
];

const argumentsArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VALID_ARGUMENTS) },
  { weight: 1, arbitrary: fc.constant<typeof ABSENT>(ABSENT) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const idArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.integer(), fc.string({ maxLength: 6 })) },
  { weight: 1, arbitrary: fc.constantFrom<Maybe<unknown>>(ABSENT, null, 1.5, true, 2 ** 60, [1]) },
);

const methodArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('tools/call') },
  { weight: 3, arbitrary: fc.constantFrom('tools/list', 'ping') },
  { weight: 1, arbitrary: fc.constantFrom('initialize', 'server/discover', 'resources/list', 'prompts/list', 'notifications/initialized', 'no/such') },
);

/** The `_meta` a client adds besides the 2026 envelope: a named batch, a progress token (a stream), or a key of its own. */
const metaExtraArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constantFrom({ batch: 'b-1' }, { batch: 'x'.repeat(200) }, { batch: 7 }, { progressToken: 'p-1' }, { 'example.com/trace': 'on' }) },
);

const capabilitiesArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant<unknown>({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      { elicitation: { form: {} } },
      { elicitation: { url: {} } },
      { elicitation: {} },
      { extensions: { 'io.modelcontextprotocol/ui': {} } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/plain'] } } },
      { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: 'text/html;profile=mcp-app' } }, experimental: { x: {} } },
      { elicitation: 'yes' },
      null,
    ),
  },
);

/** How far the message strays from a plain request. */
const SHAPES = ['plain', 'extra-key', 'jsonrpc-1', 'params-array', 'params-string', 'params-null', 'meta-null', 'notification', 'batch', 'not-json', 'no-envelope-keys'] as const;
type Shape = (typeof SHAPES)[number];

/** How far the headers stray from what a conforming client of the era sends. */
const HEADER_SHAPES = ['conforming', 'accept-json-only', 'no-accept', 'text-plain', 'json-charset', 'version-2025-06-18', 'version-bogus', 'version-modern', 'no-version', 'no-method', 'wrong-method', 'no-name', 'wrong-name', 'padded-name'] as const;
type HeaderShape = (typeof HEADER_SHAPES)[number];

interface Drawn {
  readonly era: Era;
  readonly caller: Caller;
  readonly method: string;
  readonly id: Maybe<unknown>;
  readonly call: { readonly name: string; readonly args: Maybe<unknown> };
  readonly metaExtra: Record<string, unknown>;
  readonly capabilities: unknown;
  readonly shape: Shape;
  readonly headerShape: HeaderShape;
}

/** Calls that succeed for the world's user (a linked paper broker, a market that knows SPY), answers with links among them. */
const GOOD_CALLS: readonly (readonly [string, unknown])[] = [
  ['propose_entry', { candidate: CANDIDATE, qty: 1 }],
  ['get_positions', {}],
  ['positions', { action: 'list' }],
  ['find_iron_condors', { ticker: 'SPY', top_k: 3 }],
  ['get_subscription', {}],
  ['get_onboarding_status', {}],
  ['list_api_keys', {}],
  ['create_api_key', { name: 'a key', scopes: ['read'] }],
  ['get_legal_document', { name: 'eua' }],
  ['get_broker_keys_link', {}],
  ['confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }],
  ['reject_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }],
];

const callArb: fc.Arbitrary<{ name: string; args: Maybe<unknown> }> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...GOOD_CALLS).map(([name, args]) => ({ name, args })) },
  {
    weight: 3,
    arbitrary: fc.record({
      name: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...TOOL_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
      args: argumentsArb,
    }),
  },
);

const drawnArb: fc.Arbitrary<Drawn> = fc.record({
  era: fc.constantFrom<Era>('modern', 'legacy'),
  caller: fc.constantFrom(...CALLERS),
  method: methodArb,
  id: idArb,
  call: callArb,
  metaExtra: metaExtraArb,
  capabilities: capabilitiesArb,
  // Most requests are plain (the direct path's), the rest stray in one way or another (the SDK's).
  shape: fc.oneof({ weight: 3, arbitrary: fc.constant<Shape>('plain') }, { weight: 1, arbitrary: fc.constantFrom(...SHAPES) }),
  headerShape: fc.oneof({ weight: 3, arbitrary: fc.constant<HeaderShape>('conforming') }, { weight: 1, arbitrary: fc.constantFrom(...HEADER_SHAPES) }),
});

function messageOf(d: Drawn): unknown {
  const meta = d.era === 'modern' ? { ...(d.shape === 'no-envelope-keys' ? {} : envelope(d.capabilities)), ...d.metaExtra } : d.metaExtra;
  const params: Record<string, unknown> = {
    ...(d.method === 'tools/call' ? { name: d.call.name } : {}),
    ...(d.method === 'tools/call' && d.call.args !== ABSENT ? { arguments: d.call.args } : {}),
    ...(Object.keys(meta).length === 0 ? {} : { _meta: meta }),
  };
  const base: Record<string, unknown> = { jsonrpc: d.shape === 'jsonrpc-1' ? '1.0' : '2.0', ...(d.id === ABSENT || d.shape === 'notification' ? {} : { id: d.id }), method: d.method };
  const strayParams: Partial<Record<Shape, unknown>> = { 'params-array': [params], 'params-string': 'x', 'params-null': null, 'meta-null': { ...params, _meta: null } };
  const withParams = { ...base, params: d.shape in strayParams ? strayParams[d.shape] : params };
  if (d.shape === 'extra-key') return { ...withParams, extra: 1 };
  if (d.shape === 'batch') return [withParams, { ...withParams, id: 'second' }];
  return withParams;
}

const without = (headers: Record<string, string>, name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));

function headersOf(d: Drawn): Record<string, string> {
  const modern = d.era === 'modern';
  const headers: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': modern ? MODERN : '2025-11-25',
    // A name a header cannot carry (outside printable ASCII) is left out, as a client would have to encode it.
    ...(modern ? { 'mcp-method': d.method, ...(d.method === 'tools/call' && /^[\x21-\x7e]+$/.test(d.call.name) ? { 'mcp-name': d.call.name } : {}) } : {}),
  };
  switch (d.headerShape) {
    case 'conforming':
      return headers;
    case 'accept-json-only':
      return { ...headers, accept: 'application/json' };
    case 'no-accept':
      return without(headers, 'accept');
    case 'text-plain':
      return { ...headers, 'content-type': 'text/plain' };
    case 'json-charset':
      return { ...headers, 'content-type': 'application/json; charset=utf-8' };
    case 'version-2025-06-18':
      return { ...headers, 'mcp-protocol-version': '2025-06-18' };
    case 'version-bogus':
      return { ...headers, 'mcp-protocol-version': '1999-01-01' };
    case 'version-modern':
      return { ...headers, 'mcp-protocol-version': MODERN };
    case 'no-version':
      return without(headers, 'mcp-protocol-version');
    case 'no-method':
      return without(headers, 'mcp-method');
    case 'wrong-method':
      return { ...headers, 'mcp-method': 'tools/list' };
    case 'no-name':
      return without(headers, 'mcp-name');
    case 'wrong-name':
      return { ...headers, 'mcp-name': 'get_subscription' };
    case 'padded-name':
      return { ...headers, 'mcp-name': `\t${d.call.name}` };
  }
}

/** Generated POSTs: every tool, valid and malformed arguments, both eras, and messages and headers that stray. */
export const wireCaseArb: fc.Arbitrary<WireCase> = drawnArb.map((d) => ({
  era: d.era,
  caller: d.caller,
  body: d.shape === 'not-json' ? '{"jsonrpc":"2.0",' : JSON.stringify(messageOf(d)),
  headers: headersOf(d),
}));

/** The request of a case (a fresh one each time: a body is read once). */
export const requestOf = (c: WireCase) => (): Request => new Request(MCP_URL, { method: 'POST', headers: c.headers, body: c.body });
