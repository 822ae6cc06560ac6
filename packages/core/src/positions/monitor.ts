import { ok, ResultAsync, safeTry } from 'neverthrow';
import { linksOfCall } from '../brokers/links-of-call.js';
import { servicesOfPerson } from '../brokers/person-market.js';
import type { AppError } from '../errors/app-error.js';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import type { News } from '../notifications/news.js';
import { positionAlertNews } from '../notifications/news-of.js';
import type { Services } from '../services.js';
import { ALERT_RULE_WORDS } from './alert-rule-words.js';
import { scanOwner } from './scan-owner.js';

/** What one round of the position monitor did for one person. */
export interface OwnerRound {
  readonly ownerId: string;
  /** `skipped`: no connected broker link; `failed`: their broker, market or a store failed (logged). */
  readonly status: 'checked' | 'skipped' | 'failed';
  /** The open positions the rules ran on. */
  readonly checked: readonly string[];
  /** The keys of the alerts present now (`alert:<position>:<rule>`); when `checked`, every one of them is stored. */
  readonly alerts: readonly string[];
  /** The keys this round stored: alerts told for the first time. */
  readonly added: readonly string[];
  /** Why it was skipped or failed; null when checked. */
  readonly detail: string | null;
}

/**
 * The news a round offers the store: one per key, leaving out the keys this monitor already saw stored (the store
 * would refuse them anyway; this spares it the statement).
 *
 * @example newAlertNews([takeProfit, takeProfitAgain, stopLoss], new Set([stopLoss.key])) // -> [takeProfit]
 */
export function newAlertNews(news: readonly News[], told: ReadonlySet<string>): News[] {
  const seen = new Set(told);
  const fresh: News[] = [];
  for (const item of news) {
    if (seen.has(item.key)) continue;
    seen.add(item.key);
    fresh.push(item);
  }
  return fresh;
}

/**
 * One round of the position monitor (design §18) for one person: with their own market and broker, as
 * suggest_iron_condor_autoroll would, it marks their live positions, runs the management rules and the expiry
 * guardian, and stores a `positionAlertNews` for each alert. The store keeps one news per key ever, so an alert is
 * told once per position and rule, whichever instance saw it first, before or after a restart; `told` (keys this
 * monitor saw stored) only spares the store statements. A person without a connected link is skipped. It never
 * fails: a broker, market or store failure is logged and said in the round.
 *
 * @example const round = await monitorOwner(ownerId, told, services).match((r) => r, (never) => never)
 */
export function monitorOwner(ownerId: string, told: ReadonlySet<string>, services: Services): ResultAsync<OwnerRound, never> {
  const settled = Promise.resolve()
    .then(() => roundOf(ownerId, told, services))
    .then(
      (result) =>
        result.match(
          (round) => round,
          (error) => failed(ownerId, services, error.code, error.message ?? ERROR_CATALOGUE[error.code].message),
        ),
      (thrown: unknown) => failed(ownerId, services, 'thrown', thrown instanceof Error ? thrown.message : String(thrown)),
    );
  return ResultAsync.fromSafePromise(settled);
}

function roundOf(ownerId: string, told: ReadonlySet<string>, base: Services): ResultAsync<OwnerRound, AppError> {
  return safeTry(async function* () {
    const link = await base.brokerLinks.get(ownerId);
    if (link?.connectedAt == null) return ok(round(ownerId, 'skipped', { detail: 'No broker account is connected.' }));
    // As a trading call: the person's market from this one read of the link, which the broker opens with too.
    const services = servicesOfPerson({ ...base, brokerLinks: linksOfCall(base.brokerLinks, ownerId, link) }, link);
    const scan = yield* scanOwner(ownerId, services);
    const now = services.clock.now();
    const news = scan.alerts.map(({ positionId, ticker, rule, severity, reason }) =>
      positionAlertNews({ positionId, ticker, rule, ruleWords: ALERT_RULE_WORDS[rule], severity, reason }, now, services.ids, ownerId),
    );
    const added: string[] = [];
    for (const item of newAlertNews(news, told)) {
      if (await services.news.add(item)) added.push(item.key);
    }
    return ok(round(ownerId, 'checked', { checked: scan.checked, alerts: [...new Set(news.map((n) => n.key))], added }));
  });
}

function round(ownerId: string, status: OwnerRound['status'], parts: Partial<Omit<OwnerRound, 'ownerId' | 'status'>>): OwnerRound {
  return { ownerId, status, checked: [], alerts: [], added: [], detail: null, ...parts };
}

function failed(ownerId: string, services: Services, error: string, detail: string): OwnerRound {
  services.logger.warn('position_monitor_failed', { user_id: ownerId, error, detail });
  return round(ownerId, 'failed', { detail });
}
