import { createTestServices, FakeBrokers, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { appError } from '../errors/app-error.js';
import { renderError } from '../errors/render.js';
import type { ShellApproval } from '../operations/operation.js';
import { execute } from '../operations/execute.js';
import { DEFAULT_CORE_CONFIG, type CoreConfig } from '../services.js';
import { browserLogin, entryProposal, onboardedUser } from './approval-fixture.js';
import { methodAllowed } from './approval-policy.js';
import { approveByLink } from '../placement/approve-by-link.js';
import { isPersonRequired, PAGE_REQUIRED_EXPECTED, PERSON_REQUIRED_EXPECTED, personRequired } from './person-required.js';

const PASSWORD = 'person required password 1';
const PUBLIC_URL = 'https://condor.example';
const APPROVE_URL = /https:\/\/condor\.example\/approve\/([A-Za-z0-9_-]+) /;

/** An onboarded user on the simulated broker (its link made live when asked), with a confirm as the agent would send it. */
async function trader(config: Partial<CoreConfig> = {}, live = false) {
  const brokers = new FakeBrokers();
  const services = createTestServices({ brokers, config: { ...DEFAULT_CORE_CONFIG, publicUrl: PUBLIC_URL, ...config } });
  const { userId, accessToken } = await onboardedUser(services, 'agent-user@example.com', PASSWORD);
  if (live) await services.brokerLinks.put({ ...(await services.brokerLinks.get(userId))!, environment: 'live' });
  const confirm = async (proposalId: string, approval: ShellApproval | null = null, batchKey = 'a-later-batch') =>
    execute('confirm_proposal', { proposal_id: proposalId }, { services, credential: accessToken, requestId: 'person-required-test', batchKey, client: 'agent-client/1', approval });
  return { services, brokers, userId, confirm, propose: () => proposed(services, userId) };
}

async function proposed(services: TestServices, ownerId: string): Promise<string> {
  const id = services.ids.uuid();
  await services.proposals.insert(entryProposal({ id, ownerId, createdAt: services.clock.now(), batchKey: 'made-here' }));
  return id;
}

describe('confirm_proposal under the default policy (a person approves)', () => {
  it('answers CONFIRM_BLOCKED asking for a person, with an approval URL that places the order on the page', async () => {
    const { services, brokers, userId, confirm, propose } = await trader();
    expect(services.config.approvalPolicy).toBeUndefined();
    const id = await propose();
    services.clock.advance(6_000);
    const refused = (await confirm(id))._unsafeUnwrapErr();
    const { body } = refused;
    expect(body.error).toBe('CONFIRM_BLOCKED');
    expect(isPersonRequired(refused)).toBe(true);
    expect(body.message).toContain('54 s');
    const token = APPROVE_URL.exec(body.message)?.[1];
    expect(token, body.message).toBeDefined();
    expect(brokers.allOrders(userId)).toHaveLength(0);

    const browser = await browserLogin(services, 'agent-user@example.com', PASSWORD);
    (await approveByLink(services, browser, token!, { client: 'Firefox/140', address: '203.0.113.9' }))._unsafeUnwrap();
    expect(brokers.allOrders(userId)).toHaveLength(1);
    expect((await services.proposals.get(userId, id))?.approval?.method).toBe('page');
  });

  it('never places an order however often the agent confirms, even with the person’s link outstanding', async () => {
    const { services, brokers, userId, confirm, propose } = await trader();
    const createdAt = services.clock.now();
    const id = await propose();
    for (const at of [1_000, 5_000, 30_000]) {
      services.clock.set(createdAt + at);
      expect(isPersonRequired((await confirm(id))._unsafeUnwrapErr())).toBe(true);
    }
    expect(brokers.submitCount(userId)).toBe(0);
    expect((await services.proposals.get(userId, id))?.consumedAt).toBeNull();
  });

  it('places through an accepted elicitation, recorded as such', async () => {
    const { services, brokers, userId, confirm, propose } = await trader();
    const id = await propose();
    services.clock.advance(6_000);
    expect((await confirm(id, { method: 'elicitation' })).isOk()).toBe(true);
    expect(brokers.allOrders(userId)).toHaveLength(1);
    expect((await services.proposals.get(userId, id))?.approval).toMatchObject({ method: 'elicitation', client: 'agent-client/1', userId });
  });

  it('keeps the batch rule’s CONFIRM_BLOCKED apart from the one asking for a person', async () => {
    const { services, confirm, propose } = await trader({ approvalPolicy: 'confirm' });
    const id = await propose();
    services.clock.advance(6_000);
    const refused = (await confirm(id, null, 'made-here'))._unsafeUnwrapErr();
    expect(refused.body.error).toBe('CONFIRM_BLOCKED');
    expect(isPersonRequired(refused)).toBe(false);
  });
});

describe('confirm_proposal under CONDOR_APPROVAL=confirm', () => {
  it('lets the agent place a paper order, recorded as its confirm', async () => {
    const { services, brokers, userId, confirm, propose } = await trader({ approvalPolicy: 'confirm' });
    const id = await propose();
    services.clock.advance(6_000);
    expect((await confirm(id)).isOk()).toBe(true);
    expect(brokers.allOrders(userId)).toHaveLength(1);
    expect((await services.proposals.get(userId, id))?.approval).toMatchObject({ method: 'confirm', client: 'agent-client/1' });
  });

  it('still asks a person for a live account, saying why', async () => {
    const { services, brokers, userId, confirm, propose } = await trader({ approvalPolicy: 'confirm', liveTradingEnabled: true }, true);
    const id = await propose();
    services.clock.advance(6_000);
    const refused = (await confirm(id))._unsafeUnwrapErr();
    const { body } = refused;
    // Only the approval page counts on a live account: no shell may elicit for it.
    expect([body.error, body.expected, isPersonRequired(refused)]).toEqual(['CONFIRM_BLOCKED', PAGE_REQUIRED_EXPECTED, false]);
    expect(refused.personApproval).toBe('page');
    expect(body.message).toMatch(/live \(real-money\) account/);
    expect(APPROVE_URL.test(body.message)).toBe(true);
    expect(brokers.submitCount(userId)).toBe(0);
  });
});

describe('MCP App approvals', () => {
  it('place an order while the deployment trusts them', async () => {
    const { services, brokers, userId, confirm, propose } = await trader();
    const id = await propose();
    services.clock.advance(6_000);
    expect((await confirm(id, { method: 'app', client: 'Claude Desktop/1.0' })).isOk()).toBe(true);
    expect(brokers.allOrders(userId)).toHaveLength(1);
    expect((await services.proposals.get(userId, id))?.approval).toMatchObject({ method: 'app', client: 'Claude Desktop/1.0' });
  });

  it('are refused with a person-required CONFIRM_BLOCKED when appApprovals is false', async () => {
    const { services, brokers, userId, confirm, propose } = await trader({ appApprovals: false });
    const id = await propose();
    services.clock.advance(6_000);
    expect(isPersonRequired((await confirm(id, { method: 'app' }))._unsafeUnwrapErr())).toBe(true);
    expect(brokers.submitCount(userId)).toBe(0);
  });
});

describe('methodAllowed', () => {
  const services = (config: Partial<CoreConfig>) => createTestServices({ config: { ...DEFAULT_CORE_CONFIG, ...config } });

  it.each([
    ['confirm', 'paper', {}, false],
    ['confirm', 'paper', { approvalPolicy: 'confirm' }, true],
    ['confirm', 'live', { approvalPolicy: 'confirm' }, false],
    ['page', 'live', {}, true],
    ['elicitation', 'live', {}, false],
    ['app', 'live', {}, false],
    ['elicitation', 'paper', {}, true],
    ['elicitation', 'paper', { elicitationApprovals: false }, false],
    ['app', 'paper', { appApprovals: false }, false],
  ] as const)('%s on %s under %o, no passkey asked: %s', (method, environment, config, allowed) => {
    expect(methodAllowed(method, environment, services(config), false)).toBe(allowed);
  });

  it.each(['confirm', 'page', 'app', 'elicitation'] as const)('%s never counts where a passkey is asked; a passkey always does', (method) => {
    const relaxed = services({ approvalPolicy: 'confirm' });
    for (const environment of ['paper', 'live'] as const) {
      expect([methodAllowed(method, environment, relaxed, true), methodAllowed('passkey', environment, relaxed, true)]).toEqual([false, true]);
    }
  });
});

describe('isPersonRequired', () => {
  const asking = personRequired('a-proposal', `${PUBLIC_URL}/approve/token`, 'paper', 30, 'page_or_client');

  it('is true only for the CONFIRM_BLOCKED that asks for a person by any human method', () => {
    expect(renderError(asking).body).toMatchObject({ error: 'CONFIRM_BLOCKED', expected: PERSON_REQUIRED_EXPECTED });
    expect(isPersonRequired(renderError(asking))).toBe(true);
    expect(isPersonRequired(renderError(personRequired('a-proposal', `${PUBLIC_URL}/approve/token`, 'live', 30, 'passkey')))).toBe(false);
    expect(isPersonRequired(renderError(appError('CONFIRM_BLOCKED', { expected: null })))).toBe(false);
    expect(isPersonRequired(renderError(appError('CONFIRM_TOO_FAST', { expected: PERSON_REQUIRED_EXPECTED })))).toBe(false);
  });

  it('reads the flag, not the words: a reworded sentence keeps elicitation on, and the sentence alone turns nothing on', () => {
    const reworded = renderError({ ...asking, message: 'Someone has to say yes first.', expected: 'a yes from a human' });
    expect(isPersonRequired(reworded)).toBe(true);
    expect(isPersonRequired(renderError(appError('CONFIRM_BLOCKED', { expected: PERSON_REQUIRED_EXPECTED })))).toBe(false);
    // A bare body carries words only, so it cannot be asked at all.
    // @ts-expect-error -- an ErrorResult has no personApproval
    expect(isPersonRequired(renderError(asking).body)).toBe(false);
  });
});
