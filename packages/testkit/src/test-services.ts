import { DEFAULT_CORE_CONFIG, SIMULATED_SOURCE, type CoreConfig, type MarketSource, type Services } from '@condor/core';
import { FakeBilling } from './fakes/fake-billing.js';
import { FakeBrokers } from './fakes/fake-brokers.js';
import { FakeSecretBox } from './fakes/fake-secret-box.js';
import { FakeClock } from './fakes/fake-clock.js';
import { FixtureMarketData } from './fakes/fixture-market-data.js';
import { FakeDigest, FakePasswordHasher, FakeTokenSigner } from './fakes/fake-passwords.js';
import { MemoryApiKeyStore } from './fakes/memory-api-key-store.js';
import { MemorySingleUseLinkStore } from './fakes/memory-single-use-link-store.js';
import { MemoryBrokerLinkStore } from './fakes/memory-broker-link-store.js';
import { MemoryBrowserSessionStore } from './fakes/memory-browser-session-store.js';
import { memoryOAuthServices, type TestOAuthServices } from './fakes/memory-oauth.js';
import { MemoryOnboardingStore } from './fakes/memory-onboarding-store.js';
import { MemoryNewsPreferenceStore, MemoryNewsStore, MemoryPushDeviceStore } from './fakes/memory-news-stores.js';
import { MemoryPositionStore } from './fakes/memory-position-store.js';
import { MemoryWorkingOrderStore } from './fakes/memory-working-order-store.js';
import { MemoryUserSettingsStore } from './fakes/memory-user-settings-store.js';
import { MemoryPasskeyStore } from './fakes/memory-passkey-store.js';
import { FakeWebAuthnVerifier } from './fakes/fake-webauthn-verifier.js';
import { MemoryProposalStore } from './fakes/memory-proposal-store.js';
import { MemoryQuotaStore } from './fakes/memory-quota-store.js';
import { MemoryRateLimitStore } from './fakes/memory-rate-limit-store.js';
import { MemorySavedStrategyStore } from './fakes/memory-saved-strategy-store.js';
import { MemorySessionStore, MemoryUserStore } from './fakes/memory-stores.js';
import { MemoryStrategyRunStore } from './fakes/memory-strategy-run-store.js';
import { MemorySubscriptionStore } from './fakes/memory-subscription-store.js';
import { ImmediateScheduler } from './fakes/immediate-scheduler.js';
import { RecordingLogger } from './fakes/recording-logger.js';
import { SeededIds } from './fakes/seeded-ids.js';

export interface TestServices extends Services {
  readonly clock: FakeClock;
  readonly logger: RecordingLogger;
  readonly scheduler: ImmediateScheduler;
  readonly oauth: TestOAuthServices;
}

/**
 * The core config with `CONDOR_APPROVAL=confirm`: the agent's confirm_proposal places paper orders on its own.
 * For tests of the placement machinery itself; tests of who may approve keep the default (a person).
 */
export const AGENT_CONFIRMS: CoreConfig = { ...DEFAULT_CORE_CONFIG, approvalPolicy: 'confirm' };

/** The source of a test's fixture market. */
export const FIXTURE_SOURCE: MarketSource = { id: 'fixture', simulated: false, words: 'the test fixture market' };

/** A complete, in-memory `Services` with a fake clock; override any part. */
export function createTestServices(overrides: Partial<Services> = {}): TestServices {
  const positions = new MemoryPositionStore();
  const market = overrides.market ?? new FixtureMarketData();
  const notice = overrides.marketNotice ?? null;
  return {
    clock: new FakeClock(),
    ids: new SeededIds(),
    passwords: new FakePasswordHasher(),
    digest: new FakeDigest(),
    tokens: new FakeTokenSigner(),
    users: new MemoryUserStore(),
    sessions: new MemorySessionStore(),
    onboarding: new MemoryOnboardingStore(),
    subscriptions: new MemorySubscriptionStore(),
    billing: new FakeBilling(),
    quotas: new MemoryQuotaStore(),
    rateLimits: new MemoryRateLimitStore(),
    strategyRuns: new MemoryStrategyRunStore(),
    savedStrategies: new MemorySavedStrategyStore(),
    brokerLinks: new MemoryBrokerLinkStore(),
    singleUseLinks: new MemorySingleUseLinkStore(),
    browserSessions: new MemoryBrowserSessionStore(),
    oauth: memoryOAuthServices(),
    apiKeys: new MemoryApiKeyStore(),
    positions,
    workingOrders: MemoryWorkingOrderStore.create(),
    userSettings: new MemoryUserSettingsStore(),
    passkeys: new MemoryPasskeyStore(),
    webauthn: new FakeWebAuthnVerifier(),
    proposals: new MemoryProposalStore(positions),
    logger: new RecordingLogger(),
    scheduler: new ImmediateScheduler(),
    brokers: new FakeBrokers(),
    news: new MemoryNewsStore(),
    pushDevices: new MemoryPushDeviceStore(),
    newsPreferences: new MemoryNewsPreferenceStore(),
    push: null,
    mail: null,
    secrets: new FakeSecretBox(),
    config: DEFAULT_CORE_CONFIG,
    market,
    marketNotice: notice,
    marketSource: notice === null ? FIXTURE_SOURCE : SIMULATED_SOURCE,
    // The one market of a test stands in for the simulated market too, unless the test gives one.
    simulatedMarket: { data: market, notice },
    ...overrides,
  } as TestServices;
}
