import { createTestServices, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { approvalTicket } from '../approval/approval-page.js';
import { browserLogin, entryProposal, onboardedUser } from '../approval/approval-fixture.js';
import { brokerKeysPage } from '../browser/broker-keys-page.js';
import { deskApprovalLink, deskBrokerKeysLink } from './desk-links.js';

const PASSWORD = 'desk links password 1';

async function world() {
  const services: TestServices = createTestServices();
  const owner = await onboardedUser(services, 'owner@example.com', PASSWORD);
  await onboardedUser(services, 'stranger@example.com', PASSWORD);
  const id = services.ids.uuid();
  await services.proposals.insert(entryProposal({ id, ownerId: owner.userId, createdAt: services.clock.now() }));
  return { services, id, owner: await browserLogin(services, 'owner@example.com', PASSWORD), stranger: await browserLogin(services, 'stranger@example.com', PASSWORD) };
}

describe('links the desk mints for its person', () => {
  it('opens the ticket of the person’s own proposal, expiring with the proposal; only the digest is stored', async () => {
    const { services, id, owner } = await world();
    const token = (await deskApprovalLink(services, owner, id))._unsafeUnwrap();
    expect((await approvalTicket(services, owner, token))._unsafeUnwrap()).toMatchObject({ ticket: { proposalId: id, status: 'awaiting_approval' }, linkUsed: false });
    const stored = await services.singleUseLinks.find(services.digest.sha256(token));
    expect(stored).toMatchObject({ purpose: 'approve_proposal', ownerId: owner.userId, proposalId: id, expiresAt: services.clock.now() + 60_000 });
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('mints nothing for another person’s proposal or an unknown id, and the owner’s link opens nothing for anyone else', async () => {
    const { services, id, owner, stranger } = await world();
    expect((await deskApprovalLink(services, stranger, id))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
    expect((await deskApprovalLink(services, owner, services.ids.uuid()))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
    const token = (await deskApprovalLink(services, owner, id))._unsafeUnwrap();
    expect((await approvalTicket(services, stranger, token))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
  });

  it('gives the person a broker-keys page of their own for 15 minutes', async () => {
    const { services, owner, stranger } = await world();
    const token = (await deskBrokerKeysLink(services, owner))._unsafeUnwrap();
    expect((await brokerKeysPage(services, owner, token, undefined)).isOk()).toBe(true);
    expect((await brokerKeysPage(services, stranger, token, undefined))._unsafeUnwrapErr().code).toBe('NOT_FOUND');
    services.clock.advance(15 * 60_000);
    expect((await brokerKeysPage(services, owner, token, undefined)).isErr()).toBe(true);
  });
});
