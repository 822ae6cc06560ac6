import { CATALOGUE } from '@condor/core';
import { fc, test } from '@fast-check/vitest';
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { getPath } from 'hono/utils/url';
import { describe, expect, it } from 'vitest';
import { routeTable, type RouteMatch } from './route-table.js';

/**
 * The routes as the app mounted them on Hono before `/v1` had its own dispatch: Hono's router and its 405 middleware.
 * Each outcome has its own header (URI-encoded: a parameter may be any text), since the 405 takes over the headers
 * of the 404 it replaces.
 */
function honoRoutes(): Hono {
  const app = new Hono();
  app.use(methodNotAllowed({ app, onMethodNotAllowed: (c, allow) => c.body(null, 405, { 'x-allow': JSON.stringify(allow) }) }));
  for (const operation of CATALOGUE) {
    app.on(operation.rest.method, `/v1${operation.rest.path}`, (c) => c.body(null, 200, { 'x-found': encodeURIComponent(JSON.stringify({ name: operation.name, params: c.req.param() })) }));
  }
  app.notFound((c) => c.body(null, 404));
  return app;
}

async function honoMatch(app: Hono, request: Request): Promise<unknown> {
  const response = await app.request(request);
  if (response.status === 200) return { kind: 'found', ...(JSON.parse(decodeURIComponent(response.headers.get('x-found') ?? '')) as object) };
  if (response.status === 405) return { kind: 'not_allowed', allow: JSON.parse(response.headers.get('x-allow') ?? '') as unknown };
  return { kind: 'none', status: response.status };
}

const comparable = (match: RouteMatch): unknown =>
  match.kind === 'found' ? { kind: 'found', name: match.operation.name, params: match.params } : match.kind === 'none' ? { kind: 'none', status: 404 } : match;

const segments = [
  ...new Set(CATALOGUE.flatMap((operation) => operation.rest.path.split('/').filter((part) => part !== '' && !part.startsWith(':')))),
  '',
  'x',
  'p-1',
  '%41bc',
  'a%2Fb',
  '%E2%82%AC',
  '%zz',
  'v1',
];

describe('routeTable', () => {
  const table = routeTable(CATALOGUE, '/v1');
  const hono = honoRoutes();

  test.prop([
    fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'),
    fc.array(fc.constantFrom(...segments), { maxLength: 4 }),
    fc.constantFrom('', '/'),
  ], { numRuns: 400 })('matches every method and path as Hono’s router and method-not-allowed middleware did', async (method, parts, trailing) => {
    const request = new Request(`http://localhost/v1${parts.map((part) => `/${part}`).join('')}${trailing}`, { method });
    const ours = comparable(table.match(method, getPath(request)));
    expect(ours).toEqual(await honoMatch(hono, request));
  });

  it('finds a parameter route beside a static one, and lists every method of both in a 405', () => {
    expect(comparable(table.match('GET', '/v1/proposals/entries'))).toEqual({ kind: 'found', name: 'get_proposal', params: { proposal_id: 'entries' } });
    expect(table.match('PUT', '/v1/proposals/entries')).toEqual({ kind: 'not_allowed', allow: ['POST', 'GET', 'HEAD'] });
    expect(table.match('GET', '/v1/nothing')).toEqual({ kind: 'none' });
    expect(table.match('GET', '/v1/users')).toEqual({ kind: 'not_allowed', allow: ['POST'] });
  });
});
