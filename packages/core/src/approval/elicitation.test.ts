import { createTestServices, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { entryProposal } from './approval-fixture.js';
import { closeElicitation, ELICITATION_TTL_MS, openElicitation } from './elicitation.js';
import { mintLink } from '../browser/links.js';

const OWNER = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER_USER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** A proposal of OWNER created at `createdAt` (now by default). */
async function proposal(services: TestServices, createdAt = services.clock.now()): Promise<string> {
  const id = services.ids.uuid();
  await services.proposals.insert(entryProposal({ id, ownerId: OWNER, createdAt }));
  return id;
}

describe('closeElicitation', () => {
  it('takes an answer exactly once', async () => {
    const services = createTestServices();
    const id = await proposal(services);
    const { nonce } = await openElicitation(services, OWNER, id);
    services.clock.advance(10_000);
    expect(await closeElicitation(services, OWNER, id, nonce)).toBe(true);
    expect(await closeElicitation(services, OWNER, id, nonce)).toBe(false);
  });

  it('takes exactly one of many concurrent answers', async () => {
    const services = createTestServices();
    const id = await proposal(services);
    const { nonce } = await openElicitation(services, OWNER, id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => closeElicitation(services, OWNER, id, nonce)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('refuses another user, another proposal and a wrong nonce, and the answer is then still there for the right one', async () => {
    const services = createTestServices();
    const id = await proposal(services);
    const other = await proposal(services);
    const { nonce } = await openElicitation(services, OWNER, id);
    expect(await closeElicitation(services, OTHER_USER, id, nonce)).toBe(false);
    expect(await closeElicitation(services, OWNER, other, nonce)).toBe(false);
    expect(await closeElicitation(services, OWNER, id, `${nonce}x`)).toBe(false);
    expect(await closeElicitation(services, OWNER, id, '')).toBe(false);
    expect(await closeElicitation(services, OWNER, id, nonce)).toBe(true);
  });

  it('does not take the token of an approval link for the same proposal', async () => {
    const services = createTestServices();
    const id = await proposal(services);
    const link = await mintLink(services, 'approve_proposal', OWNER, id, services.clock.now() + 60_000);
    expect(await closeElicitation(services, OWNER, id, link)).toBe(false);
  });

  it('expires with the proposal when that comes first', async () => {
    const services = createTestServices();
    const createdAt = services.clock.now();
    const id = await proposal(services);
    services.clock.advance(30_000);
    const early = await openElicitation(services, OWNER, id);
    const late = await openElicitation(services, OWNER, id);
    expect(early.expiresAt).toBe(createdAt + 60_000);
    services.clock.set(createdAt + 59_999);
    expect(await closeElicitation(services, OWNER, id, early.nonce)).toBe(true);
    services.clock.set(createdAt + 60_000);
    expect(await closeElicitation(services, OWNER, id, late.nonce)).toBe(false);
  });

  it('expires ELICITATION_TTL_MS after it opened when the proposal outlives that', async () => {
    const services = createTestServices();
    const opened = services.clock.now();
    // A proposal stamped 20 s ahead of this clock (another instance's clock) lives until opened + 80 s.
    const id = await proposal(services, opened + 20_000);
    const first = await openElicitation(services, OWNER, id);
    const second = await openElicitation(services, OWNER, id);
    expect(first.expiresAt).toBe(opened + ELICITATION_TTL_MS);
    services.clock.set(opened + ELICITATION_TTL_MS - 1);
    expect(await closeElicitation(services, OWNER, id, first.nonce)).toBe(true);
    services.clock.set(opened + ELICITATION_TTL_MS);
    expect(await closeElicitation(services, OWNER, id, second.nonce)).toBe(false);
  });

  it('is dead at once for a proposal the user does not have', async () => {
    const services = createTestServices();
    const id = await proposal(services);
    const { nonce, expiresAt } = await openElicitation(services, OTHER_USER, id);
    expect(expiresAt).toBe(services.clock.now());
    expect(await closeElicitation(services, OTHER_USER, id, nonce)).toBe(false);
  });
});

describe('openElicitation', () => {
  it('gives a fresh nonce each time and stores only its digest', async () => {
    const services = createTestServices();
    const id = await proposal(services);
    const a = await openElicitation(services, OWNER, id);
    const b = await openElicitation(services, OWNER, id);
    expect(a.nonce).not.toBe(b.nonce);
    expect(await services.singleUseLinks.find(services.digest.sha256(a.nonce))).toMatchObject({ purpose: 'elicitation', ownerId: OWNER, proposalId: id, usedAt: null });
    const stored = JSON.stringify(services.singleUseLinks, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value));
    expect(stored).toContain(services.digest.sha256(a.nonce));
    expect(stored).not.toContain(a.nonce);
    expect(stored).not.toContain(b.nonce);
  });
});
