import type { CallBatchStore, Clock, RateLimitStore, Services } from '@condor/core';
import { SIMULATED_NOTICE, SimBrokers, SimMarketData } from '@condor/broker-sim';
import {
  migrateToLatest,
  openDatabase,
  SqlApiKeyStore,
  SqlSingleUseLinkStore,
  SqlBrokerLinkStore,
  SqlBrowserSessionStore,
  SqlCallBatchStore,
  SqlOnboardingStore,
  SqlPaperLedger,
  SqlPositionStore,
  SqlWorkingOrderStore,
  SqlPlacementJournal,
  SqlUserSettingsStore,
  SqlPasskeyStore,
  SqlProposalStore,
  SqlQuotaStore,
  SqlRateLimitStore,
  SqlRetentionStore,
  SqlSavedStrategyStore,
  SqlSessionStore,
  SqlStrategyRunStore,
  SqlSubscriptionStore,
  SqlUserStore,
} from '@condor/store-sql';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { CryptoIds } from './adapters/crypto-ids.js';
import { HmacTokenSigner } from './adapters/hmac-token-signer.js';
import { InstantBilling } from './adapters/instant-billing.js';
import { AlpacaBrokers } from '@condor/broker-alpaca';
import { TastytradeBrokers } from '@condor/broker-tastytrade';
import { SchwabBrokers } from '@condor/broker-schwab';
import { EventLoopScheduler } from './adapters/event-loop-scheduler.js';
import { RoutedBrokers } from './adapters/routed-brokers.js';
import { SealedTokenCache } from './adapters/sealed-token-cache.js';
import { ServerLoginTokenCache } from './adapters/server-login-token-cache.js';
import { deploymentSource, marketDataOf } from './market/deployment-market.js';
import { buildSecretBox } from './config/secret-key.js';
import { JsonLogger } from './adapters/json-logger.js';
import { sqlOAuthServices } from './oauth-services.js';
import { ScryptPasswordHasher } from './adapters/scrypt-password-hasher.js';
import { SimpleWebAuthnVerifier } from './adapters/simple-webauthn-verifier.js';
import { Sha256Digest } from './adapters/sha256-digest.js';
import { ShiftedClock, SystemClock } from './adapters/system-clock.js';
import { ConfigError, type RuntimeConfig } from './config/load-config.js';
import { resolveSigningKey } from './config/signing-key.js';
import { CachedQuotaStore } from './cache/cached-quota-store.js';
import { CachedApiKeyStore } from './cache/cached-api-key-store.js';
import { CachedSessionStore } from './cache/cached-session-store.js';
import { CachedSubscriptionStore } from './cache/cached-subscription-store.js';
import { CachedTokenSigner } from './cache/cached-token-signer.js';
import { CachedBrokerLinkStore } from './cache/cached-broker-link-store.js';
import { CachedUserStore } from './cache/cached-user-store.js';
import { CoalescedRateLimits } from './rate-limits/coalesced-rate-limits.js';
import { StartupReconciler } from './reconcile/reconcile-at-start.js';
import { RetentionLoop } from './retention/retention-loop.js';
import { WalkerLoop } from './working-orders/walker-loop.js';
import { newsParts, startNewsLoops } from './notifications/news-services.js';
import { CONDOR_VERSION } from './version.js';

export interface Readiness {
  readonly ok: boolean;
  readonly checks: Record<string, string>;
}

/** A composed deployment: the services both apps share, plus its readiness and shutdown. */
export interface Runtime {
  readonly config: RuntimeConfig;
  readonly services: Services;
  /** The per-address request limit's counts: kept locally and handed to the shared table (CoalescedRateLimits). */
  readonly addressLimits: RateLimitStore;
  /** The MCP batch rule's calls in flight per principal (design §5), shared by every instance on the database. */
  readonly callBatches: CallBatchStore;
  /** The access-token signing key (null when production lacks one): shells derive their own signing keys from it. */
  readonly signingKey: Buffer | null;
  /** Tells the runtime the port it listens on, for the links it gives people when CONDOR_PUBLIC_URL is unset. */
  listeningOn(port: number): void;
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}

/** The composition root: builds every adapter from the configuration and runs the migrations. */
export async function buildRuntime(config: RuntimeConfig): Promise<Runtime> {
  const logger = new JsonLogger(config.logLevel);
  const { db, dialect } = openDatabase(config.databaseUrl, {
    onIdleError: (error) => {
      logger.warn('database_connection_dropped', { error: error.message });
    },
  });
  if (dialect === 'postgres') requireSharedKeys(config);
  await migrateToLatest(db);
  const signingKey = resolveSigningKey(config, logger);
  const secrets = buildSecretBox(config, logger);
  const clock = clockOf(config);
  if (clock instanceof ShiftedClock) logger.warn('clock_shifted', { starts_at: new Date(config.simStart ?? clock.now()).toISOString(), rate: config.simClockRate });
  const simMarket = new SimMarketData(clock, 1, { session: config.simSession });
  const site = { url: config.publicUrl ?? `http://${urlHost(config.host)}:${String(config.port)}` };
  if (config.marketData.source === 'sim') logger.info('sim_session', { session: config.simSession });
  const rateLimits = new SqlRateLimitStore(db);
  // Ended links, sessions, codes, families, rate-limit windows and call batches go after their retention (docs/retention.md).
  const instanceHolder = `${hostname()}:${String(process.pid)}:${randomUUID()}`;
  const leases = new SqlRetentionStore(db);
  const retention = new RetentionLoop({ store: leases, clock, logger, holder: instanceHolder });
  retention.start();
  const addressLimits = new CoalescedRateLimits(rateLimits, {
    limit: config.rateLimit.limit,
    now: () => clock.now(),
    onFlushError: (error) => {
      logger.warn('rate_limit_flush_failed', { error: error instanceof Error ? error.message : String(error) });
    },
  });
  const ids = new CryptoIds();
  const brokerLinks = new CachedBrokerLinkStore(new SqlBrokerLinkStore(db));
  // Access tokens a broker adapter mints are kept sealed in the database, so every instance uses one per link.
  const tokenCache =
    secrets === null ? undefined : new ServerLoginTokenCache(new SealedTokenCache({ links: brokerLinks, secrets, now: () => clock.now(), logger }), () => clock.now());
  const tastytrade = new TastytradeBrokers({
    version: CONDOR_VERSION,
    ...(config.tastytradeApiUrl === null ? {} : { apiUrl: config.tastytradeApiUrl }),
    now: () => clock.now(),
    ...(tokenCache === undefined ? {} : { tokenCache }),
  });
  // Schwab is live only: offered where its app is registered and live trading is enabled; placements are journaled in the database.
  const schwab =
    config.schwab === null || !config.liveTradingEnabled
      ? {}
      : {
          schwab: new SchwabBrokers({
            app: config.schwab,
            ...(config.schwab.apiUrl === null ? {} : { apiUrl: config.schwab.apiUrl }),
            journal: new SqlPlacementJournal(db, clock),
            now: () => clock.now(),
            ...(tokenCache === undefined ? {} : { tokenCache }),
          }),
        };
  const market = marketDataOf(config, { simulated: simMarket, tastytrade, clock });
  const services: Services = {
    clock,
    ids,
    passwords: new ScryptPasswordHasher(),
    digest: new Sha256Digest(),
    tokens: signingKey === null ? null : new CachedTokenSigner(new HmacTokenSigner(signingKey)),
    // Every authenticated request reads these (and verifies its token); revocations through this instance count at once (src/cache).
    users: new CachedUserStore(new SqlUserStore(db)),
    sessions: new CachedSessionStore(new SqlSessionStore(db)),
    onboarding: new SqlOnboardingStore(db),
    subscriptions: new CachedSubscriptionStore(new SqlSubscriptionStore(db)),
    billing: new InstantBilling(),
    quotas: new CachedQuotaStore(new SqlQuotaStore(db)),
    rateLimits,
    strategyRuns: new SqlStrategyRunStore(db),
    savedStrategies: new SqlSavedStrategyStore(db),
    brokerLinks,
    recentBrokerLinks: { get: (ownerId) => brokerLinks.recent(ownerId) },
    proposals: new SqlProposalStore(db),
    singleUseLinks: new SqlSingleUseLinkStore(db),
    browserSessions: new SqlBrowserSessionStore(db),
    oauth: sqlOAuthServices(db, config, clock),
    apiKeys: new CachedApiKeyStore(new SqlApiKeyStore(db)),
    positions: new SqlPositionStore(db),
    workingOrders: new SqlWorkingOrderStore(db),
    userSettings: new SqlUserSettingsStore(db),
    passkeys: new SqlPasskeyStore(db),
    webauthn: new SimpleWebAuthnVerifier(() => site.url),
    market,
    // The paper broker fills against the simulated market, so it is offered only when prices are simulated too.
    // Its accounts live in the database: a restart forgets nothing, and every instance trades the same account.
    brokers: new RoutedBrokers({
      ...(config.marketData.source === 'sim'
        ? { sim: new SimBrokers(simMarket, clock, ids, { ledger: new SqlPaperLedger(db), outsidePosition: config.simOutsidePosition, fills: config.simFills, ...simFillSeed(config) }) }
        : {}),
      alpaca: new AlpacaBrokers({ baseUrls: alpacaBaseUrls(config), ...(config.alpacaUrls.data === null ? {} : { dataBaseUrl: config.alpacaUrls.data }), now: () => clock.now() }),
      tastytrade,
      ...schwab,
    }),
    ...newsParts(config, db, secrets, logger, dialect === 'postgres'),
    marketNotice: config.marketData.source === 'sim' ? SIMULATED_NOTICE : null,
    marketSource: deploymentSource(config),
    simulatedMarket: { data: simMarket, notice: SIMULATED_NOTICE },
    logger,
    scheduler: new EventLoopScheduler(),
    secrets,
    config: {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      freeQuotas: config.freeQuotas,
      loginThrottle: config.loginThrottle,
      autorollEnabled: config.autorollEnabled,
      liveTradingEnabled: config.liveTradingEnabled,
      approvalPolicy: config.approvalPolicy,
      appApprovals: config.appApprovals,
      elicitationApprovals: config.elicitationApprovals,
      commissionPerContract: config.commissionPerContract,
      pushLoopbackHttp: config.env === 'development',
      // Links for people name this process's own address until it listens, unless the deployment names its public one.
      get publicUrl() {
        return site.url;
      },
    },
  };
  if (config.approvalPolicy === 'confirm') logger.warn('approval_policy_confirm', { note: 'the agent’s confirm_proposal places paper orders without a person' });
  // A confirm the last process died in the middle of (kill -9) is finished from the broker's record, never resent.
  const reconciler = new StartupReconciler(() => services.proposals.unfinished(), services);
  reconciler.start();
  // Orders placed with a band are worked inside it, one step at a time, by whichever instance leases each walk.
  const walker = new WalkerLoop({ services, holder: instanceHolder });
  walker.start();
  // News is told from the outbox by whichever instance leases it; open positions are watched by one instance at a time.
  const newsLoops = startNewsLoops(services, leases, instanceHolder, config);
  return {
    config,
    services,
    addressLimits,
    signingKey,
    listeningOn(port: number) {
      if (config.publicUrl === null) site.url = `http://${urlHost(config.host)}:${String(port)}`;
    },
    callBatches: new SqlCallBatchStore(db),
    async ready() {
      const database = await sql`select 1 as one`.execute(db).then(
        () => 'ok',
        () => 'unreachable',
      );
      const checks = {
        database,
        signing_key: signingKey === null ? 'missing' : 'ok',
        secret_key: secrets === null ? 'missing' : 'ok',
        ...(config.env === 'production' ? { vapid_key: services.push === null ? 'missing' : 'ok' } : {}),
      };
      return { ok: Object.values(checks).every((c) => c === 'ok'), checks };
    },
    close: async () => {
      await retention.stop();
      await addressLimits.close().catch(() => undefined);
      await reconciler.stop();
      await walker.stop();
      await newsLoops.stop();
      await db.destroy();
    },
  };
}

/** Real time, unless the configuration shifts the clock (CONDOR_SIM_START, CONDOR_SIM_ANCHOR) or speeds it up (CONDOR_SIM_CLOCK_RATE). */
function clockOf(config: RuntimeConfig): Clock {
  if (config.simStart === null && config.simClockRate === 1) return new SystemClock();
  const now = Date.now();
  return config.simStart === null ? new ShiftedClock(now, now, config.simClockRate) : new ShiftedClock(config.simStart, config.simAnchor ?? now, config.simClockRate);
}

const simFillSeed = (config: RuntimeConfig): { fillSeed?: number } => (config.simFillSeed === null ? {} : { fillSeed: config.simFillSeed });

/** A host as it goes into a URL: IPv6 in brackets; the wildcard addresses as the loopback a person on this machine opens. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Instances on one PostgreSQL share no data folder, so keys generated per instance would make the
 * tokens and sealed broker keys of every other instance unreadable: both must be configured.
 */
function requireSharedKeys(config: RuntimeConfig): void {
  const missing = [config.signingKey === null ? 'CONDOR_SIGNING_KEY' : null, config.secretKey === null ? 'CONDOR_SECRET_KEY' : null].filter((name) => name !== null);
  if (missing.length > 0) {
    throw new ConfigError(
      `DATABASE_URL is PostgreSQL, so every instance must share its keys: set ${missing.join(' and ')} ` +
        '(e.g. `openssl rand -base64 32` each) to the same values on every instance.',
    );
  }
}

/** The Alpaca hosts the configuration overrides (tests point them at a local fake). */
function alpacaBaseUrls(config: RuntimeConfig): Partial<Record<'paper' | 'live', string>> {
  return {
    ...(config.alpacaUrls.paper === null ? {} : { paper: config.alpacaUrls.paper }),
    ...(config.alpacaUrls.live === null ? {} : { live: config.alpacaUrls.live }),
  };
}
