import { ResultAsync } from 'neverthrow';
import type { AlertViewOutput } from '../positions/alert-view.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { servicesOfPerson } from '../brokers/person-market.js';
import { loginEndsAt } from '../brokers/link-view.js';
import { tradingAccountView } from '../brokers/trading-account.js';
import type { BrokerLink } from '../ports/broker-link-store.js';
import { recentNews } from '../notifications/recent-news.js';
import { listConnectedClients } from '../oauth/connected-clients.js';
import { paperPasskeySetting } from '../passkeys/paper-setting.js';
import type { Services } from '../services.js';
import { isoTime } from '../words/time.js';
import { workingKeys } from './desk-agents.js';
import { deskContext } from './desk-context.js';
import { recentOrders } from './desk-orders.js';
import { deskPositions } from './desk-positions.js';
import { deskSection } from './desk-section.js';
import type { DeskPosition, DeskView } from './desk-types.js';
import { deskWorkingOrders } from './desk-working-orders.js';
import { waitingApprovals } from './waiting-approvals.js';

const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 } as const;

/**
 * The desk of the person of a browser session (design §16): every part read through the functions the tools use
 * (get_positions, positions(action='orders'), the approval ticket, the working orders' view, the keys and
 * connections lists). The broker is read in turn — positions first, then orders — since both settle the person's
 * orders; a part that cannot be read says why and leaves the others standing.
 *
 * @example const desk = (await personDesk(services, caller))._unsafeUnwrap(); desk.approvals.items[0]?.secondsLeft
 */
export function personDesk(base: Services, caller: BrowserCaller): ResultAsync<DeskView, never> {
  return ResultAsync.fromSafePromise(base.brokerLinks.get(caller.userId)).andThen((link) => {
    const services = servicesOfPerson(base, link);
    const ctx = deskContext(services, caller);
    return deskSection(services, 'positions', () => deskPositions(ctx)).andThen((held) =>
      ResultAsync.combine([
        deskSection(services, 'approvals', () => waitingApprovals(services, caller.userId)),
        deskSection(services, 'working_orders', () => deskWorkingOrders(services, caller.userId)),
        deskSection(services, 'recent_orders', () => recentOrders(ctx)),
        deskSection(services, 'api_keys', () => workingKeys(services, caller.userId)),
        deskSection(services, 'clients', () => listConnectedClients(caller.userId, services)),
        ResultAsync.fromSafePromise(paperPasskeySetting(services, caller.userId)),
        deskSection(services, 'news', () => recentNews(services, caller.userId)),
      ]).map(([approvals, workingOrders, orders, apiKeys, clients, approving, news]): DeskView => ({
        asOf: isoTime(services.clock.now()),
        approvals,
        positions: held,
        alerts: alertsOf(held.items),
        workingOrders,
        recentOrders: orders,
        apiKeys,
        clients,
        account: deskAccount(link, services),
        marketNotice: services.marketNotice,
        marketWords: `Prices come from ${services.marketSource.words}.`,
        approving: { passkeys: approving.passkeys, paperPasskey: approving.on },
        news,
      })),
    );
  });
}

function alertsOf(positions: readonly DeskPosition[]): AlertViewOutput[] {
  return positions.flatMap((p) => p.view.alerts).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

/** The linked account, connected; or a login at a broker that ended (its words say to log in again), which the person must see to act. */
function deskAccount(link: BrokerLink | undefined, services: Services): DeskView['account'] {
  if (link === undefined) return null;
  const endsAt = loginEndsAt(link);
  const ended = endsAt !== null && endsAt <= services.clock.now();
  return link.connectedAt !== null || ended ? tradingAccountView(link, services) : null;
}
