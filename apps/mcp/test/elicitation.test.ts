import { describe, expect, it } from 'vitest';
import { answering, FORM_ELICITATION, humanServices, ordersOf, proposalOf, proposer } from './approval-world.js';
import { CANDIDATE } from './trading-world.js';
import { connectHttp, connectStdioLike, expectToolError, expectToolOk, httpHandlerFor, type Connected, type Era } from './support.js';

/** Where the two eras can ask the person: 2026-07-28 over HTTP (input_required), 2025 over a connection (elicitation/create). */
const ASKING: readonly { era: Era; via: 'http' | 'stdio' }[] = [
  { era: 'modern', via: 'http' },
  { era: 'legacy', via: 'stdio' },
];

const person = async (services: ReturnType<typeof humanServices>, token: string, where: (typeof ASKING)[number], capabilities: Record<string, unknown> = FORM_ELICITATION): Promise<Connected> => {
  if (where.via === 'stdio') return connectStdioLike(services, { credential: token, capabilities });
  const client = await connectHttp(httpHandlerFor(services), where.era, capabilities);
  client.bearer = token;
  return client;
};

describe.each(ASKING)('confirm_proposal asks the person by elicitation ($era over $via)', (where) => {
  it('places exactly one order when the person approves, with evidence elicitation and the client that asked', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await person(services, ann.token, where);
    const asked = answering(client, { action: 'accept', content: { approve: true } });

    const placed = expectToolOk(await client.call('confirm_proposal', { proposal_id: ann.proposalId }));

    expect(placed.proposal_id).toBe(ann.proposalId);
    expect(ordersOf(services, ann.userId)).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain('Approve this order?');
    expect(asked[0]?.message).toMatch(/iron condor/i);
    expect(asked[0]?.message).toContain('Account:');
    // The band the person approves, in core's words: the sentence with its worst case, the walk, what approving covers.
    const lines = asked[0]?.message.split('\n') ?? [];
    expect(ann.band?.worst_price).toBeGreaterThan(ann.band?.start_price ?? Infinity);
    expect(lines).toContain(ann.band?.words);
    expect(lines).toContain(ann.band?.walk_words);
    expect(lines).toContain(ann.band?.approve_words);
    expect(ann.band?.words).toMatch(/^You approve a credit of \$\d+\.\d\d down to \$\d+\.\d\d per share: at \$\d+\.\d\d the max loss is /);
    expect(asked[0]).toMatchObject({ requestedSchema: { properties: { approve: { type: 'boolean' } }, required: ['approve'] } });
    const after = await proposalOf(ann);
    expect(after.status).toBe('confirmed');
    expect(after.approval).toMatchObject({ method: 'elicitation', user_id: ann.userId, client: 'condor-test/1.0.0', band: { start_price: ann.band?.start_price, worst_price: ann.band?.worst_price } });
  });

  it.each([
    ['declines', { action: 'decline' as const }],
    ['cancels', { action: 'cancel' as const }],
    ['answers no', { action: 'accept' as const, content: { approve: false } }],
  ])('places nothing when the person %s, and leaves the proposal awaiting approval', async (_what, answer) => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await person(services, ann.token, where);
    const asked = answering(client, answer);

    const refused = expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED');

    expect(asked).toHaveLength(1);
    expect(refused.message).toContain('declined');
    expect(refused.message).toContain('stays open until it expires');
    expect(ordersOf(services, ann.userId)).toBe(0);
    expect((await proposalOf(ann)).status).toBe('awaiting_confirmation');
  });

  it('asks again on a later confirm after a decline, and that approval places the order', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await person(services, ann.token, where);
    let answers = 0;
    client.client.setRequestHandler('elicitation/create', () => {
      answers += 1;
      return answers === 1 ? { action: 'decline' } : { action: 'accept', content: { approve: true } };
    });

    expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED');
    services.clock.advance(2_000);
    expectToolOk(await client.call('confirm_proposal', { proposal_id: ann.proposalId }));

    expect(answers).toBe(2);
    expect(ordersOf(services, ann.userId)).toBe(1);
  });
});

describe('confirm_proposal never elicits where it cannot', () => {
  const expectApprovalLink = (body: Record<string, unknown>): void => {
    expect(body.message).toMatch(/A person must approve it: open \S*\/approve\/\S+/);
  };

  it.each(ASKING)('answers CONFIRM_BLOCKED naming the approval link to a client without elicitation ($era over $via)', async (where) => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await person(services, ann.token, where, {});

    expectApprovalLink(expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED'));
    expect(ordersOf(services, ann.userId)).toBe(0);
  });

  it('answers a 2025 client over stateless HTTP with the approval link, even when it declared elicitation (no server-to-client requests there)', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await person(services, ann.token, { era: 'legacy', via: 'http' });
    const asked = answering(client, { action: 'accept', content: { approve: true } });

    expectApprovalLink(expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED'));
    expect(asked).toHaveLength(0);
    expect(ordersOf(services, ann.userId)).toBe(0);
  });

  it('does not ask before the 5 s floor: CONFIRM_TOO_FAST saying when, nothing placed, and asks once it may', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await person(services, ann.token, { era: 'modern', via: 'http' });
    const asked = answering(client, { action: 'accept', content: { approve: true } });
    const fresh = expectToolOk(await ann.agent.call('propose_entry', { candidate: CANDIDATE, qty: 1 })).proposal_id as string;
    services.clock.advance(1_000);

    const early = expectToolError(await client.call('confirm_proposal', { proposal_id: fresh }), 'CONFIRM_TOO_FAST');

    expect(early.message).toContain('it can be confirmed in 4 s');
    expect(asked).toHaveLength(0);
    expect(ordersOf(services, ann.userId)).toBe(0);
    services.clock.advance(4_000);
    expectToolOk(await client.call('confirm_proposal', { proposal_id: fresh }));
    expect(asked).toHaveLength(1);
    expect(ordersOf(services, ann.userId)).toBe(1);
  });
});
