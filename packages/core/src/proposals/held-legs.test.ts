import { AGENT_CONFIRMS, createTestServices, FakeBrokers, FixtureMarketData, type FakeClock, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { entryProposal } from '../approval/approval-fixture.js';
import { loadTicket } from '../approval/load-ticket.js';
import { waitingApprovals } from '../desk/waiting-approvals.js';
import type { ErrorResult } from '../errors/error-result.js';
import { execute } from '../operations/execute.js';
import { GOOD_CHAIN, occ, spyCandidate, spyQuotes } from './spy-chain-fixture.js';

/** Issue 42, item 1: one book for proposing and placing, and words that say what actually happened. */

const LEGS = [occ('put', 540), occ('put', 545), occ('call', 600), occ('call', 605)];
const OPEN_LEGS = [
  { symbol: LEGS[0] ?? '', side: 'buy' as const, intent: 'buy_to_open' as const },
  { symbol: LEGS[1] ?? '', side: 'sell' as const, intent: 'sell_to_open' as const },
  { symbol: LEGS[2] ?? '', side: 'sell' as const, intent: 'sell_to_open' as const },
  { symbol: LEGS[3] ?? '', side: 'buy' as const, intent: 'buy_to_open' as const },
];

async function trader() {
  const brokers = new FakeBrokers();
  const services = createTestServices({ market: new FixtureMarketData(spyQuotes(GOOD_CHAIN)), brokers, config: AGENT_CONFIRMS }) as TestServices & { clock: FakeClock };
  const bare = { services, credential: null, requestId: 'held', batchKey: null };
  await execute('register', { email: 'held@example.com', password: 'held password 1' }, bare);
  const login = (await execute('login', { email: 'held@example.com', password: 'held password 1' }, bare))._unsafeUnwrap().value as { access_token: string };
  let batch = 0;
  const call = (tool: string, input: unknown = {}) => execute(tool, input, { ...bare, credential: login.access_token, batchKey: `b${String(batch++)}` });
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  await call('connect_broker', { authorization_confirmed: true, broker: 'sim' });
  const userId = (await services.users.findByEmail('held@example.com'))?.id ?? '';
  const propose = async (): Promise<string> => ((await call('propose_entry', { candidate: spyCandidate(1.4), qty: 1 }))._unsafeUnwrap().value as { proposal_id: string }).proposal_id;
  const refusal = async (tool: string, input: unknown): Promise<ErrorResult> => (await call(tool, input))._unsafeUnwrapErr().body;
  return { services, brokers, userId, call, propose, refusal };
}

describe('proposing reads the book the placement re-checks', () => {
  it('refuses to propose legs a position is still opening, saying so and what to do (the repro of issue 42)', async () => {
    const { services, brokers, userId, call, propose, refusal } = await trader();
    brokers.decideOrders(userId, () => 'work');
    const first = await propose();
    services.clock.advance(5_000);
    const placed = (await call('confirm_proposal', { proposal_id: first }))._unsafeUnwrap().value as { position_id: string };
    const body = await refusal('propose_entry', { candidate: spyCandidate(1.4), qty: 1 });
    expect(body.error).toBe('OVERLAPPING_LEGS');
    expect(body.message).toBe(`These legs share strike, expiry and type with position ${placed.position_id}, which already holds ${LEGS.join(', ')} (its order opening them is still working).`);
    expect(body.received).toEqual({ legs: LEGS, positionId: placed.position_id });
    expect(body.suggestion).toContain("positions(action='cancel')");
  });

  it('refuses to propose legs an approved proposal is still placing (the broker did not answer), naming it', async () => {
    const { services, brokers, userId, call, propose, refusal } = await trader();
    brokers.failNextSubmit(userId);
    const first = await propose();
    services.clock.advance(5_000);
    await call('confirm_proposal', { proposal_id: first });
    const body = await refusal('propose_entry', { candidate: spyCandidate(1.4), qty: 1 });
    expect(body).toMatchObject({ error: 'OVERLAPPING_LEGS', received: { legs: LEGS, proposalId: first } });
    expect(body.message).toBe(`These legs share strike, expiry and type with proposal ${first}, approved and being placed, which opens ${LEGS.join(', ')}.`);
  });

  it('says a confirm was refused because a position came to hold the legs since the proposal was made', async () => {
    const { services, call, propose, refusal } = await trader();
    const [first, second] = [await propose(), await propose()];
    services.clock.advance(5_000);
    const placed = (await call('confirm_proposal', { proposal_id: first }))._unsafeUnwrap().value as { position_id: string };
    services.clock.advance(1_000);
    const body = await refusal('confirm_proposal', { proposal_id: second });
    expect(body.error).toBe('OVERLAPPING_LEGS');
    expect(body.message).toBe(`Nothing was placed: since this proposal was made, position ${placed.position_id} came to hold ${LEGS.join(', ')}, which this order would open too.`);
    expect(body.received).toMatchObject({ proposal_id: second, positionId: placed.position_id, held_since: new Date(services.clock.now() - 1_000).toISOString() });
  });

  it('says a confirm was refused because the legs were already held when the proposal was made (one made around the check)', async () => {
    const { services, userId, call, propose, refusal } = await trader();
    const first = await propose();
    services.clock.advance(5_000);
    const placed = (await call('confirm_proposal', { proposal_id: first }))._unsafeUnwrap().value as { position_id: string };
    services.clock.advance(1_000);
    const late = services.ids.uuid();
    await services.proposals.insert(entryProposal({ id: late, ownerId: userId, createdAt: services.clock.now(), legs: OPEN_LEGS, limitPrice: -1.4 }));
    services.clock.advance(5_000);
    const body = await refusal('confirm_proposal', { proposal_id: late });
    expect(body.message).toBe(`Nothing was placed: position ${placed.position_id} already held ${LEGS.join(', ')} when this proposal was made, and this order would open them too.`);
  });

  it('admits the same legs again once the position holding them is closed', async () => {
    const { services, call, propose } = await trader();
    const first = await propose();
    services.clock.advance(5_000);
    const placed = (await call('confirm_proposal', { proposal_id: first }))._unsafeUnwrap().value as { position_id: string };
    const exit = ((await call('propose_exit', { position_id: placed.position_id }))._unsafeUnwrap().value as { proposal_id: string }).proposal_id;
    services.clock.advance(5_000);
    (await call('confirm_proposal', { proposal_id: exit }))._unsafeUnwrap();
    await call('get_positions');
    expect((await call('propose_entry', { candidate: spyCandidate(1.4), qty: 1 })).isOk()).toBe(true);
  });

  it('never offers for approval a waiting proposal whose legs came to be held since: its ticket and the desk say why', async () => {
    const { services, userId, call, propose } = await trader();
    const [first, second] = [await propose(), await propose()];
    const before = (await services.proposals.get(userId, second))!;
    expect((await loadTicket(services, before))._unsafeUnwrap().status).toBe('awaiting_approval');
    services.clock.advance(5_000);
    const placed = (await call('confirm_proposal', { proposal_id: first }))._unsafeUnwrap().value as { position_id: string };
    const ticket = (await loadTicket(services, before))._unsafeUnwrap();
    expect(ticket.status).toBe('blocked');
    expect(ticket.statusWords).toBe(
      `Can no longer be placed, so it cannot be approved; nothing was placed: since this proposal was made, position ${placed.position_id} came to hold ${LEGS.join(', ')}, which this order would open too.`,
    );
    const waiting = (await waitingApprovals(services, userId))._unsafeUnwrap();
    expect(waiting.map((t) => [t.proposalId, t.status])).toEqual([[second, 'blocked']]);
  });
});
