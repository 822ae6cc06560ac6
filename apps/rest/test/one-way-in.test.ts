import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { createApp, type RestOptions } from '../src/app.js';
import type { McpHttpHandler } from '../src/mcp-route.js';
import type { Step } from '../src/step.js';

/**
 * Issue 37, item 1 (design §20): every request, whatever its path, goes through the same steps in the same order,
 * and a step added to the one list is on every surface. A sample of every surface: pages, OAuth, the docs, `/v1`,
 * `/mcp` for each method, the probes, and addresses nothing serves.
 */
const SURFACES: readonly { readonly name: string; readonly method: string; readonly path: string }[] = [
  { name: 'a page', method: 'GET', path: '/login' },
  { name: 'a page’s form', method: 'POST', path: '/login' },
  { name: 'an OAuth endpoint', method: 'POST', path: '/oauth/token' },
  { name: 'an OAuth discovery document', method: 'GET', path: '/.well-known/oauth-authorization-server' },
  { name: 'the docs', method: 'GET', path: '/docs' },
  { name: 'the OpenAPI document', method: 'GET', path: '/openapi.json' },
  { name: 'a /v1 read', method: 'GET', path: '/v1/subscription' },
  { name: 'a /v1 write', method: 'POST', path: '/v1/sessions' },
  { name: 'MCP POST', method: 'POST', path: '/mcp' },
  { name: 'MCP GET', method: 'GET', path: '/mcp' },
  { name: 'MCP DELETE', method: 'DELETE', path: '/mcp' },
  { name: 'the liveness probe', method: 'GET', path: '/healthz' },
  { name: 'the readiness probe', method: 'GET', path: '/readyz' },
  { name: 'a method a probe does not answer', method: 'POST', path: '/healthz' },
  { name: 'an unknown page address', method: 'GET', path: '/nowhere' },
  { name: 'an unknown API address', method: 'GET', path: '/v1/nowhere' },
];

const PROBES = new Set(['GET /healthz', 'GET /readyz']);

/** The node-server bindings the client address step reads the peer address from. */
const fromSocket = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const mcp: McpHttpHandler = (request) => Promise.resolve(Response.json({ method: request.method }));

function app(options: RestOptions = {}) {
  const services = createTestServices();
  const rest = createApp(services, { mcp, bodyLimitBytes: 64, ...options });
  const send = async (surface: { method: string; path: string }, init: RequestInit = {}, address = '203.0.113.7'): Promise<Response> =>
    rest.request(surface.path, { method: surface.method, ...init }, fromSocket(address));
  const accessLines = () => services.logger.lines.filter((line) => line.event === 'http_request').map((line) => line.fields);
  return { send, accessLines };
}

/** Each step as it was, writing into `trace` when it enters and when it leaves. */
function traced(trace: string[], step: Step): Step {
  const { name, enter, leave } = step;
  return {
    name,
    ...(enter === undefined ? {} : { enter: (pass) => (trace.push(`enter ${name}`), enter(pass)) }),
    ...(leave === undefined ? {} : { leave: (pass, answer) => (trace.push(`leave ${name}`), leave(pass, answer)) }),
  };
}

describe('one way in (issue 37, item 1)', () => {
  it('takes every request through the same steps in the same order, and a step appended to the list is on every surface', async () => {
    const trace: string[] = [];
    const appended: Step = {
      name: 'test step',
      leave: (pass, answer) => {
        trace.push('leave test step');
        answer.headers.set('x-test-step', pass.requestId);
        return answer;
      },
    };
    const { send } = app({ steps: (list) => [...list.map((step) => traced(trace, step)), appended] });
    for (const surface of SURFACES) {
      trace.length = 0;
      const answer = await send(surface, { headers: { 'x-request-id': 'traced-1' } });
      expect([surface.name, answer.headers.get('x-test-step')]).toEqual([surface.name, 'traced-1']);
      expect([surface.name, ...trace]).toEqual([
        surface.name,
        'enter request id',
        'enter client address',
        'enter body limit',
        'enter address limit',
        'enter route',
        'leave request id',
        'leave route',
        'leave access line',
        'leave test step',
      ]);
    }
  });

  it('a step added before the route answers for every surface, with the request id and one access line', async () => {
    const closed: Step = { name: 'closed for maintenance', enter: () => new Response('closed', { status: 503 }) };
    const { send, accessLines } = app({ steps: (list) => list.flatMap((step) => (step.name === 'route' ? [closed, step] : [step])) });
    for (const [i, surface] of SURFACES.entries()) {
      const answer = await send(surface, { headers: { 'x-request-id': `closed-${String(i)}` } });
      expect([surface.name, answer.status, answer.headers.get('x-request-id'), await answer.text()]).toEqual([surface.name, 503, `closed-${String(i)}`, 'closed']);
    }
    expect(accessLines().map((line) => [line.request_id, line.status])).toEqual(SURFACES.map((_, i) => [`closed-${String(i)}`, 503]));
  });

  it('every surface stamps X-Request-Id and writes one access line with it, whatever answered', async () => {
    const { send, accessLines } = app();
    for (const [i, surface] of SURFACES.entries()) {
      const answer = await send(surface, { headers: { 'x-request-id': `id-${String(i)}` } });
      expect([surface.name, answer.headers.get('x-request-id')]).toEqual([surface.name, `id-${String(i)}`]);
      expect([surface.name, accessLines().at(-1)]).toEqual([surface.name, expect.objectContaining({ request_id: `id-${String(i)}`, method: surface.method, status: answer.status })]);
    }
    expect(accessLines()).toHaveLength(SURFACES.length);
  });

  it('every surface refuses a body over the limit with 413 and Connection: close, and the refused request is not counted', async () => {
    for (const surface of SURFACES) {
      const { send, accessLines } = app({ rateLimit: { limit: 1, windowSeconds: 60 } });
      const method = surface.method === 'GET' ? 'POST' : surface.method;
      const refused = await send({ method, path: surface.path }, { body: 'x'.repeat(200) });
      expect([surface.name, refused.status, refused.headers.get('connection'), refused.headers.get('x-request-id')]).toEqual([surface.name, 413, 'close', expect.any(String)]);
      expect([surface.name, (await send(surface)).status]).not.toEqual([surface.name, 429]);
      expect([surface.name, accessLines().map((line) => line.status)]).toEqual([surface.name, [413, expect.any(Number)]]);
    }
  });

  it('every surface counts the address and answers 429 past the limit; the probes are counted on no one', async () => {
    for (const surface of SURFACES) {
      const { send } = app({ rateLimit: { limit: 1, windowSeconds: 60 } });
      const first = await send(surface);
      const second = await send(surface);
      const other = await send(surface, {}, '198.51.100.2');
      const probe = PROBES.has(`${surface.method} ${surface.path}`);
      expect([surface.name, first.status === 429, second.status, other.status === 429]).toEqual([surface.name, false, probe ? first.status : 429, false]);
      if (!probe) expect([surface.name, ((await second.json()) as { error: string }).error]).toEqual([surface.name, 'RATE_LIMITED']);
    }
  });
});
