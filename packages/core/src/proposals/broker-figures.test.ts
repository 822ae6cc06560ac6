import { AGENT_CONFIRMS, createTestServices, FakeBrokers, FixtureMarketData } from '@condor/testkit';
import { err, ok } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { proposalTicket } from '../approval/reject-proposal.js';
import { execute } from '../operations/execute.js';
import { GOOD_CHAIN, occ, spyCandidate, spyQuotes } from './spy-chain-fixture.js';

/** propose_entry on a broker whose row says it has a dry run (tastytrade): the broker's own figures, on the ticket and in the gate. */

const CANDIDATE = spyCandidate(1.4);

async function tastytrader(broker: 'tastytrade' | 'alpaca') {
  const market = new FixtureMarketData(spyQuotes(GOOD_CHAIN));
  const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'tastytrade'], market });
  const services = createTestServices({ market, brokers, config: AGENT_CONFIRMS });
  const bare = { services, credential: null, requestId: 'dry-run', batchKey: null };
  await execute('register', { email: 'tt@example.com', password: 'dry run password 1' }, bare);
  const login = (await execute('login', { email: 'tt@example.com', password: 'dry run password 1' }, bare))._unsafeUnwrap().value as { access_token: string; user: { user_id: string } };
  const call = (tool: string, input: unknown = {}) => execute(tool, input, { ...bare, credential: login.access_token });
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name });
  await call('accept_eua');
  await call('acknowledge_risk');
  (await call('set_broker_keys', { broker, api_key: 'client-secret-0001', api_secret: 'refresh-token-0001' }))._unsafeUnwrap();
  (await call('connect_broker', { authorization_confirmed: true }))._unsafeUnwrap();
  return { services, brokers, call, credential: login.access_token, userId: login.user.user_id };
}

describe("propose_entry with the broker's dry run", () => {
  it("dry-runs the exact order and shows the broker's fees and buying power on the ticket, labelled broker-computed", async () => {
    const { services, brokers, call, credential, userId } = await tastytrader('tastytrade');
    brokers.answerDryRuns(userId, () => ok({ fees: 2.3, buyingPowerChange: 362.3, buyingPowerAfter: 99_637.7, refusals: [], warnings: ['Your order will begin working during next valid session.'] }));
    const view = (await call('propose_entry', { candidate: CANDIDATE, qty: 1 }))._unsafeUnwrap().value as { proposal_id: string; details: Record<string, unknown> };
    expect(brokers.dryRunsOf(userId)).toEqual([
      expect.objectContaining({ qty: 1, limitPrice: -1.4, legs: [expect.objectContaining({ symbol: occ('put', 540), intent: 'buy_to_open' }), expect.anything(), expect.anything(), expect.anything()] }),
    ]);
    expect(view.details['broker_figures']).toEqual({
      source: 'tastytrade dry run',
      fees: 2.3,
      buying_power_change: 362.3,
      buying_power_after: 99_637.7,
      order: 'opening',
      warnings: ['Your order will begin working during next valid session.'],
    });
    const ticket = (await proposalTicket(services, credential, view.proposal_id))._unsafeUnwrap();
    expect(ticket.costs?.open).toBe(2.3);
    expect(ticket.costs?.words).toMatch(/^Fees and commission, broker-computed \(tastytrade dry run\): \$2\.30 to open/);
    expect(ticket.buyingPower).toMatchObject({ reduction: 362.3 });
    expect(ticket.buyingPower?.words).toBe("$362.30 of buying power, broker-computed (tastytrade dry run), leaving $99637.70; condor's estimate was $360.00.");
  });

  it("refuses before anyone is asked when the dry run says the broker would refuse, or leaves negative buying power", async () => {
    const { brokers, call, userId } = await tastytrader('tastytrade');
    brokers.answerDryRuns(userId, () => ok({ fees: 2.3, buyingPowerChange: 362.3, buyingPowerAfter: -12.5, refusals: ['Insufficient buying power for this order.'], warnings: [] }));
    const refused = (await call('propose_entry', { candidate: CANDIDATE, qty: 1 }))._unsafeUnwrapErr().body;
    expect(refused.error).toBe('ENTRY_REJECTED');
    expect(refused.received).toMatchObject({ broker_dry_run: 'Insufficient buying power for this order.', buying_power: { buying_power_change: 362.3, buying_power_after: -12.5 } });
    expect(refused.message).toContain("tastytrade's dry run of this order says it would be refused: Insufficient buying power for this order.");
    brokers.answerDryRuns(userId, () => err({ kind: 'rejected', message: 'the order has an invalid symbol' }));
    const failed = (await call('propose_entry', { candidate: CANDIDATE, qty: 1 }))._unsafeUnwrapErr().body;
    expect(failed).toMatchObject({ error: 'ENTRY_REJECTED' });
    expect(failed.message).toContain("tastytrade's dry run of the order refused it: the order has an invalid symbol");
    expect(brokers.allOrders(userId)).toEqual([]);
  });

  it("keeps condor's estimate, and asks for no dry run, where the broker's row has none", async () => {
    const { brokers, call, userId } = await tastytrader('alpaca');
    const view = (await call('propose_entry', { candidate: CANDIDATE, qty: 1 }))._unsafeUnwrap().value as { details: Record<string, unknown> };
    expect(view.details['broker_figures']).toBeUndefined();
    expect(brokers.dryRunsOf(userId)).toEqual([]);
  });

  it("dry-runs the closing order of an exit: the ticket shows the broker's fees to close, and a refusal is the gate's", async () => {
    const { services, brokers, call, credential, userId } = await tastytrader('tastytrade');
    brokers.answerDryRuns(userId, () => ok({ fees: 2.3, buyingPowerChange: 362.3, buyingPowerAfter: 99_637.7, refusals: [], warnings: [] }));
    const entry = (await call('propose_entry', { candidate: CANDIDATE, qty: 1 }))._unsafeUnwrap().value as { proposal_id: string; position_id: string };
    services.clock.advance(5_000);
    (await execute('confirm_proposal', { proposal_id: entry.proposal_id }, { services, credential, requestId: 'confirm', batchKey: 'another-batch' }))._unsafeUnwrap();
    brokers.answerDryRuns(userId, (order) => ok({ fees: 1.15, buyingPowerChange: -360, buyingPowerAfter: 100_000, refusals: [], warnings: [`${String(order.legs.length)} legs`] }));
    const exit = (await call('propose_exit', { position_id: entry.position_id }))._unsafeUnwrap().value as { proposal_id: string; details: Record<string, unknown> };
    expect(brokers.dryRunsOf(userId).at(-1)).toMatchObject({ qty: 1, legs: [expect.objectContaining({ symbol: occ('put', 540), intent: 'sell_to_close' }), expect.anything(), expect.anything(), expect.anything()] });
    expect(exit.details['broker_figures']).toEqual({ source: 'tastytrade dry run', order: 'closing', fees: 1.15, buying_power_change: -360, buying_power_after: 100_000, warnings: ['4 legs'] });
    const ticket = (await proposalTicket(services, credential, exit.proposal_id))._unsafeUnwrap();
    expect(ticket.costs).toMatchObject({ close: 1.15, words: 'Fees and commission, broker-computed (tastytrade dry run): $1.15 to close.' });

    brokers.answerDryRuns(userId, () => ok({ fees: 1.15, buyingPowerChange: -360, buyingPowerAfter: 100_000, refusals: ['Closing orders are not allowed on this account.'], warnings: [] }));
    const refused = (await call('propose_exit', { position_id: entry.position_id }))._unsafeUnwrapErr().body;
    expect(refused).toMatchObject({ error: 'ENTRY_REJECTED', received: { broker_dry_run: 'Closing orders are not allowed on this account.' } });
    expect(brokers.allOrders(userId)).toHaveLength(1);
  });
});
