import { createTestServices, fakeAssertion, FakeBrokers, fakeRegistration, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { finishPasskeyRegistration, startAddingPasskey } from '../passkeys/register-passkey.js';
import { setPaperPasskeyApprovals } from '../passkeys/paper-setting.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { mintLink } from '../browser/links.js';
import { execute } from '../operations/execute.js';
import { browserLogin, CONDOR_OPEN_LEGS, entryProposal, onboardedUser } from './approval-fixture.js';
import { approvalTicket, startPasskeyApproval } from './approval-page.js';
import { approveByLink } from '../placement/approve-by-link.js';

const EMAIL = 'passkey.approver@example.com';
const PASSWORD = 'passkey approval password 1';
const EVIDENCE = { client: 'Chromium/156', address: '203.0.113.9' };

let services: TestServices;
let brokers: FakeBrokers;
let userId: string;
let accessToken: string;
let browser: BrowserCaller;

beforeEach(async () => {
  brokers = new FakeBrokers();
  services = createTestServices({ brokers, config: { ...createTestServices().config, approvalPolicy: 'confirm' } });
  ({ userId, accessToken } = await onboardedUser(services, EMAIL, PASSWORD));
  browser = await browserLogin(services, EMAIL, PASSWORD);
});

const goLive = async () => {
  const link = (await services.brokerLinks.get(userId))!;
  await services.brokerLinks.put({ ...link, environment: 'live' });
};

async function addPasskey(id: string): Promise<void> {
  const { challenge } = (await startAddingPasskey(services, { userId, email: EMAIL, password: PASSWORD }))._unsafeUnwrap();
  (await finishPasskeyRegistration(services, { userId, challenge, response: fakeRegistration(challenge, id), name: id }))._unsafeUnwrap();
}

let made = 0;
/** The fixture's legs $n higher in strike: each proposal opens its own contracts. */
const legsOf = (n: number) =>
  CONDOR_OPEN_LEGS.map((leg) => ({ ...leg, symbol: `${leg.symbol.slice(0, -8)}${String(Number(leg.symbol.slice(-8)) + n * 1000).padStart(8, '0')}` }));

/** An entry proposal made 6 s ago (past the floor), and its approval link. */
async function proposal(): Promise<{ id: string; link: string }> {
  const id = services.ids.uuid();
  const now = services.clock.now();
  made += 1;
  await services.proposals.insert(entryProposal({ id, ownerId: userId, createdAt: now - 6_000, batchKey: 'agent-batch', legs: legsOf(made) }));
  return { id, link: await mintLink(services, 'approve_proposal', userId, id, now + 54_000) };
}

const asserted = async (link: string, credentialId = 'laptop', overrides: Parameters<typeof fakeAssertion>[2] = {}) => {
  const { challenge } = (await startPasskeyApproval(services, browser, link))._unsafeUnwrap();
  return { challenge, response: fakeAssertion(challenge, credentialId, overrides) };
};

const code = (result: { match: <A, B>(ok: () => A, err: (e: { code: string; message?: string }) => B) => Promise<A | B> }) => result.match(() => 'placed', (e) => e.code);

describe('approving a live order needs a passkey', () => {
  beforeEach(goLive);

  it('places with a fresh, verified assertion bound to the proposal, and records passkey with the credential id', async () => {
    await addPasskey('laptop');
    const { id, link } = await proposal();
    expect((await approvalTicket(services, browser, link))._unsafeUnwrap().passkey).toEqual({ required: true, registered: true });
    const answer = await asserted(link);
    const placed = await approveByLink(services, browser, link, EVIDENCE, answer);
    expect(placed.isOk()).toBe(true);
    // A second click is told the proposal is decided, whatever its answer.
    expect(await code(approveByLink(services, browser, link, EVIDENCE, answer))).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect((await services.proposals.get(userId, id))?.approval).toMatchObject({ method: 'passkey', credentialId: 'laptop', client: EVIDENCE.client });
    expect(brokers.submitCount(userId)).toBe(1);
  });

  it('refuses the password session alone, an unverified person, another proposal’s assertion and a replay; nothing is placed', async () => {
    await addPasskey('laptop');
    const { link } = await proposal();
    const other = await proposal();
    expect(await code(approveByLink(services, browser, link, EVIDENCE))).toBe('CONFIRM_BLOCKED');
    expect(await code(approveByLink(services, browser, link, EVIDENCE, await asserted(link, 'laptop', { userVerified: false })))).toBe('CONFIRM_BLOCKED');
    expect(await code(approveByLink(services, browser, link, EVIDENCE, await asserted(other.link)))).toBe('CONFIRM_BLOCKED');
    const once = await asserted(link);
    expect(await code(approveByLink(services, browser, other.link, EVIDENCE, once))).toBe('CONFIRM_BLOCKED');
    expect(await code(approveByLink(services, browser, link, EVIDENCE, once))).toBe('CONFIRM_BLOCKED');
    expect(brokers.submitCount(userId)).toBe(0);
    expect(await code(approveByLink(services, browser, link, EVIDENCE, await asserted(link)))).toBe('placed');
  });

  it('tells a person without a passkey to add one, and an agent’s confirm names the page and the passkey', async () => {
    const { id, link } = await proposal();
    expect((await approvalTicket(services, browser, link))._unsafeUnwrap().passkey).toEqual({ required: true, registered: false });
    expect((await startPasskeyApproval(services, browser, link))._unsafeUnwrapErr().message).toContain('no passkey');
    const confirm = await execute('confirm_proposal', { proposal_id: id }, { services, credential: accessToken, requestId: 'r', batchKey: 'another-batch' });
    const body = confirm._unsafeUnwrapErr().body;
    expect([body.error, body.message]).toEqual(['CONFIRM_BLOCKED', expect.stringContaining('passkey')]);
    expect(brokers.submitCount(userId)).toBe(0);
  });
});

describe('paper orders and the person’s setting', () => {
  it('takes the password alone until the person asks for their passkey; then only the passkey', async () => {
    await addPasskey('laptop');
    const first = await proposal();
    expect((await approvalTicket(services, browser, first.link))._unsafeUnwrap().passkey.required).toBe(false);
    expect(await code(approveByLink(services, browser, first.link, EVIDENCE))).toBe('placed');
    expect((await setPaperPasskeyApprovals(services, { userId, sessionDigest: browser.sessionDigest, on: true, password: null })).isOk()).toBe(true);
    const second = await proposal();
    expect(await code(approveByLink(services, browser, second.link, EVIDENCE))).toBe('CONFIRM_BLOCKED');
    const agent = await execute('confirm_proposal', { proposal_id: second.id }, { services, credential: accessToken, requestId: 'r', batchKey: 'another-batch' });
    expect(agent._unsafeUnwrapErr().body.error).toBe('CONFIRM_BLOCKED');
    expect(await code(approveByLink(services, browser, second.link, EVIDENCE, await asserted(second.link)))).toBe('placed');
  });

  it('turns on only with a passkey to give, and off only with the password from a fresh login', async () => {
    const set = (on: boolean, password: string | null) => setPaperPasskeyApprovals(services, { userId, sessionDigest: browser.sessionDigest, on, password });
    expect((await set(true, null))._unsafeUnwrapErr()).toBe('no_passkey');
    await addPasskey('laptop');
    expect((await set(true, null)).isOk()).toBe(true);
    expect((await set(false, null))._unsafeUnwrapErr()).toBe('password_needed');
    expect((await set(false, 'not it'))._unsafeUnwrapErr()).toBe('password_wrong');
    services.clock.advance(11 * 60_000);
    expect((await set(false, PASSWORD))._unsafeUnwrapErr()).toBe('login_not_fresh');
    expect(await services.userSettings.paperPasskeyApprovals(userId)).toBe(true);
    const fresh = await browserLogin(services, EMAIL, PASSWORD);
    expect((await setPaperPasskeyApprovals(services, { userId, sessionDigest: fresh.sessionDigest, on: false, password: PASSWORD })).isOk()).toBe(true);
    expect(await services.userSettings.paperPasskeyApprovals(userId)).toBe(false);
  });
});

describe('adding a passkey', () => {
  it('needs the password typed again', async () => {
    expect((await startAddingPasskey(services, { userId, email: EMAIL, password: null }))._unsafeUnwrapErr()).toBe('password_needed');
    expect((await startAddingPasskey(services, { userId, email: EMAIL, password: 'guess' }))._unsafeUnwrapErr()).toBe('password_wrong');
    expect((await startAddingPasskey(services, { userId, email: EMAIL, password: PASSWORD })).isOk()).toBe(true);
  });
});
