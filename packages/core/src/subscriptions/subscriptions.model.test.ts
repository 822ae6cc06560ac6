import { fc, test } from '@fast-check/vitest';
import { AdvanceClock, createTestServices, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { execute } from '../operations/execute.js';
import { DEFAULT_CORE_CONFIG } from '../services.js';

interface Model {
  active: boolean;
  starts: number;
}
interface Real {
  services: TestServices;
  token: string;
}

const call = (r: Real, tool: string, input: unknown = {}) =>
  execute(tool, input, { services: r.services, credential: r.token, requestId: 'subscription-model', batchKey: null });

class Subscribe implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const result = await call(r, 'subscribe', { plan: 'premium' });
    if (m.active) {
      expect(result._unsafeUnwrapErr()).toMatchObject({ status: 409, body: { error: 'ALREADY_SUBSCRIBED' } });
      return;
    }
    expect(result._unsafeUnwrap().value).toMatchObject({ tier: 'premium' });
    m.active = true;
    m.starts += 1;
  }
  toString = () => 'subscribe';
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const result = await call(r, 'cancel_subscription');
    if (!m.active) {
      expect(result._unsafeUnwrapErr()).toMatchObject({ status: 404, body: { error: 'SUBSCRIPTION_NOT_FOUND' } });
      return;
    }
    expect(result._unsafeUnwrap().value).toMatchObject({ tier: 'free' });
    m.active = false;
  }
  toString = () => 'cancel';
}

class Look implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const value = (await call(r, 'get_subscription'))._unsafeUnwrap().value as {
      tier: string;
      subscription: unknown;
      quotas: { limit: number | null }[];
    };
    expect(value.tier).toBe(m.active ? 'premium' : 'free');
    expect(value.subscription === null).toBe(!m.active);
    for (const quota of value.quotas) expect(quota.limit === null).toBe(m.active);
  }
  toString = () => 'get_subscription';
}


test.prop(
  [
    fc.commands(
      [
        fc.constant(new Subscribe()),
        fc.constant(new Cancel()),
        fc.constant(new Look()),
        fc.constantFrom(1_000, 3_600_000, 86_400_000).map((ms) => new AdvanceClock<Model, Real>(ms)),
      ],
      { maxCommands: 30 },
    ),
  ],
  { numRuns: 100 },
)('subscribe, cancel and the tier follow the model; the tier changes at once', async (cmds) => {
  // The clock runs for days here; the access token must outlive it.
  const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, accessTokenTtlSeconds: 10 * 365 * 86_400 } });
  const ctx = { services, credential: null, requestId: 'setup', batchKey: null };
  await execute('register', { email: 'sub@example.com', password: 'subscription pw' }, ctx);
  const login = await execute('login', { email: 'sub@example.com', password: 'subscription pw' }, ctx);
  const token = (login._unsafeUnwrap().value as { access_token: string }).access_token;
  await fc.asyncModelRun(() => ({ model: { active: false, starts: 0 }, real: { services, token } }), cmds);
});
