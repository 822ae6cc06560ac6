import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors/app-error.js';
import { execute } from '../operations/execute.js';
import { entryProposal, onboardedUser } from './approval-fixture.js';
import { browserCaller, startBrowserSession } from '../browser/browser-session.js';
import { proposalTicket, REJECTED_BY_PERSON, rejectProposal } from './reject-proposal.js';

const PASSWORD = 'mcp app password 1';

/** An onboarded user on the simulated broker, as an MCP client holds them: an API access token. */
async function user(services: TestServices, email: string) {
  const { userId, accessToken: credential } = await onboardedUser(services, email, PASSWORD);
  const approveInApp = (proposalId: string) =>
    execute('confirm_proposal', { proposal_id: proposalId }, { services, credential, requestId: 'mcp-app-test', batchKey: 'app-batch', approval: { method: 'app' } });
  return { userId, credential, approveInApp };
}

async function proposed(services: TestServices, ownerId: string): Promise<string> {
  const id = services.ids.uuid();
  await services.proposals.insert(entryProposal({ id, ownerId, createdAt: services.clock.now(), batchKey: 'made-here', qty: 3, maxLoss: 1_125 }));
  return id;
}

async function world() {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers });
  const owner = await user(services, 'app-owner@example.com');
  const stranger = await user(services, 'app-stranger@example.com');
  return { services, brokers, owner, stranger, id: await proposed(services, owner.userId) };
}

const codeOf = (result: ResultAsync<unknown, AppError>): Promise<string> => result.match(() => 'ok', (error) => error.code);

describe('proposalTicket', () => {
  it('gives the caller their proposal as an order ticket', async () => {
    const { services, owner, id } = await world();
    const ticket = (await proposalTicket(services, owner.credential, id))._unsafeUnwrap();
    expect(ticket).toMatchObject({ proposalId: id, status: 'awaiting_approval', qty: 3, maxProfit: 375, maxLoss: 1_125, breakevens: [543.75, 601.25] });
    expect(ticket.priceWords).toBe('a credit of at least $1.25 per share ($375.00 for 3 contracts)');
  });

  it('answers PROPOSAL_NOT_FOUND for another user’s proposal, as for an unknown one', async () => {
    const { services, stranger, id } = await world();
    expect(await codeOf(proposalTicket(services, stranger.credential, id))).toBe('PROPOSAL_NOT_FOUND');
    expect(await codeOf(proposalTicket(services, stranger.credential, services.ids.uuid()))).toBe('PROPOSAL_NOT_FOUND');
  });

  it('needs an API credential: none is UNAUTHORIZED, a browser session’s token is not one', async () => {
    const { services, id } = await world();
    expect(await codeOf(proposalTicket(services, null, id))).toBe('UNAUTHORIZED');
    const { token } = (await startBrowserSession(services, { email: 'app-owner@example.com', password: PASSWORD, userAgent: null, address: null }))._unsafeUnwrap();
    expect((await browserCaller(services, token)).isOk()).toBe(true);
    expect(await codeOf(proposalTicket(services, token, id))).toBe('SESSION_INVALID');
  });
});

describe('rejectProposal (the MCP App ticket’s Reject)', () => {
  it('ends the proposal without an order, recorded as rejected by the person in the app', async () => {
    const { services, brokers, owner, id } = await world();
    services.clock.advance(2_000);
    const ticket = (await rejectProposal(services, owner.credential, id))._unsafeUnwrap();
    expect(ticket.status).toBe('rejected');
    const stored = await services.proposals.get(owner.userId, id);
    expect(stored).toMatchObject({ consumedAt: services.clock.now(), approval: null, outcome: { status: 'rejected', detail: `${REJECTED_BY_PERSON} in the MCP App ticket` } });
    expect(brokers.submitCount(owner.userId)).toBe(0);
  });

  it('leaves nothing for a later approval to place', async () => {
    const { services, brokers, owner, id } = await world();
    (await rejectProposal(services, owner.credential, id))._unsafeUnwrap();
    services.clock.advance(6_000);
    expect((await owner.approveInApp(id))._unsafeUnwrapErr().body.error).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(await codeOf(rejectProposal(services, owner.credential, id))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(brokers.submitCount(owner.userId)).toBe(0);
  });

  it('cannot undo an order the app already approved', async () => {
    const { services, brokers, owner, id } = await world();
    services.clock.advance(6_000);
    expect((await owner.approveInApp(id)).isOk()).toBe(true);
    expect(await codeOf(rejectProposal(services, owner.credential, id))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect((await services.proposals.get(owner.userId, id))?.outcome?.status).toBe('submitted');
    expect(brokers.allOrders(owner.userId)).toHaveLength(1);
  });

  it('answers PROPOSAL_EXPIRED at 60 s and leaves the proposal as it was', async () => {
    const { services, owner, id } = await world();
    services.clock.advance(60_000);
    expect(await codeOf(rejectProposal(services, owner.credential, id))).toBe('PROPOSAL_EXPIRED');
    expect((await services.proposals.get(owner.userId, id))?.consumedAt).toBeNull();
  });

  it('cannot reject another user’s proposal', async () => {
    const { services, owner, stranger, id } = await world();
    expect(await codeOf(rejectProposal(services, stranger.credential, id))).toBe('PROPOSAL_NOT_FOUND');
    expect(await codeOf(rejectProposal(services, null, id))).toBe('UNAUTHORIZED');
    expect((await services.proposals.get(owner.userId, id))?.consumedAt).toBeNull();
  });
});
