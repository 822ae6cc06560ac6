import { execute, type Scope } from '@condor/core';
import { createTestServices, MemoryCallBatchStore, type TestServices } from '@condor/testkit';
import type { McpHttpHandler, McpHttpOptions } from '../../src/index.js';
import { httpHandlerFor, PASSWORD } from '../support.js';

/** The two ways the endpoint can answer: the direct path where it applies, or the SDK for everything. */
export type Path = 'direct' | 'sdk';
export const PATHS: readonly Path[] = ['direct', 'sdk'];

/** Who a request acts as, resolved in each world to that world's own credential. */
export type Caller = 'nobody' | 'user' | 'read_key' | 'stale';
export const CALLERS: readonly Caller[] = ['nobody', 'user', 'read_key', 'stale'];

/** One world: its services and its endpoint, the direct path on or forced off. */
export interface World {
  readonly services: TestServices;
  readonly handler: McpHttpHandler;
  credentialOf(caller: Caller): string | null;
}

const EMAIL = 'ann@example.com';
const READ_KEY = 'condor_sk_differential_read_0123456789';

/**
 * A world with one onboarded user (an access token, and the paper broker linked when `linkBroker`) and a read-only API
 * key of theirs, built the same way each time,
 * so two worlds fed the same requests in the same order stay alike (seeded ids, a fake clock that does not move).
 */
export async function worldOf(path: Path, options: Partial<McpHttpOptions> = {}, services: TestServices = createTestServices(), linkBroker = false): Promise<World> {
  const core = (credential: string | null) => (tool: string, input: unknown = {}) => execute(tool, input, { services, credential, requestId: 'setup', batchKey: null });
  await core(null)('register', { email: EMAIL, password: PASSWORD });
  const login = await core(null)('login', { email: EMAIL, password: PASSWORD });
  if (login.isErr()) throw new Error(`login failed: ${login.error.body.error}`);
  const { access_token: access, user } = login.value.value as { access_token: string; user: { user_id: string } };
  for (const [tool, input] of [['get_legal_document', { name: 'eua' }], ['accept_eua', {}], ['get_legal_document', { name: 'risk-disclosure' }], ['acknowledge_risk', {}]] as const) {
    await core(access)(tool, input);
  }
  if (linkBroker) {
    await core(access)('get_legal_document', { name: 'broker-authorization' });
    await core(access)('connect_broker', { authorization_confirmed: true, broker: 'sim' });
  }
  const scopes: Scope[] = ['read'];
  await services.apiKeys.insert({
    id: services.ids.uuid(), ownerId: user.user_id, name: 'differential', digest: services.digest.sha256(READ_KEY), hint: READ_KEY.slice(-4),
    scopes, createdBy: null, createdAt: services.clock.now(), expiresAt: null, lastUsedAt: null, revokedAt: null,
  });
  const credentials: Record<Caller, string | null> = { nobody: null, user: access, read_key: READ_KEY, stale: 'condor_sk_never_created_0123456789' };
  const handler = httpHandlerFor(services, { batches: new MemoryCallBatchStore(), ...options, directPath: path === 'direct' });
  return { services, handler, credentialOf: (caller) => credentials[caller] };
}

/** What the two paths must agree on: the status, the headers a client acts on, and the body. */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | null>>;
  readonly body: string;
}

/** The headers a client acts on (session and version headers, content type, challenges, Allow, CORS). */
const HEADERS = ['content-type', 'www-authenticate', 'allow', 'mcp-session-id', 'mcp-protocol-version', 'access-control-allow-origin', 'cache-control'];

/** The answer as the differential tests compare it: nothing is normalised (the paths write the same bytes). */
export async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    headers: Object.fromEntries(HEADERS.map((name) => [name, response.headers.get(name)])),
    body: await response.text(),
  };
}

/** A request to send to both worlds: built afresh for each (a Request's body can be read once). */
export type RequestOf = () => Request;

/** Sends `request` as `caller` through a world's endpoint and reads its answer. */
export async function ask(world: World, request: RequestOf, caller: Caller = 'user'): Promise<Answer> {
  return answerOf(await world.handler(request(), { credential: world.credentialOf(caller), requestId: 'req-differential', clientIp: '127.0.0.1' }));
}
