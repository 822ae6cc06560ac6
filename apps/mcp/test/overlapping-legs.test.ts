import { principalOf } from '@condor/core';
import { FakeBrokers } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { connectHttp, ERAS, expectToolError, expectToolOk, httpHandlerFor } from './support.js';
import { CANDIDATE, onboardAndConnect, tokenFor, tradingServices } from './trading-world.js';

/**
 * Issue 42's first finding over MCP, in both protocol eras: proposing reads the book the placement re-checks, so an
 * agent is never handed a proposal the placement will refuse, and a refusal says what actually happened.
 */

const LEGS = Object.values(CANDIDATE.legs).map((leg) => leg.occ_symbol);

async function agentOf(era: (typeof ERAS)[number]) {
  const services = tradingServices();
  const mcp = await connectHttp(httpHandlerFor(services), era);
  mcp.bearer = await tokenFor(services, 'ann@example.com');
  await onboardAndConnect(mcp);
  const userId = principalOf(mcp.bearer, services)?.slice('user:'.length) ?? '';
  return { services, mcp, userId };
}

for (const era of ERAS) {
  describe(`overlapping legs over MCP (${era})`, () => {
    it('refuses to propose the same candidate while the first order is still working: the position is opening', async () => {
      const { services, mcp, userId } = await agentOf(era);
      if (!(services.brokers instanceof FakeBrokers)) throw new Error('the trading world trades at the fake broker');
      services.brokers.decideOrders(userId, () => 'work');
      const first = expectToolOk(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }));
      services.clock.advance(5_000);
      const placed = expectToolOk(await mcp.call('confirm_proposal', { proposal_id: first.proposal_id }));
      expect(placed.order_status).toBe('accepted');
      const refused = expectToolError(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }), 'OVERLAPPING_LEGS');
      expect(refused.message).toBe(`These legs share strike, expiry and type with position ${String(placed.position_id)}, which already holds ${LEGS.join(', ')} (its order opening them is still working).`);
      expect(refused.received).toEqual({ legs: LEGS, positionId: placed.position_id });
    });

    it('refuses the confirm of a proposal made before another placed the same legs, saying they came to be held since', async () => {
      const { services, mcp } = await agentOf(era);
      const first = expectToolOk(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }));
      const second = expectToolOk(await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 1 }));
      expect((second.ticket as { status: string }).status).toBe('awaiting_approval');
      services.clock.advance(5_000);
      const placed = expectToolOk(await mcp.call('confirm_proposal', { proposal_id: first.proposal_id }));
      services.clock.advance(1_000);
      const refused = expectToolError(await mcp.call('confirm_proposal', { proposal_id: second.proposal_id }), 'OVERLAPPING_LEGS');
      expect(refused.message).toBe(`Nothing was placed: since this proposal was made, position ${String(placed.position_id)} came to hold ${LEGS.join(', ')}, which this order would open too.`);
    });
  });
}
