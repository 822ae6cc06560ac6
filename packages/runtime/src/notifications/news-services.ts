import type { Logger, PushDevice, PushDeviceStore, RetentionStore, SecretBox, Services } from '@condor/core';
import { SqlNewsPreferenceStore, SqlNewsStore, SqlPushDeviceStore, type Database } from '@condor/store-sql';
import type { Kysely } from 'kysely';
import { SystemClock } from '../adapters/system-clock.js';
import type { RuntimeConfig } from '../config/load-config.js';
import { MonitorLoop } from './monitor-loop.js';
import { mailChannelOf, pushChannelOf } from './news-channels.js';
import { NewsTellerLoop } from './teller-loop.js';

export type NewsParts = Pick<Services, 'news' | 'pushDevices' | 'newsPreferences' | 'push' | 'mail'>;

/** Where devices would be kept when no key can seal their secrets: none is ever kept, so none is pushed to. */
class NoPushDevices implements PushDeviceStore {
  add(): Promise<PushDevice> {
    return Promise.reject(new Error('devices cannot be stored without CONDOR_SECRET_KEY'));
  }
  list(): Promise<readonly PushDevice[]> {
    return Promise.resolve([]);
  }
  remove(): Promise<boolean> {
    return Promise.resolve(false);
  }
  removeEndpoint(): Promise<void> {
    return Promise.resolve();
  }
  pushed(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * News for people (design §18): the outbox, devices and preferences in the database, Web Push with the VAPID key, and
 * mail when CONDOR_SMTP_URL is set. Devices' auth secrets are sealed, so without a secret key there is no push;
 * `shared`: instances share the database (PostgreSQL), so a key generated here would be this instance's alone.
 */
export function newsParts(config: RuntimeConfig, db: Kysely<Database>, secrets: SecretBox | null, logger: Logger, shared: boolean): NewsParts {
  // A VAPID token's expiry is read by real push services: wall time, never a simulated clock (CONDOR_SIM_START).
  const push = pushChannelOf(config, new SystemClock(), logger, shared);
  if (secrets === null) logger.warn('push_off', { hint: 'Notifications on devices need CONDOR_SECRET_KEY to seal their subscriptions.' });
  return {
    news: new SqlNewsStore(db),
    pushDevices: secrets === null ? new NoPushDevices() : new SqlPushDeviceStore(db, secrets),
    newsPreferences: new SqlNewsPreferenceStore(db),
    push: secrets === null ? null : push,
    mail: mailChannelOf(config, logger),
  };
}

/** Starts the teller (news out, every CONDOR_NEWS_INTERVAL_MS) and the position monitor (alerts in, leased, every CONDOR_MONITOR_INTERVAL_S). */
export function startNewsLoops(services: Services, leases: Pick<RetentionStore, 'claimLease'>, holder: string, config: RuntimeConfig): { stop(): Promise<void> } {
  const teller = new NewsTellerLoop({ services, holder, intervalMs: config.notifications.tellIntervalMs });
  const monitor = new MonitorLoop({ services, store: leases, holder, intervalMs: config.notifications.monitorIntervalMs });
  teller.start();
  monitor.start();
  return {
    stop: async () => {
      await Promise.all([teller.stop(), monitor.stop()]);
    },
  };
}
