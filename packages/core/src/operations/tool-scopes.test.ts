import { fc, test } from '@fast-check/vitest';
import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../scopes/scopes.js';
import { CATALOGUE } from './catalogue.js';
import { execute } from './execute.js';
import { TOOL_SCOPES, requiredScope } from './tool-scopes.js';
import { TOOL_NAMES, type ToolName } from './tool-names.js';
import { TOOLSET_OF } from './toolsets.js';

/** Every set of scopes a credential can hold, the empty one included. */
const SCOPE_SETS: readonly (readonly Scope[])[] = Array.from({ length: 2 ** SCOPES.length }, (_, mask) => SCOPES.filter((_, i) => (mask & (1 << i)) !== 0));

/** One call per tool (per action of `positions`), with a parameter no tool takes: a call the gate admits ends in validation. */
const CALLS: readonly (readonly [ToolName, Record<string, unknown>])[] = CATALOGUE.flatMap((op): (readonly [ToolName, Record<string, unknown>])[] =>
  op.name === 'positions'
    ? (['orders', 'cancel'] as const).map((action) => [op.name, { action, not_a_parameter: 1 }] as const)
    : [[op.name, { not_a_parameter: 1 }]],
);

let services: TestServices;
let userId: string;
const keys = new Map<string, string>();

/** An API key of the user with exactly `scopes`, stored as the store keeps keys. */
const keyFor = (scopes: readonly Scope[]): string => keys.get(scopes.join(' ')) ?? '';

beforeAll(async () => {
  services = createTestServices();
  const call = (tool: string, input: unknown) => execute(tool, input, { services, credential: null, requestId: 'r', batchKey: null });
  userId = ((await call('register', { email: 'scopes@example.com', password: 'a long password 1' }))._unsafeUnwrap().value as { user_id: string }).user_id;
  for (const [n, scopes] of SCOPE_SETS.entries()) {
    const key = `condor_sk_scope_set_${n.toString()}_0123456789abcdef`;
    keys.set(scopes.join(' '), key);
    await services.apiKeys.insert({
      id: services.ids.uuid(), ownerId: userId, name: `set ${n.toString()}`, digest: services.digest.sha256(key), hint: key.slice(-4),
      scopes, createdBy: null, createdAt: services.clock.now(), expiresAt: null, lastUsedAt: null, revokedAt: null,
    });
  }
});

describe('the scope gate: every tool (every positions action) × every set of scopes', () => {
  it.each(CALLS.map(([tool, input]) => [`${tool}${tool === 'positions' ? `(${String(input['action'])})` : ''}`, tool, input] as const))(
    '%s is admitted exactly when the key has its scope',
    async (_label, tool, input) => {
      const needed = requiredScope(tool, input);
      for (const scopes of SCOPE_SETS) {
        const result = await execute(tool, input, { services, credential: keyFor(scopes), requestId: 'r', batchKey: null });
        const rendered = result._unsafeUnwrapErr();
        const refused = needed !== null && !scopes.includes(needed);
        expect([scopes, rendered.requiredScope]).toEqual([scopes, refused ? needed : null]);
        if (refused) {
          expect(rendered.status).toBe(403);
          expect(rendered.body).toMatchObject({ error: 'FORBIDDEN', expected: `a credential with the '${needed}' scope`, received: { scopes } });
          expect(rendered.body.message).toContain(`needs the '${needed}' scope`);
        } else {
          // Past the gate, validation refuses the made-up parameter: the gate ran first and let the call through.
          expect(rendered.body.error).toBe('VALIDATION_ERROR');
        }
      }
    },
  );

  test.prop([
    fc.constantFrom(...CATALOGUE.map((op) => op.name)),
    fc.constantFrom(...SCOPE_SETS),
    fc.dictionary(fc.constantFrom('action', 'qty', 'proposal_id', 'order_id', 'ticker'), fc.oneof(fc.constantFrom('orders', 'cancel', 'Orders', ''), fc.jsonValue())),
  ])('admits any input exactly when the key has the scope the call needs; refuses before validating it', async (tool, scopes, input) => {
    const needed = requiredScope(tool, input);
    const result = await execute(tool, input, { services, credential: keyFor(scopes), requestId: 'r', batchKey: null });
    const refused = needed !== null && !scopes.includes(needed);
    expect(result.isErr() ? result.error.requiredScope : null).toBe(refused ? needed : null);
  });

  it("takes the action's scope for positions: listing orders reads; cancelling, or anything else, trades", () => {
    expect(requiredScope('positions', { action: 'orders' })).toBe('read');
    for (const given of [{ action: 'cancel' }, { action: 'ORDERS' }, { action: ['orders'] }, {}, [], null, 'orders', { action: 'toString' }]) {
      expect([given, requiredScope('positions', given)]).toEqual([given, 'trade']);
    }
  });
});

describe('the scope table (design §13)', () => {
  const scopeOf = (tool: ToolName): unknown => TOOL_SCOPES[tool];

  it('needs no scope for the public tools, nor for logout (ending one’s own session)', () => {
    const none = TOOL_NAMES.filter((tool) => scopeOf(tool) === null);
    expect(none).toEqual(['register', 'login', 'refresh_session', 'logout']);
    for (const op of CATALOGUE.filter((o) => o.access === 'public')) expect(none).toContain(op.name);
  });

  it('reads for research; proposes for proposals; trades for confirming, broker linking and API keys', () => {
    for (const tool of TOOL_NAMES.filter((t) => TOOLSET_OF[t] === 'research')) expect([tool, scopeOf(tool)]).toEqual([tool, 'read']);
    for (const tool of TOOL_NAMES.filter((t) => t.startsWith('propose_'))) expect([tool, scopeOf(tool)]).toEqual([tool, 'propose']);
    for (const tool of ['confirm_proposal', 'set_broker_keys', 'get_broker_keys_link', 'connect_broker', 'disconnect_broker', 'create_api_key', 'revoke_api_key'] as const) {
      expect([tool, scopeOf(tool)]).toEqual([tool, 'trade']);
    }
    for (const tool of ['get_proposal', 'get_positions', 'get_onboarding_status', 'get_subscription', 'list_api_keys', 'suggest_iron_condor_autoroll'] as const) {
      expect([tool, scopeOf(tool)]).toEqual([tool, 'read']);
    }
  });

  it('never lets a password session be refused: it holds every scope', async () => {
    const call = (tool: string, input: unknown, credential: string | null = null) => execute(tool, input, { services, credential, requestId: 'r', batchKey: null });
    const login = (await call('login', { email: 'scopes@example.com', password: 'a long password 1' }))._unsafeUnwrap().value as { access_token: string };
    for (const [tool, input] of CALLS) expect([tool, (await call(tool, input, login.access_token))._unsafeUnwrapErr().requiredScope]).toEqual([tool, null]);
  });
});
