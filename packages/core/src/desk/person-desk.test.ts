import { AGENT_CONFIRMS, createTestServices, FakeBrokers, type FakeClock, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { createPersonKey, revokePersonKey } from '../api-keys/person-keys.js';
import { browserLogin, CONDOR_OPEN_LEGS, entryProposal, onboardedUser, registeredUser } from '../approval/approval-fixture.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { securityNews } from '../notifications/news-of.js';
import { execute } from '../operations/execute.js';
import type { OrderLeg } from '../ports/broker.js';
import { pricingPlan } from '../working-orders/pricing-plan.js';
import { pricingDetails } from '../working-orders/proposal-pricing.js';
import { personDesk } from './person-desk.js';

const PASSWORD = 'desk password 1';

/** A second condor of the same expiry, with strikes of its own: it never shares a leg with the first. */
const WIDE_LEGS: readonly OrderLeg[] = [
  { symbol: 'SPY261218P00520000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY261218P00525000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY261218C00620000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY261218C00625000', side: 'buy', intent: 'buy_to_open' },
];

/** A third, waiting for approval: legs no position holds, so the book lets it be placed. */
const FAR_LEGS: readonly OrderLeg[] = [
  { symbol: 'SPY261218P00500000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY261218P00505000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY261218C00640000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY261218C00645000', side: 'buy', intent: 'buy_to_open' },
];

type Services = TestServices & { clock: FakeClock };

/** The owner's agent confirms `id` (paper, CONDOR_APPROVAL=confirm), as a tool call would. */
async function confirm(services: Services, accessToken: string, id: string): Promise<void> {
  const answer = await execute('confirm_proposal', { proposal_id: id }, { services, credential: accessToken, requestId: 'desk', batchKey: 'agent' });
  if (answer.isErr()) throw new Error(JSON.stringify(answer.error.body));
}

/**
 * A person whose desk has something in every part: an open condor with a leg closed outside condor, a condor whose
 * entry condor is walking inside its band, a proposal waiting for them, an API key, a connected OAuth client, and
 * things that must not show (an expired proposal, a revoked key, another user's proposal).
 */
async function busyDesk() {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers, config: AGENT_CONFIRMS }) as Services;
  const { userId, accessToken } = await onboardedUser(services, 'desk@example.com', PASSWORD);
  const stranger = await onboardedUser(services, 'stranger@example.com', PASSWORD);
  const caller = await browserLogin(services, 'desk@example.com', PASSWORD);

  const open = entryProposal({ id: services.ids.uuid(), ownerId: userId, createdAt: services.clock.now() });
  const planned = pricingPlan({ mid: -1.1, natural: -0.9 }, { mode: 'normal', worstFromMid: 0.05 });
  if (!planned.ok) throw new Error('the band is valid');
  const walked = entryProposal({ id: services.ids.uuid(), ownerId: userId, createdAt: services.clock.now(), legs: WIDE_LEGS, limitPrice: -1.1 });
  await services.proposals.insert(open);
  await services.proposals.insert({ ...walked, details: { ...walked.details, pricing: pricingDetails(planned.plan) } });
  services.clock.advance(5_000);
  await confirm(services, accessToken, open.id);
  brokers.decideOrders(userId, () => 'work');
  await confirm(services, accessToken, walked.id);
  brokers.closeLegOutside(userId, 'SPY261218P00545000');

  const waiting = entryProposal({ id: services.ids.uuid(), ownerId: userId, createdAt: services.clock.now(), qty: 2, maxLoss: 750, legs: FAR_LEGS });
  for (const proposal of [
    waiting,
    entryProposal({ id: services.ids.uuid(), ownerId: userId, createdAt: services.clock.now() - 61_000 }),
    entryProposal({ id: services.ids.uuid(), ownerId: stranger.userId, createdAt: services.clock.now() }),
  ]) {
    await services.proposals.insert(proposal);
  }

  const kept = (await createPersonKey(services, userId, { name: 'laptop agent', scopes: ['read'] }))._unsafeUnwrap();
  const gone = (await createPersonKey(services, userId, { name: 'old script', scopes: ['read', 'trade'] }))._unsafeUnwrap();
  (await revokePersonKey(services, userId, gone.key.api_key_id))._unsafeUnwrap();
  const familyId = services.ids.uuid();
  await services.sessions.createFamily({ id: familyId, userId, createdAt: services.clock.now(), revokedAt: null });
  await services.oauth.grants.insert({ familyId, userId, clientId: 'https://client.example/app.json', clientName: 'Example MCP client', scope: 'read propose', resource: 'http://condor.test/mcp', createdAt: services.clock.now(), lastUsedAt: null });
  services.clock.advance(2_000);
  return { services, brokers, userId, caller, open, walked, waiting, kept: kept.key };
}

describe('the person’s desk', () => {
  it('lists the proposals waiting for them, each with its ticket and countdowns; not expired ones, nor anyone else’s', async () => {
    const { services, caller, waiting } = await busyDesk();
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.approvals.problem).toBeNull();
    expect(desk.approvals.items).toEqual([
      expect.objectContaining({
        proposalId: waiting.id,
        status: 'awaiting_approval',
        headline: 'Sell 2 SPY 2026-12-18 iron condor 500/505/640/645',
        secondsLeft: 58,
        secondsUntilApprovable: 3,
      }),
    ]);
  });

  it('shows each live position as get_positions does, with its payoff at expiry, and gathers their alerts', async () => {
    const { services, caller, open, walked } = await busyDesk();
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.positions.problem).toBeNull();
    const byId = new Map(desk.positions.items.map((p) => [p.view.position_id, p]));
    expect(byId.get(open.id)?.view).toMatchObject({ status: 'open', ticker: 'SPY', expiry: '2026-12-18', entry_credit: 1.25, qty: 1 });
    expect(byId.get(open.id)?.payoff).toMatchObject({ maxProfit: 125, maxLoss: 375, breakevens: [543.75, 601.25] });
    expect(byId.get(walked.id)?.view).toMatchObject({ status: 'opening', working_order: { status: 'working' } });
    expect(desk.alerts).toEqual([expect.objectContaining({ position_id: open.id, rule: 'legs_changed', severity: 'critical' })]);
    expect(desk.account).toMatchObject({ broker: 'sim', environment: 'paper' });
  });

  it('shows the orders condor is walking, with their band, steps and time left, and the broker’s recent orders', async () => {
    const { services, caller, walked } = await busyDesk();
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.workingOrders.items).toEqual([
      {
        proposalId: walked.id,
        positionId: walked.id,
        headline: 'Sell 1 SPY 2026-12-18 iron condor 520/525/620/625',
        view: expect.objectContaining({ status: 'working', band: { start_price: -1.1, worst_price: -1.05 }, price_steps: [expect.objectContaining({ limit_price: -1.1 })], time_left_seconds: 148 }),
      },
    ]);
    expect(desk.recentOrders.items.map((o) => [o.proposal_id, o.service_placed])).toEqual([
      [walked.id, true],
      [expect.any(String), true],
    ]);
  });

  it('says how the person approves: their passkeys and the paper setting', async () => {
    const { services, caller, userId } = await busyDesk();
    expect((await personDesk(services, caller))._unsafeUnwrap().approving).toEqual({ passkeys: 0, paperPasskey: false });
    await services.passkeys.insert({ id: 'cred-1', userId, publicKey: 'k', counter: 0, transports: [], name: 'Laptop', createdAt: 0, lastUsedAt: null });
    await services.userSettings.setPaperPasskeyApprovals(userId, true, 0);
    expect((await personDesk(services, caller))._unsafeUnwrap().approving).toEqual({ passkeys: 1, paperPasskey: true });
  });

  it('lists the notifications condor sent the person, newest first, with how each went and its link; not anyone else’s', async () => {
    const { services, caller, userId } = await busyDesk();
    const stranger = (await services.users.findByEmail('stranger@example.com'))?.id ?? '';
    const mine = securityNews(userId, { kind: 'password_changed' }, services.clock.now(), services.ids);
    await services.news.add(mine);
    await services.news.add(securityNews(stranger, { kind: 'passkey_added', name: 'Theirs' }, services.clock.now(), services.ids));
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.news.problem).toBeNull();
    expect(desk.news.items[0]).toEqual({ id: mine.id, title: 'Your condor password was changed', at: new Date(services.clock.now()).toISOString(), toldAt: null, status: 'waiting', how: 'Waiting to be sent.', path: '/settings' });
    // The trade key made in busyDesk was security news too; the stranger's passkey is not the person's.
    expect(desk.news.items.map((item) => item.title)).toEqual(['Your condor password was changed', 'An API key that can trade was created: “old script”']);
  });

  it('lists the agents acting for the person: API keys that still work, connected clients; never a key itself', async () => {
    const { services, caller, kept } = await busyDesk();
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.apiKeys.items.map((key) => [key.api_key_id, key.name])).toEqual([[kept.api_key_id, 'laptop agent']]);
    expect(desk.clients.items).toEqual([expect.objectContaining({ client_name: 'Example MCP client', scopes: ['read', 'propose'] })]);
    expect(JSON.stringify(desk)).not.toMatch(/condor_sk_[A-Za-z0-9_-]{20,}/);
  });

  it('says why the broker’s parts are empty for a person without a linked broker, and still lists the rest', async () => {
    const services = createTestServices() as Services;
    const { userId } = await registeredUser(services, 'new@example.com', PASSWORD);
    const caller = await browserLogin(services, 'new@example.com', PASSWORD);
    await services.proposals.insert(entryProposal({ id: services.ids.uuid(), ownerId: userId, createdAt: services.clock.now() }));
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.positions).toEqual({ items: [], problem: 'No active broker account is linked.' });
    expect(desk.recentOrders).toEqual({ items: [], problem: 'No active broker account is linked.' });
    expect(desk.account).toBeNull();
    expect(desk.approvals.items).toHaveLength(1);
  });

  it('shows a Schwab login that ended, disconnected, with the words to log in again; not one merely waiting for its account', async () => {
    const services = createTestServices() as Services;
    const { userId } = await registeredUser(services, 'schwab-desk@example.com', PASSWORD);
    const caller = await browserLogin(services, 'schwab-desk@example.com', PASSWORD);
    const sealed = { keyId: 'k', nonce: 'bm9uY2U=', ciphertext: 'c2VhbGVk' };
    const link = { ownerId: userId, broker: 'schwab', environment: 'live', apiKey: null, apiSecret: sealed, keyHint: null, connectedAt: null, updatedAt: services.clock.now() } as const;
    await services.brokerLinks.put({ ...link, accountNumber: null, accountKey: null, loggedInAt: services.clock.now() - 60_000 });
    expect((await personDesk(services, caller))._unsafeUnwrap().account).toBeNull();
    const loggedInAt = services.clock.now() - 8 * 86_400_000;
    await services.brokerLinks.put({ ...link, accountNumber: '11112222', accountKey: 'HASH', loggedInAt });
    const account = (await personDesk(services, caller))._unsafeUnwrap().account;
    expect(account).toMatchObject({ broker: 'schwab', environment: 'live', login_expires_at: new Date(loggedInAt + 7 * 86_400_000).toISOString() });
    expect(account?.words).toContain('Your Schwab login ended');
    expect(account?.words).toContain('log in at Schwab again from the broker keys page to trade');
  });

  it('keeps the other parts when one cannot be read, says so in words, and logs what failed', async () => {
    const { services, caller } = await busyDesk();
    services.workingOrders.listOwned = () => Promise.reject(new Error('database went away'));
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect(desk.workingOrders).toEqual({ items: [], problem: expect.stringContaining('could not read this part') });
    expect(desk.approvals.items).toHaveLength(1);
    expect(services.logger.lines).toContainEqual(expect.objectContaining({ level: 'error', event: 'desk_part_failed', fields: expect.objectContaining({ part: 'working_orders' }) }));
  });
});

describe('the desk of another person', () => {
  it('shows none of the first person’s proposals, positions, orders or agents', async () => {
    const { services } = await busyDesk();
    const caller: BrowserCaller = await browserLogin(services, 'stranger@example.com', PASSWORD);
    const desk = (await personDesk(services, caller))._unsafeUnwrap();
    expect([desk.positions.items, desk.workingOrders.items, desk.recentOrders.items, desk.apiKeys.items, desk.clients.items, desk.alerts]).toEqual([[], [], [], [], [], []]);
    expect(desk.approvals.items).toHaveLength(1);
    expect(desk.approvals.items[0]?.legs.map((leg) => leg.symbol)).toEqual(CONDOR_OPEN_LEGS.map((leg) => leg.symbol));
  });
});
