import { ResultAsync } from 'neverthrow';
import { orderTicket } from '../approval/order-ticket.js';
import { tradingAccountView } from '../brokers/trading-account.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import type { Services } from '../services.js';
import { workingOrderView } from '../working-orders/working-order-view.js';
import type { DeskWorkingOrder } from './desk-types.js';

/** The orders condor is walking for the person now, newest first, each with its band, steps and time left. */
export function deskWorkingOrders(services: Services, userId: string): ResultAsync<DeskWorkingOrder[], never> {
  const work = async (): Promise<DeskWorkingOrder[]> => {
    const [walks, link] = await Promise.all([services.workingOrders.listOwned(userId, 'working'), services.brokerLinks.get(userId)]);
    const account = tradingAccountView(link, services);
    const now = services.clock.now();
    return Promise.all(walks.map(async (walk) => ({ ...(await titleOf(services, walk, account, now)), view: workingOrderView(walk, now) })));
  };
  return ResultAsync.fromSafePromise(work());
}

async function titleOf(services: Services, walk: WorkingOrder, account: ReturnType<typeof tradingAccountView>, now: number): Promise<Omit<DeskWorkingOrder, 'view'>> {
  const proposal = await services.proposals.get(walk.ownerId, walk.proposalId);
  const headline =
    proposal === undefined
      ? 'An order condor is working'
      : orderTicket({
          proposal,
          account: { broker: account.broker, environment: account.environment, simulatedMarket: account.simulated_market },
          spot: null,
          now,
          marketNotice: services.marketNotice,
        }).headline;
  return { proposalId: walk.proposalId, positionId: walk.positionId, headline };
}
