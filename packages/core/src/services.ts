import type { ToolName } from './operations/tool-names.js';
import type { ApiKeyStore } from './ports/api-key-store.js';
import type { SingleUseLinkStore } from './ports/single-use-link-store.js';
import type { Billing } from './ports/billing.js';
import type { BrowserSessionStore } from './ports/browser-session-store.js';
import type { Clock } from './ports/clock.js';
import type { Digest } from './ports/digest.js';
import type { Ids } from './ports/ids.js';
import type { Logger } from './ports/logger.js';
import type { MarketData, MarketSource } from './ports/market-data.js';
import type { OnboardingStore } from './ports/onboarding-store.js';
import type { PasskeyStore } from './ports/passkey-store.js';
import type { PasswordHasher } from './ports/password-hasher.js';
import type { QuotaStore } from './ports/quota-store.js';
import type { RateLimitStore } from './ports/rate-limit-store.js';
import type { SavedStrategyStore } from './ports/saved-strategy-store.js';
import type { Scheduler } from './ports/scheduler.js';
import type { Brokers } from './ports/broker.js';
import type { BrokerLinkStore } from './ports/broker-link-store.js';
import type { WorkingOrderStore } from './ports/working-order-store.js';
import type { UserSettingsStore } from './ports/user-settings-store.js';
import type { PositionStore } from './ports/position-store.js';
import type { ProposalStore } from './ports/proposal-store.js';
import type { SecretBox } from './ports/secret-box.js';
import type { StrategyRunStore } from './ports/strategy-run-store.js';
import type { SessionStore } from './ports/session-store.js';
import type { SubscriptionStore } from './ports/subscription-store.js';
import type { TokenSigner } from './ports/token-signer.js';
import type { UserStore } from './ports/user-store.js';
import type { WebAuthnVerifier } from './ports/webauthn-verifier.js';
import type { OAuthServices } from './oauth/oauth-services.js';
import type { MailChannel, PushChannel } from './ports/news-channels.js';
import type { NewsPreferenceStore, NewsStore, PushDeviceStore } from './ports/news-store.js';

/** Settings the domain needs; the runtime reads them from the environment. */
export interface CoreConfig {
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  /** Free-tier calls per tool per UTC day; tools absent here are not limited. */
  readonly freeQuotas: Readonly<Partial<Record<ToolName, number>>>;
  /** Whether users may link live (real-money) broker accounts; off by default, paper only. */
  readonly liveTradingEnabled?: boolean;
  /** Whether execute_iron_condor_autoroll may turn alerts into proposals (never orders); off by default. */
  readonly autorollEnabled?: boolean;
  readonly loginThrottle: LoginThrottleConfig;
  /**
   * Who may place an order (design §12): `human` (the default) — only a person, through the approval page, an MCP
   * App ticket or an elicitation; `confirm` — also the agent's confirm_proposal, for paper accounts only.
   */
  readonly approvalPolicy?: 'human' | 'confirm';
  /** Whether an MCP App ticket's Approve counts as a person's approval (on by default; the host is trusted to keep app-only tools from the model). */
  readonly appApprovals?: boolean;
  /** Whether an accepted MCP elicitation counts as a person's approval (on by default; the MCP client is trusted to ask the person). */
  readonly elicitationApprovals?: boolean;
  /** The broker's commission per option contract, dollars (0 by default: Alpaca charges none on options). */
  readonly commissionPerContract?: number;
  /** Where people open condor's pages (approval and keys links), e.g. "https://condor.example"; no trailing slash. */
  readonly publicUrl?: string;
  /** Whether a device's push endpoint may be http on a loopback address (development and tests, as the push sender allows); https only otherwise. */
  readonly pushLoopbackHttp?: boolean;
}

/** How failed logins are throttled (the policy is in `accounts/login-throttle.ts`). */
export interface LoginThrottleConfig {
  /** Logins one account-and-address pair may try per window (a success starts over); from the last on, each makes the next wait 1 s, 2 s, 4 s … */
  readonly maxFailures: number;
  /** How long attempts count for a pair and failures for an address, from the first one. */
  readonly windowSeconds: number;
  /** Failures on one account from all addresses in a day, after which only addresses that have not tried it in their window may (unset: 100). */
  readonly accountMaxFailures?: number | undefined;
  /** Failures from one address on all accounts in a window, after which the address waits for the window's end (unset: 500). */
  readonly addressMaxFailures?: number | undefined;
}

/**
 * The default free-tier daily quotas: the expensive tools only, and only tools that exist (each
 * tool's issue adds its default here), so get_subscription never lists a tool nobody can call.
 */
export const DEFAULT_FREE_QUOTAS: Readonly<Partial<Record<ToolName, number>>> = {
  create_strategy: 10,
  find_iron_condors: 50,
};

export const DEFAULT_CORE_CONFIG: CoreConfig = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  freeQuotas: DEFAULT_FREE_QUOTAS,
  loginThrottle: { maxFailures: 10, windowSeconds: 15 * 60 },
};

/** Everything the operations reach the outside world through: one bundle per deployment. */
export interface Services {
  readonly clock: Clock;
  readonly ids: Ids;
  readonly passwords: PasswordHasher;
  readonly digest: Digest;
  /** Null when no signing key is configured (production without CONDOR_SIGNING_KEY). */
  readonly tokens: TokenSigner | null;
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly onboarding: OnboardingStore;
  readonly subscriptions: SubscriptionStore;
  readonly billing: Billing;
  readonly quotas: QuotaStore;
  readonly rateLimits: RateLimitStore;
  readonly strategyRuns: StrategyRunStore;
  readonly savedStrategies: SavedStrategyStore;
  readonly brokerLinks: BrokerLinkStore;
  /**
   * The links as read within the last moment, which choose a research call's market (design §17) without a read per
   * request; absent: `brokerLinks`. Trading calls (propose, confirm, positions) read their link fresh.
   */
  readonly recentBrokerLinks?: Pick<BrokerLinkStore, 'get'>;
  readonly proposals: ProposalStore;
  readonly singleUseLinks: SingleUseLinkStore;
  readonly browserSessions: BrowserSessionStore;
  /** condor's OAuth 2.1 authorization server: registered clients, codes, grants, metadata documents, PKCE. */
  readonly oauth: OAuthServices;
  readonly apiKeys: ApiKeyStore;
  readonly positions: PositionStore;
  /** Orders condor works inside an approved band (design §15), with the walker's lease. */
  readonly workingOrders: WorkingOrderStore;
  /** A person's own settings (their default price band). */
  readonly userSettings: UserSettingsStore;
  /** People's passkeys and the challenges of passkey ceremonies under way (design §16). */
  readonly passkeys: PasskeyStore;
  /** The WebAuthn relying party: this deployment's origin and RP id. */
  readonly webauthn: WebAuthnVerifier;
  readonly brokers: Brokers;
  /** News for people (design §18): the outbox that is also the once-only record, their devices and their choices. */
  readonly news: NewsStore;
  readonly pushDevices: PushDeviceStore;
  readonly newsPreferences: NewsPreferenceStore;
  /** Web Push with this deployment's VAPID key; null without one (production without CONDOR_VAPID_PRIVATE_KEY). */
  readonly push: PushChannel | null;
  /** The mail server; null without CONDOR_SMTP_URL. */
  readonly mail: MailChannel | null;
  /** Null when no encryption key is configured (production without CONDOR_SECRET_KEY): broker keys cannot be stored. */
  readonly secrets: SecretBox | null;
  /**
   * The market prices come from. The deployment's (CONDOR_MARKET_DATA, the simulated market by default) for people
   * whose link serves none; in a person's call, that person's own market (`brokers/person-market.ts`, design §17).
   */
  readonly market: MarketData;
  /** Shown wherever users see prices when the market is simulated; null for a real market. */
  readonly marketNotice: string | null;
  /** Where `market`'s prices come from. */
  readonly marketSource: MarketSource;
  /** The simulated market: the market of a person linked to the simulated broker, whatever the deployment's is (null notice: a test's fixture stands in). */
  readonly simulatedMarket: { readonly data: MarketData; readonly notice: string | null };
  readonly logger: Logger;
  readonly scheduler: Scheduler;
  readonly config: CoreConfig;
}
