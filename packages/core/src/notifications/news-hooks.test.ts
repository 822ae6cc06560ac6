import { AGENT_CONFIRMS, createTestServices, FakeBrokers, FixtureMarketData, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { onboardedUser } from '../approval/approval-fixture.js';
import { unlinkingOnRefusal } from '../brokers/unlinking-broker.js';
import { execute } from '../operations/execute.js';
import { GOOD_CHAIN, spyCandidate, spyQuotes } from '../proposals/spy-chain-fixture.js';

/** Where core adds news (design §18): proposals a person must approve, a refused link, keys that can trade. */

async function person(config = createTestServices().config) {
  const brokers = new FakeBrokers();
  const services: TestServices = createTestServices({ brokers, config, market: new FixtureMarketData(spyQuotes(GOOD_CHAIN)) });
  const { userId, accessToken } = await onboardedUser(services, 'news@example.com', 'news password 12');
  const call = (tool: string, input: unknown = {}) => execute(tool, input, { services, credential: accessToken, requestId: 'news', batchKey: null });
  return { services, brokers, userId, call };
}

const kinds = async (services: TestServices, userId: string) => (await services.news.recent(userId, 20)).map((n) => n.news.kind);

describe('news core adds', () => {
  it('tells a person of a proposal only they may approve, with a link to their desk and nothing that authorises', async () => {
    const { services, userId, call } = await person();
    const proposal = (await call('propose_entry', { candidate: spyCandidate(1.4), qty: 1 }))._unsafeUnwrap().value as { proposal_id: string; approval_url: string };
    const [told] = await services.news.recent(userId, 5);
    expect(told?.news).toMatchObject({ kind: 'proposal_waiting', key: `proposal:${proposal.proposal_id}`, path: `/desk/approvals/${proposal.proposal_id}`, urgency: 'high' });
    expect(told?.news.expiresAt).toBe(told!.news.createdAt + 60_000);
    const token = proposal.approval_url.split('/').at(-1)!;
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(told)).not.toContain(token);
  });

  it('does not tell of a proposal the agent may confirm itself (CONDOR_APPROVAL=confirm, a paper account)', async () => {
    const { services, userId, call } = await person(AGENT_CONFIRMS);
    (await call('propose_entry', { candidate: spyCandidate(1.4), qty: 1 }))._unsafeUnwrap();
    expect(await kinds(services, userId)).toEqual([]);
  });

  it('tells once that a broker refused a link, and marks the link unconnected', async () => {
    const { services, brokers, userId } = await person();
    const link = (await services.brokerLinks.get(userId))!;
    brokers.verifyFails(userId, { kind: 'auth_failed', message: 'unauthorized' });
    const broker = unlinkingOnRefusal(brokers.open({ ownerId: userId, broker: link.broker, environment: link.environment, credentials: null }), link, services);
    expect((await broker.verify()).isErr()).toBe(true);
    expect((await broker.verify()).isErr()).toBe(true);
    const told = (await services.news.recent(userId, 5)).filter((n) => n.news.kind === 'link_failed');
    expect(told).toHaveLength(1);
    expect(told[0]?.news.body).toContain('refused condor’s keys for your paper account (unauthorized)');
    expect((await services.brokerLinks.get(userId))?.connectedAt).toBeNull();
  });

  it('sends security news for an API key that can trade, not for one that cannot', async () => {
    const { services, userId, call } = await person();
    (await call('create_api_key', { name: 'reader', scopes: ['read'] }))._unsafeUnwrap();
    expect(await kinds(services, userId)).toEqual([]);
    (await call('create_api_key', { name: 'trader bot', scopes: ['read', 'propose', 'trade'] }))._unsafeUnwrap();
    const [told] = await services.news.recent(userId, 5);
    expect(told?.news).toMatchObject({ kind: 'security', title: 'An API key that can trade was created: “trader bot”', path: '/api-keys' });
    expect(JSON.stringify(told)).not.toMatch(/condor_sk_/);
  });
});
