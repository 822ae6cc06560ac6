/**
 * The baseline of the server benchmark: a bare Hono app on @hono/node-server that only checks the Bearer header
 * and answers each route with a JSON body of the size condor's answer has (sizes given in BENCH_BODIES).
 * It runs as its own process, as condor does, and prints its port on stdout.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bodies = JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>;
const body = (name: string): string => bodies[name] ?? '{}';

const app = new Hono();
const bearer = (header: string | undefined): boolean => header !== undefined && header.startsWith('Bearer ') && header.length > 7;

app.get('/healthz', (c) => c.body(body('healthz'), 200, { 'content-type': 'application/json' }));
app.get('/v1/subscription', (c) =>
  bearer(c.req.header('authorization')) ? c.body(body('subscription'), 200, { 'content-type': 'application/json' }) : c.json({ error: 'UNAUTHORIZED' }, 401),
);
app.post('/mcp', async (c) => {
  if (!bearer(c.req.header('authorization'))) return c.json({ error: 'UNAUTHORIZED' }, 401);
  await c.req.json();
  return c.body(body('mcp'), 200, { 'content-type': 'application/json' });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(`${String(info.port)}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
