import { SIMULATED_NOTICE, SimBrokers, SimMarketData, type SimSessionMode } from '@condor/broker-sim';
import { execute, type CoreConfig } from '@condor/core';
import { createTestServices, FakeClock } from '@condor/testkit';

export type Answer = { ok: boolean; value: Record<string, unknown> };

const EMAIL = 'ann@example.com';
const PASSWORD = 'sim trader password 1';

/**
 * One person on the simulated market and paper broker, in process, at `now` on a clock the test moves: registered,
 * onboarded and with the simulated broker connected. Each `call` is its own tool-call batch.
 *
 * @example const t = await simTrader(Date.UTC(2026, 10, 24, 15), 'exchange'); await t.call('find_iron_condors', { ticker: 'SPY' });
 */
export async function simTrader(now: number, session: SimSessionMode, config?: CoreConfig) {
  const clock = new FakeClock(now);
  const market = new SimMarketData(clock, 7, { session });
  const services = createTestServices({ clock, market, marketNotice: SIMULATED_NOTICE, ...(config === undefined ? {} : { config }) });
  const brokers = new SimBrokers(market, clock, services.ids);
  const bare = { services: { ...services, brokers }, credential: null, requestId: 'sim-trader', batchKey: null };
  await execute('register', { email: EMAIL, password: PASSWORD }, bare);
  const logIn = async (): Promise<string> =>
    ((await execute('login', { email: EMAIL, password: PASSWORD }, bare))._unsafeUnwrap().value as { access_token: string }).access_token;
  let token = await logIn();
  let turn = 0;
  const call = async (tool: string, input: unknown = {}): Promise<Answer> =>
    (await execute(tool, input, { ...bare, batchKey: `turn-${String(++turn)}`, credential: token })).match(
      ({ value }) => ({ ok: true, value: value as Record<string, unknown> }),
      ({ body }) => ({ ok: false, value: body as unknown as Record<string, unknown> }),
    );
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  const connected = await call('connect_broker', { authorization_confirmed: true, broker: 'sim' });
  if (!connected.ok) throw new Error(`connect_broker failed: ${JSON.stringify(connected.value)}`);
  const userId = (await services.users.findByEmail(EMAIL))?.id ?? '';
  /** Days later the access token has expired: the person logs in again. */
  const later = async (at: number): Promise<void> => {
    clock.set(at);
    token = await logIn();
  };
  return { call, clock, brokers, market, userId, later };
}
