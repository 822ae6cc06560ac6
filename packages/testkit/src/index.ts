/** Test doubles and port contract suites shared by every package's tests. */
export { FakeClock } from './fakes/fake-clock.js';
export { LoopbackServer } from './fakes/loopback-server.js';
export { ACCESS_TOKEN_SECONDS, DEFAULT_ACCOUNTS, DEFAULT_METRICS, FakeTastytrade, isRefusal, readOrderRequest, type FakeTastytradeOptions } from './fakes/tastytrade/index.js';
export { DEFAULT_CANDLE_SPECS, FakeDxlink, generateDailyCandles, type FakeCandle, type FakeCandleSpec, type FakeDxlinkOptions, type FakeSubscription, type HistoryFault, type TokenUsage } from './fakes/tastytrade/index.js';
export { SeededIds } from './fakes/seeded-ids.js';
export { FakeDigest, FakePasswordHasher, FakeTokenSigner } from './fakes/fake-passwords.js';
export { MemorySessionStore, MemoryUserStore } from './fakes/memory-stores.js';
export { MemoryNewsPreferenceStore, MemoryNewsStore, MemoryPushDeviceStore } from './fakes/memory-news-stores.js';
export { RecordingLogger, type LogLine } from './fakes/recording-logger.js';
export { AGENT_CONFIRMS, createTestServices, type TestServices } from './test-services.js';
export { FIXTURE_CLOSED_SESSION, FIXTURE_OPEN_SESSION, FixtureMarketData, type FixtureSymbol } from './fakes/fixture-market-data.js';
export { userStoreContract, sessionStoreContract, marketDataContract, type MarketDataFixture } from './contracts/index.js';
export { MemoryOnboardingStore } from './fakes/memory-onboarding-store.js';
export { MemorySubscriptionStore } from './fakes/memory-subscription-store.js';
export { MemoryQuotaStore } from './fakes/memory-quota-store.js';
export { MemoryRateLimitStore } from './fakes/memory-rate-limit-store.js';
export { MemoryStrategyRunStore } from './fakes/memory-strategy-run-store.js';
export { MemorySavedStrategyStore } from './fakes/memory-saved-strategy-store.js';
export { FakeBilling, type BillingCall } from './fakes/fake-billing.js';
export { ImmediateScheduler } from './fakes/immediate-scheduler.js';
export { FakeSecretBox } from './fakes/fake-secret-box.js';
export {
  onboardingStoreContract,
  quotaStoreContract,
  rateLimitStoreContract,
  savedStrategyStoreContract,
  strategyRunStoreContract,
  subscriptionStoreContract,
  type SavedStrategyStores,
} from './contracts/index.js';
export { AdvanceClock } from './advance-clock.js';
export { MemoryBrokerLinkStore } from './fakes/memory-broker-link-store.js';
export { MemoryProposalStore } from './fakes/memory-proposal-store.js';
export { MemoryPositionStore } from './fakes/memory-position-store.js';
export { MemoryCallBatchStore } from './fakes/memory-call-batch-store.js';
export { callBatchStoreContract } from './contracts/index.js';
export { brokerLinkStoreContract, positionStoreContract, proposalStoreContract } from './contracts/index.js';
export { brokerContract, type BrokerFixture } from './contracts/index.js';
export { FakeBrokers, type FakeBrokersOptions } from './fakes/fake-brokers.js';
export type { FakeOrderOutcome } from './fakes/fake-broker-account.js';
export { paperLedgerContract } from './contracts/index.js';
export { MemorySingleUseLinkStore } from './fakes/memory-single-use-link-store.js';
export { MemoryBrowserSessionStore } from './fakes/memory-browser-session-store.js';
export { singleUseLinkStoreContract, browserSessionStoreContract } from './contracts/index.js';
export { MemoryApiKeyStore } from './fakes/memory-api-key-store.js';
export { apiKeyStoreContract } from './contracts/index.js';
export { MemoryOAuthClientStore } from './fakes/memory-oauth-client-store.js';
export { MemoryAuthorizationCodeStore } from './fakes/memory-authorization-code-store.js';
export { MemoryOAuthGrantStore } from './fakes/memory-oauth-grant-store.js';
export { FixtureClientDocuments } from './fakes/fixture-client-documents.js';
export { NodeCodeChallenges } from './fakes/node-code-challenges.js';
export { memoryOAuthServices, type TestOAuthServices } from './fakes/memory-oauth.js';
export { oauthClientStoreContract } from './contracts/oauth-client-store.contract.js';
export { authorizationCodeStoreContract } from './contracts/authorization-code-store.contract.js';
export { oauthGrantStoreContract } from './contracts/oauth-grant-store.contract.js';
export { OAUTH_SETUP, type OAuthStoreSetup } from './contracts/oauth-fixtures.js';
export { DOCUMENT_CLIENT_ID, DOCUMENT_REDIRECT, OAUTH_ISSUER, OAUTH_PERSON, OAUTH_RESOURCE, authorizationParams, oauthTestServices, pkcePair } from './oauth-world.js';
export { httpsServer, selfSignedCertificate, type TestCertificate, type TestHttpsServer, type TestRoute } from './tls-fixture.js';
export { MemoryRetentionStore } from './fakes/memory-retention-store.js';
export { retentionStoreContract } from './contracts/index.js';
export { MemoryWorkingOrderStore } from './fakes/memory-working-order-store.js';
export { workingOrderFixture, workingOrderStoreContract } from './contracts/index.js';
export { MemoryUserSettingsStore } from './fakes/memory-user-settings-store.js';
export { userSettingsStoreContract } from './contracts/index.js';
export { MemoryPasskeyStore } from './fakes/memory-passkey-store.js';
export { fakeAssertion, fakeRegistration, FakeWebAuthnVerifier, type FakeAssertionResponse, type FakeRegistrationResponse } from './fakes/fake-webauthn-verifier.js';
export { passkeyStoreContract } from './contracts/index.js';
export { FakePushService, decryptPushMessage, verifyVapid, type FakePushServiceOptions, type FakePushSubscription, type PushFault, type PushRequestRecord, type ReceivedPush, type SubscriptionSecrets, type VapidClaims, type VapidVerdict } from './fakes/push/index.js';
export { SmtpSink, type ReceivedMail, type SmtpRefusal, type SmtpSinkOptions } from './fakes/smtp/index.js';
export { MonitorWorld, type MonitorLevel } from './monitor-world.js';
export { newsFixture, newsPreferenceStoreContract, newsStoreContract, newsStoreModelContract, pushDeviceStoreContract } from './contracts/index.js';
export { DEFAULT_SCHWAB_ACCOUNTS, FakeSchwab, SCHWAB_ACCESS_TOKEN_SECONDS, SCHWAB_CODE_MS, SCHWAB_REFRESH_TOKEN_MS, type FakeDividendSpec, type FakeSchwabAccountSpec, type FakeSchwabOptions, type SchwabRecordedRequest } from './fakes/schwab/index.js';
