import { execute } from '../operations/execute.js';
import type { OrderLeg } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { browserCaller, startBrowserSession, type BrowserCaller } from '../browser/browser-session.js';

/** A user as the API knows them after `login`: their id and the tokens an API client holds. */
export interface ApiUser {
  readonly userId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** Registers `email` and logs in over the API (`register`, `login`). */
export async function registeredUser(services: Services, email: string, password: string): Promise<ApiUser> {
  const anonymous = { services, credential: null, requestId: 'approval-fixture', batchKey: null };
  (await execute('register', { email, password }, anonymous))._unsafeUnwrap();
  const login = (await execute('login', { email, password }, anonymous))._unsafeUnwrap().value as {
    access_token: string;
    refresh_token: string;
    user: { user_id: string };
  };
  return { userId: login.user.user_id, accessToken: login.access_token, refreshToken: login.refresh_token };
}

/**
 * A user who may trade: registered and logged in, the three legal documents read, the EUA accepted, the risk
 * disclosure acknowledged and the simulated broker connected.
 *
 * @example const owner = await onboardedUser(services, 'owner@example.com', PASSWORD);
 */
export async function onboardedUser(services: Services, email: string, password: string): Promise<ApiUser> {
  const user = await registeredUser(services, email, password);
  const call = async (tool: string, input: unknown = {}) =>
    (await execute(tool, input, { services, credential: user.accessToken, requestId: 'approval-fixture', batchKey: null }))._unsafeUnwrap();
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  await call('connect_broker', { authorization_confirmed: true, broker: 'sim' });
  return user;
}

/** `email` logged in on the HTML login page: the caller its browser session makes. */
export async function browserLogin(services: Services, email: string, password: string, userAgent: string | null = 'Firefox/140'): Promise<BrowserCaller> {
  const { token } = (await startBrowserSession(services, { email, password, userAgent, address: null }))._unsafeUnwrap();
  return (await browserCaller(services, token))._unsafeUnwrap();
}

/** Opens the SPY 540/545/600/605 iron condor expiring Fri 18 Dec 2026. */
export const CONDOR_OPEN_LEGS: readonly OrderLeg[] = [
  { symbol: 'SPY261218P00540000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY261218P00545000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY261218C00600000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY261218C00605000', side: 'buy', intent: 'buy_to_open' },
];

/** Closes it (an exit, or the first order of a roll). */
export const CONDOR_CLOSE_LEGS: readonly OrderLeg[] = [
  { symbol: 'SPY261218P00540000', side: 'sell', intent: 'sell_to_close' },
  { symbol: 'SPY261218P00545000', side: 'buy', intent: 'buy_to_close' },
  { symbol: 'SPY261218C00600000', side: 'buy', intent: 'buy_to_close' },
  { symbol: 'SPY261218C00605000', side: 'sell', intent: 'sell_to_close' },
];

/**
 * An undecided entry proposal of that condor: 1 contract for a credit of at least $1.25 (max loss $375), from no
 * batch, on the position it would open (`positionId` = `id`). Its id, owner and creation time are given; any other
 * field may be.
 *
 * @example await services.proposals.insert(entryProposal({ id, ownerId, createdAt: services.clock.now(), qty: 3, maxLoss: 1_125 }));
 */
export const entryProposal = (given: Pick<Proposal, 'id' | 'ownerId' | 'createdAt'> & Partial<Proposal>): Proposal => ({
  kind: 'entry',
  batchKey: null,
  ticker: 'SPY',
  qty: 1,
  legs: CONDOR_OPEN_LEGS,
  limitPrice: -1.25,
  maxLoss: 375,
  summary: 'Sell 1 SPY 540/545/600/605 iron condor for a 1.25 credit',
  positionId: given.id,
  details: { expiry: '2026-12-18', strikes: { long_put: 540, short_put: 545, short_call: 600, long_call: 605 } },
  consumedAt: null,
  approval: null,
  outcome: null,
  ...given,
});
