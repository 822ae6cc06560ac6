import { fc, test } from '@fast-check/vitest';
import { AdvanceClock, createTestServices, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { DEFAULT_CORE_CONFIG } from '../services.js';
import { chargeQuota } from './quota-gate.js';
import { nextUtcMidnight, utcDay } from './utc-day.js';

const LIMITS = { find_iron_condors: 3, create_strategy: 1 } as const;
type Tool = keyof typeof LIMITS;
const USER = 'quota-user';

interface Model {
  now: number;
  used: Map<string, number>;
}
interface Real {
  services: TestServices;
}
const key = (now: number, tool: string) => `${utcDay(now)}/${tool}`;

class Call implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tool: Tool) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const used = m.used.get(key(m.now, this.tool)) ?? 0;
    const result = await chargeQuota(this.tool, USER, r.services);
    expect(result.isOk()).toBe(used < LIMITS[this.tool]);
    if (result.isOk()) m.used.set(key(m.now, this.tool), used + 1);
    else {
      expect(result.error).toMatchObject({ code: 'QUOTA_EXCEEDED', tierUpgradeHint: true });
      expect(result.error.retryAfterSeconds).toBe(Math.ceil((nextUtcMidnight(m.now) - m.now) / 1000));
      expect(result.error.message).toContain(new Date(nextUtcMidnight(m.now)).toISOString());
    }
  }
  toString = () => `call(${this.tool})`;
}

class Usage implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const usage = await r.services.quotas.usage(USER, utcDay(m.now));
    for (const tool of Object.keys(LIMITS)) expect(usage[tool] ?? 0).toBe(m.used.get(key(m.now, tool)) ?? 0);
  }
  toString = () => 'usage';
}


test.prop(
  [
    fc.integer({ min: 0, max: 86_399_999 }),
    fc.commands(
      [
        fc.constantFrom<Tool>('find_iron_condors', 'create_strategy').map((t) => new Call(t)),
        fc.constant(new Usage()),
        // Small steps and big ones, so runs cross 00:00 UTC at arbitrary moments.
        fc.constantFrom(1, 59_000, 3_600_000, 6 * 3_600_000, 86_400_000).map((ms) => new AdvanceClock<Model, Real>(ms)),
      ],
      { maxCommands: 50 },
    ),
  ],
  { numRuns: 150 },
)('daily quotas count per tool and per UTC day, and reset at midnight', async (startOfDayOffset, cmds) => {
  const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, freeQuotas: LIMITS } });
  services.clock.set(Date.UTC(2026, 10, 20) + startOfDayOffset);
  await fc.asyncModelRun(() => ({ model: { now: services.clock.now(), used: new Map() }, real: { services } }), cmds);
});

test.prop([fc.scheduler(), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 30 })])(
  'N concurrent calls on a quota of Q admit exactly min(N, Q), whatever the interleaving',
  async (s, limit, calls) => {
    const services = createTestServices({ config: { ...DEFAULT_CORE_CONFIG, freeQuotas: { find_iron_condors: limit } } });
    const store = services.quotas;
    const consume = s.scheduleFunction(store.consume.bind(store));
    const racing = createTestServices({ ...services, quotas: { consume, usage: store.usage.bind(store) } });
    const all = Promise.all(Array.from({ length: calls }, () => chargeQuota('find_iron_condors', USER, racing)));
    await s.waitIdle();
    const results = await all;
    expect(results.filter((r) => r.isOk())).toHaveLength(Math.min(calls, limit));
    expect((await store.usage(USER, utcDay(services.clock.now()))).find_iron_condors).toBe(Math.min(calls, limit));
  },
);
