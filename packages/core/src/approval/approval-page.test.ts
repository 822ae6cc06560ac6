import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import * as fc from 'fast-check';
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors/app-error.js';
import { browserLogin, entryProposal, onboardedUser } from './approval-fixture.js';
import { approvalTicket, rejectByLink } from './approval-page.js';
import { approveByLink } from '../placement/approve-by-link.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { mintLink } from '../browser/links.js';

const PASSWORD = 'approval page password 1';
const EVIDENCE = { client: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', address: '203.0.113.9' };

/** A registered, onboarded user with the simulated broker connected, logged in on the HTML login page. */
async function person(services: TestServices, email: string): Promise<{ userId: string; browser: BrowserCaller }> {
  const { userId } = await onboardedUser(services, email, PASSWORD);
  return { userId, browser: await browserLogin(services, email, PASSWORD) };
}

/** An entry proposal of the owner made now, and its approval link. */
async function proposed(services: TestServices, ownerId: string): Promise<{ id: string; link: string }> {
  const id = services.ids.uuid();
  const now = services.clock.now();
  await services.proposals.insert(entryProposal({ id, ownerId, createdAt: now, batchKey: 'made-here' }));
  return { id, link: await mintLink(services, 'approve_proposal', ownerId, id, now + 60_000) };
}

async function world() {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers });
  const owner = await person(services, 'owner@example.com');
  const stranger = await person(services, 'stranger@example.com');
  const proposal = await proposed(services, owner.userId);
  return { services, brokers, owner, stranger, proposal };
}

const codeOf = (result: ResultAsync<unknown, AppError>): Promise<string> => result.match(() => 'ok', (error) => error.code);

describe('approval links are their owner’s', () => {
  it('shows the owner the ticket behind the link, not yet used', async () => {
    const { services, owner, proposal } = await world();
    const { ticket, linkUsed } = (await approvalTicket(services, owner.browser, proposal.link))._unsafeUnwrap();
    expect(ticket).toMatchObject({ proposalId: proposal.id, status: 'awaiting_approval', headline: 'Sell 1 SPY 2026-12-18 iron condor 540/545/600/605' });
    expect(linkUsed).toBe(false);
  });

  it('answers another user’s browser session exactly as it answers an unknown link, and places nothing', async () => {
    const { services, brokers, owner, stranger, proposal } = await world();
    services.clock.advance(6_000);
    const unknown = (await approvalTicket(services, stranger.browser, 'rt_0000000000000000000000000000000000000000'))._unsafeUnwrapErr();
    const theirs = (await approvalTicket(services, stranger.browser, proposal.link))._unsafeUnwrapErr();
    expect(unknown.code).toBe('NOT_FOUND');
    expect(theirs).toEqual(unknown);
    expect((await approveByLink(services, stranger.browser, proposal.link, EVIDENCE))._unsafeUnwrapErr()).toEqual(unknown);
    expect((await rejectByLink(services, stranger.browser, proposal.link))._unsafeUnwrapErr()).toEqual(unknown);
    expect(brokers.allOrders(owner.userId)).toHaveLength(0);
    expect(brokers.allOrders(stranger.userId)).toHaveLength(0);
    expect((await services.proposals.get(owner.userId, proposal.id))?.consumedAt).toBeNull();
  });

  it('does not take a link minted for another purpose', async () => {
    const { services, owner, proposal } = await world();
    services.clock.advance(6_000);
    const keys = await mintLink(services, 'broker_keys', owner.userId, null, services.clock.now() + 60_000);
    const elicitation = await mintLink(services, 'elicitation', owner.userId, proposal.id, services.clock.now() + 60_000);
    expect(await codeOf(approveByLink(services, owner.browser, keys, EVIDENCE))).toBe('NOT_FOUND');
    expect(await codeOf(approveByLink(services, owner.browser, elicitation, EVIDENCE))).toBe('NOT_FOUND');
    expect((await services.proposals.get(owner.userId, proposal.id))?.consumedAt).toBeNull();
  });

  it('answers NOT_FOUND for a token that is not a token, without looking it up', async () => {
    const { services, owner } = await world();
    expect(await codeOf(approvalTicket(services, owner.browser, '../../etc/passwd'))).toBe('NOT_FOUND');
    expect(await codeOf(approveByLink(services, owner.browser, '', EVIDENCE))).toBe('NOT_FOUND');
  });
});

describe('what is stored of an approval link', () => {
  it('is the digest of its token, never the token, before and after it is used', async () => {
    const { services, owner, proposal } = await world();
    const dump = () =>
      Object.entries(services).map(([name, service]) => [name, JSON.stringify(service, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value))] as const);
    expect(JSON.stringify(dump())).toContain(services.digest.sha256(proposal.link));
    services.clock.advance(6_000);
    (await approveByLink(services, owner.browser, proposal.link, EVIDENCE))._unsafeUnwrap();
    for (const [name, text] of dump()) expect(text, name).not.toContain(proposal.link);
    expect(await services.singleUseLinks.find(services.digest.sha256(proposal.link))).toMatchObject({ purpose: 'approve_proposal', ownerId: owner.userId, proposalId: proposal.id, usedAt: services.clock.now() });
  });
});

describe('approveByLink', () => {
  it('refuses before 5 s with CONFIRM_TOO_FAST and places nothing', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(4_999);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('CONFIRM_TOO_FAST');
    expect(brokers.allOrders(owner.userId)).toHaveLength(0);
    expect((await services.proposals.get(owner.userId, proposal.id))?.consumedAt).toBeNull();
    expect((await approvalTicket(services, owner.browser, proposal.link))._unsafeUnwrap().linkUsed).toBe(false);
  });

  it('places exactly one order from 5 s, approved on the page by the owner, with the browser and address recorded', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(5_000);
    const approvedAt = services.clock.now();
    const answer = (await approveByLink(services, owner.browser, proposal.link, EVIDENCE))._unsafeUnwrap();
    const orders = brokers.allOrders(owner.userId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.clientOrderId).toBe(proposal.id);
    expect(answer.orderId).toBe(orders[0]?.id);
    expect(answer.ticket.status).toBe('placed');
    const approval = { method: 'page', at: approvedAt, userId: owner.userId, client: EVIDENCE.client, address: EVIDENCE.address };
    expect(answer.ticket.approval).toEqual(approval);
    expect((await services.proposals.get(owner.userId, proposal.id))?.approval).toEqual(approval);
    expect((await approvalTicket(services, owner.browser, proposal.link))._unsafeUnwrap().linkUsed).toBe(true);
  });

  it('answers a second approve with PROPOSAL_ALREADY_CONSUMED and still one order', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(6_000);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('ok');
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('PROPOSAL_ALREADY_CONSUMED');
    services.clock.advance(60_000);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(brokers.allOrders(owner.userId)).toHaveLength(1);
    expect(brokers.submitCount(owner.userId)).toBe(1);
  });

  it('places one order for 20 concurrent approves of one link', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(6_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(19);
    expect(brokers.allOrders(owner.userId)).toHaveLength(1);
    expect(brokers.submitCount(owner.userId)).toBe(1);
  });

  it('places one order for 20 concurrent approves whatever the order their store calls resolve in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        const { services, brokers, owner, proposal } = await world();
        const { proposals, singleUseLinks } = services;
        const raced: TestServices = {
          ...services,
          proposals: {
            insert: (p) => proposals.insert(p),
            get: (ownerId, id) => s.schedule(proposals.get(ownerId, id)),
            consume: (ownerId, id, at, approval) => s.schedule(proposals.consume(ownerId, id, at, approval)),
            book: (ownerId) => proposals.book(ownerId),
            recordOutcome: (id, outcome) => s.schedule(proposals.recordOutcome(id, outcome)),
            listForPosition: (ownerId, positionId) => proposals.listForPosition(ownerId, positionId),
            listWaiting: (ownerId, createdAfter) => proposals.listWaiting(ownerId, createdAfter),
            unfinished: () => proposals.unfinished(),
          },
          singleUseLinks: {
            insert: (link) => singleUseLinks.insert(link),
            find: (digest) => s.schedule(singleUseLinks.find(digest)),
            markUsed: (digest, at) => s.schedule(singleUseLinks.markUsed(digest, at)),
          },
        };
        services.clock.advance(6_000);
        const answers = await s.waitFor(Promise.all(Array.from({ length: 20 }, () => codeOf(approveByLink(raced, owner.browser, proposal.link, EVIDENCE)))));
        expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
        expect(answers.filter((a) => a === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(19);
        expect(brokers.submitCount(owner.userId)).toBe(1);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses an expired link with PROPOSAL_EXPIRED and places nothing, while the ticket still shows it expired', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(60_000);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('PROPOSAL_EXPIRED');
    expect(await codeOf(rejectByLink(services, owner.browser, proposal.link))).toBe('PROPOSAL_EXPIRED');
    expect(brokers.allOrders(owner.userId)).toHaveLength(0);
    expect((await approvalTicket(services, owner.browser, proposal.link))._unsafeUnwrap().ticket.status).toBe('expired');
  });
});

describe('rejectByLink', () => {
  it('ends the proposal without an order, and a later approve is refused', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(1_000);
    const ticket = (await rejectByLink(services, owner.browser, proposal.link))._unsafeUnwrap();
    expect(ticket.status).toBe('rejected');
    const stored = await services.proposals.get(owner.userId, proposal.id);
    expect(stored?.outcome?.status).toBe('rejected');
    expect(stored?.approval).toBeNull();
    services.clock.advance(5_000);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(await codeOf(rejectByLink(services, owner.browser, proposal.link))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(brokers.allOrders(owner.userId)).toHaveLength(0);
    expect(brokers.submitCount(owner.userId)).toBe(0);
  });

  it('cannot reject a proposal already placed', async () => {
    const { services, brokers, owner, proposal } = await world();
    services.clock.advance(6_000);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('ok');
    expect(await codeOf(rejectByLink(services, owner.browser, proposal.link))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect((await services.proposals.get(owner.userId, proposal.id))?.outcome?.status).toBe('submitted');
    expect(brokers.allOrders(owner.userId)).toHaveLength(1);
  });
});

describe('an approval that cannot reach the broker', () => {
  it('leaves the proposal untouched when the broker was disconnected, so the person can reconnect and approve it', async () => {
    const { services, brokers, owner, proposal } = await world();
    await services.brokerLinks.put({ ...(await services.brokerLinks.get(owner.userId))!, connectedAt: null });
    services.clock.advance(6_000);
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('BROKER_NOT_CONNECTED');
    expect(await services.proposals.get(owner.userId, proposal.id)).toMatchObject({ consumedAt: null, approval: null });
    await services.brokerLinks.put({ ...(await services.brokerLinks.get(owner.userId))!, connectedAt: services.clock.now() });
    expect(await codeOf(approveByLink(services, owner.browser, proposal.link, EVIDENCE))).toBe('ok');
    expect(brokers.allOrders(owner.userId)).toHaveLength(1);
  });
});
