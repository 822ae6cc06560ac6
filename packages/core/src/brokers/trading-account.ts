import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import type { BrokerEnvironment, BrokerLink, BrokerName } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { BROKER_NAMES, BROKERS, DEFAULT_BROKER } from './broker-table.js';
import { loginEndsWords } from '../words/broker-login.js';
import { isoTime } from '../words/time.js';
import { loginEndsAt } from './link-view.js';
import { ENVIRONMENTS } from './schemas.js';

/** The account a trading answer is about, as data and in words. */
export const TradingAccountView = v.pipe(
  v.object({
    broker: v.picklist(BROKER_NAMES),
    environment: v.pipe(v.picklist(ENVIRONMENTS), v.description('live: real money.')),
    simulated_market: v.pipe(v.boolean(), v.description("True when prices come from condor's market simulator, not real quotes.")),
    words: v.string(),
    login_expires_at: v.optional(
      v.pipe(v.string(), v.description('Only for a broker linked by logging in there (Schwab): when that login ends and the person must log in again (ISO 8601).')),
    ),
  }),
  v.description('The account this answer is about: the broker, paper or live, and simulated prices or real quotes.'),
);
export type TradingAccountOutput = v.InferOutput<typeof TradingAccountView>;

/** "Simulated paper broker, paper account — no real money; prices come from condor's market simulator, not real quotes." */
export function accountWords(broker: BrokerName, environment: BrokerEnvironment, simulatedMarket: boolean): string {
  const { name } = BROKERS[broker].words;
  const kind = environment === 'live' ? 'LIVE account — real money' : 'paper account — no real money';
  const market = simulatedMarket ? '; prices come from condor’s market simulator, not real quotes' : '; real market quotes';
  return `${name}, ${kind}${market}.`;
}

/** The account of a broker link (the simulated paper broker when none is linked yet); a login link says when it ends. */
export function tradingAccountView(link: Pick<BrokerLink, 'broker' | 'environment' | 'loggedInAt'> | undefined, services: Services): TradingAccountOutput {
  const broker = link?.broker ?? DEFAULT_BROKER;
  const environment = link?.environment ?? 'paper';
  const simulated = services.marketNotice !== null;
  const words = accountWords(broker, environment, simulated);
  const endsAt = link === undefined ? null : loginEndsAt(link);
  if (endsAt === null) return { broker, environment, simulated_market: simulated, words };
  const login = loginEndsWords(BROKERS[broker].words.short, endsAt, services.clock.now());
  return { broker, environment, simulated_market: simulated, words: `${words} ${login}`, login_expires_at: isoTime(endsAt) };
}

/** The answer with the account it is about (every trading answer names it), reading the caller's broker link. */
export const withAccount =
  (services: Services, ownerId: string) =>
  <T extends object>(answer: T): ResultAsync<T & { account: TradingAccountOutput }, never> =>
    ResultAsync.fromSafePromise(services.brokerLinks.get(ownerId)).map((link) => ({ ...answer, account: tradingAccountView(link, services) }));
