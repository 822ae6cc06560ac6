/**
 * @condor/core — the condor domain, usable on its own: the error catalogue and renderer, the
 * operation catalogue with `execute`, the ports an embedding supplies, and the account operations.
 */

// Errors: codes, the catalogue, the one renderer and the fallback for bare HTTP statuses.
export { ERROR_CODES, SOFT_CODES, isSoftCode, type ErrorCode, type SoftCode } from './errors/codes.js';
export { ERROR_CATALOGUE, statusOf } from './errors/catalogue.js';
export type { CatalogueStatus, ErrorSpec } from './errors/error-spec.js';
export { appError, type AppError, type AppErrorDetails } from './errors/app-error.js';
export { CoalescingCache } from './market/coalescing-cache.js';
export { unservedMarket } from './market/unserved-market.js';
export { RequestBudget } from './market/request-budget.js';
export { linkSource, personMarket, servicesOfPerson, type PersonMarket } from './brokers/person-market.js';
export { SIMULATED_SOURCE } from './market/market-sources.js';
export { cancelOutcomeOf } from './brokers/cancel-outcome.js';
export { isStoreUnavailable, STORE_RETRY_AFTER_SECONDS } from './errors/store-unavailable.js';
export { ERROR_RESULT_KEYS, type ErrorResult } from './errors/error-result.js';
export { ERROR_RESULT_JSON_SCHEMA } from './errors/error-result-schema.js';
export {
  renderError,
  renderHttpStatus,
  softResult,
  type RenderedError,
  type SoftResultFields,
} from './errors/render.js';
export { codeForStatus } from './errors/fallback.js';
export { HTTP_STATUSES, statusWords, type StatusSpec } from './errors/http-statuses.js';
export { REDACTED, isSecretKey, redactSecrets } from './errors/redact.js';

// Operations: the catalogue, its gates and the single entry point.
export { TOOL_NAMES, type ToolName } from './operations/tool-names.js';
export { CATALOGUE, findOperation } from './operations/catalogue.js';
export { TOOLSETS, TOOLSET_OF, type Toolset } from './operations/toolsets.js';
export { execute, unknownTool, type ExecuteContext, type ExecuteSuccess } from './operations/execute.js';
export { authentication, type Authentication } from './accounts/authentication.js';
// Scopes and API keys (design §13).
export { ALL_SCOPES, SCOPES, isScope, scopeList, scopesOfClaim, type Scope } from './scopes/scopes.js';
export { TOOL_SCOPES, requiredScope, type ScopeRule } from './operations/tool-scopes.js';
export { scopeRefusal } from './operations/scope-gate.js';
export { insufficientScopeChallenge } from './scopes/scope-challenge.js';
export { API_KEY_PREFIX, looksLikeApiKey, maskedKey } from './api-keys/key-text.js';
export { LAST_USED_RESOLUTION_MS } from './api-keys/usable-key.js';
export { MAX_ACTIVE_KEYS, issueApiKey, type IssuedKey, type NewKeyRequest } from './api-keys/issue-api-key.js';
export { keysOf } from './api-keys/list-api-keys.js';
export { revokeKey, type RevokedKey } from './api-keys/revoke-api-key.js';
export { personHolder, type KeyHolder } from './api-keys/key-holder.js';
export { createPersonKey, personKeys, revokePersonKey, startPersonKeyPasskey } from './api-keys/person-keys.js';
export type { ApiKeyViewOutput } from './api-keys/schemas.js';
export type { ApiKey, ApiKeyStore } from './ports/api-key-store.js';
export type { ShellApproval } from './operations/operation.js';
export { principalOf } from './accounts/principal.js';
export {
  defineOperation,
  type Access,
  type AnyOperation,
  type Caller,
  type CredentialKind,
  type HandlerContext,
  type Operation,
  type ProgressReporter,
  type SessionEffect,
  type ToolAnnotations,
} from './operations/operation.js';
export { issuesToAppError } from './validation/issues-to-error.js';
export { checkTier } from './tiers/tier-gate.js';
export { CREATE_STRATEGY_TIER } from './tiers/create-strategy-tier.js';
export type { FreeValueRule, TierRules } from './tiers/tier-rules.js';
export { FIELD_RULES, type FieldRule, type FieldRules } from './validation/field-rules.js';

// Ports and the services bundle an embedding provides.
export type { Clock } from './ports/clock.js';
export type { Ids } from './ports/ids.js';
export type { PasswordHasher } from './ports/password-hasher.js';
export type { Digest } from './ports/digest.js';
export type { AccessClaims, TokenSigner } from './ports/token-signer.js';
export type { Logger } from './ports/logger.js';
export type { Tier, User, UserStore } from './ports/user-store.js';
export type { RefreshTokenRecord, SessionFamily, SessionStore } from './ports/session-store.js';
export type { DocumentEvent, OnboardingStore } from './ports/onboarding-store.js';
export type { Plan, Subscription, SubscriptionStore } from './ports/subscription-store.js';
export type { Billing } from './ports/billing.js';
export type { QuotaStore } from './ports/quota-store.js';
export type { CallBatchStore } from './ports/call-batch-store.js';
export type { RateLimitStore, WindowCount } from './ports/rate-limit-store.js';
export type { RetentionStore } from './ports/retention-store.js';
export { RETENTION, RETENTION_KINDS, retentionCutoffs, type RetentionCutoffs, type RetentionKind, type RetentionSpec } from './retention/retention.js';
export type { Json, JsonObject } from './ports/json.js';
export type { Scheduler } from './ports/scheduler.js';
export type { Sealed, SecretBox } from './ports/secret-box.js';
export type { BrokerEnvironment, BrokerLink, BrokerLinkStore, BrokerName, KeptToken } from './ports/broker-link-store.js';
export type { CachedToken, TokenCache } from './ports/token-cache.js';
export { AccessTokens, MemoryTokenCache, type AccessGrant, type AccessTokensOptions } from './brokers/access-tokens.js';
export type { PlacementIntent, PlacementJournal } from './ports/placement-journal.js';
export type * from './ports/broker.js';
export { acceptedOrder } from './brokers/accepted-order.js';
export { BROKER_NAMES, BROKERS, DEFAULT_BROKER, KEYED_BROKERS, LOGIN_BROKERS } from './brokers/broker-table.js';
export type { BrokerCapabilities, BrokerKeys, BrokerLoginSpec, BrokerSpec, KeyedBrokerName, StoredKeys } from './brokers/broker-table.js';
export { failingBroker } from './brokers/failing-broker.js';
export type {
  ApprovalMethod,
  ApprovalRecord,
  ApprovedBand,
  ConsumeResult,
  LegBook,
  PlacementRefusal,
  Proposal,
  ProposalKind,
  ProposalOutcome,
  ProposalOutcomeStatus,
  ProposalStore,
  UnfinishedProposal,
} from './ports/proposal-store.js';
export { placementRefusal, voidedBy, voidOutcome } from './positions/placement-check.js';
export { bookHolding, heldSince, stillPlacing, type BookHolding } from './positions/leg-book.js';
export type { SingleUseLink, SingleUseLinkStore, LinkPurpose } from './ports/single-use-link-store.js';
export type { BrowserSession, BrowserSessionStore } from './ports/browser-session-store.js';
export type * from './approval/ticket-types.js';
// Human approval (design §12): the ticket, the pages' functions, elicitation's single use.
export { orderTicket, priceWords, type TicketInputs } from './approval/order-ticket.js';
export { payoffCurve, pnlPerShare, type HeldLeg } from './approval/payoff-curve.js';
export { parseOcc, type OccFields } from './approval/occ-symbol.js';
export { TicketView, ticketView } from './approval/ticket-view.js';
export { ApprovalView, approvalView } from './positions/approval-view.js';
export { loadTicket } from './approval/load-ticket.js';
export { methodAllowed, passkeyRequired } from './approval/approval-policy.js';
export { PAGE_REQUIRED_EXPECTED, PERSON_REQUIRED_EXPECTED, isPersonRequired } from './approval/person-required.js';
export { approvalTicket, rejectByLink, startPasskeyApproval } from './approval/approval-page.js';
export { approveByLink } from './placement/approve-by-link.js';
export { freshQuote, type FreshQuote } from './placement/fresh-quote.js';
export { madeBy, type MakerCredential, type ProposalMaker } from './lifecycle/proposal-maker.js';
export type { PasskeyNeed } from './approval/passkey-need.js';
export { REJECTED_BY_PERSON, proposalTicket, rejectProposal } from './approval/reject-proposal.js';
export { ELICITATION_TTL_MS, closeElicitation, openElicitation } from './approval/elicitation.js';
// Pages for people: browser logins and CSRF, single-use links, the broker-keys page.
export { BROWSER_SESSION_TTL_MS, browserCaller, csrfTokenFor, endBrowserSession, startBrowserSession, type BrowserCaller } from './browser/browser-session.js';
export { BROKER_KEYS_LINK_TTL_MS, approvalUrl, brokerKeysUrl, pageUrl } from './browser/links.js';
export { brokerKeysForm, brokerKeysPage, setBrokerKeysByLink, type BrokerKeysPageView } from './browser/broker-keys-page.js';
export { chosenBroker, keysFromForm, offeredBrokers, type BrokerKeysChoice, type EnvironmentChoice, type KeyFieldView } from './browser/broker-keys-fields.js';
export { saveBrokerKeysForm, type BrokerKeysSaved } from './browser/broker-keys-save.js';
export { accountsToChoose, chooseBrokerAccount, type AccountChoiceView, type AccountsToChoose } from './browser/broker-account-choice.js';
export { BROKER_LOGIN_TTL_MS, finishBrokerLogin, startBrokerLogin } from './browser/broker-login.js';
export { offeredLogins, type LoginChoice } from './browser/broker-login-offer.js';
export type { LoginLinked } from './browser/broker-login-account.js';
export { loginEndsAt } from './brokers/link-view.js';
export { loginEndsWords } from './words/broker-login.js';
export { reconcileProposal, type Reconciliation } from './placement/reconcile-proposal.js';
export type { ManagedPosition, PositionLeg, PositionStatus, PositionStore } from './ports/position-store.js';
export type { PaperBook, PaperChange, PaperHolding, PaperLedger, PaperOpening, PaperOrderRecord } from './ports/paper-ledger.js';
export { applyPaperChange, bySymbol } from './brokers/paper-book.js';
export type { RunCursor, StrategyRun, StrategyRunStore } from './ports/strategy-run-store.js';
export type { SavedStrategy, SavedStrategyStore } from './ports/saved-strategy-store.js';
export { LEGAL_DOCUMENT_NAMES, type LegalDocumentName } from './legal/document-name.js';
export { legalText } from './legal/documents.js';
export type { LegalText } from './legal/texts/index.js';
export { DEFAULT_CORE_CONFIG, DEFAULT_FREE_QUOTAS, type CoreConfig, type Services } from './services.js';

// Options math (issue 4): pricing, greeks, implied volatility and iron-condor statistics.
export * from './options/index.js';

// The exchange calendar: days since 1970-01-01, NYSE holidays, New York session times, expiry closes.
export { DAY_MS, civil, dayOf, formatDay, nthWeekday, parseDay, weekday } from './calendar/days.js';
export {
  daysToExpiry,
  earlyCloses,
  easternDay,
  easternOffsetHours,
  easternTime,
  expiryClose,
  holidays,
  isEarlyClose,
  isRegularSession,
  isTradingDay,
  lastSessionClose,
  nextSessionOpen,
  sessionClose,
  sessionOpen,
  tradingDayOnOrBefore,
} from './calendar/exchange-calendar.js';
export { exchangeSession } from './market/exchange-session.js';
// How condor writes money, time, percentages and a ticket's states (also the subpath @condor/core/words).
export { durationWords, isoTime, newYorkTime } from './words/time.js';
export { money, moneyGrouped, moneyUnsigned, roundCents } from './words/money.js';
export { percent, tenths } from './words/percent.js';
export { TICKET_STATUS_WORDS, popWords } from './words/ticket.js';
export { CONFIRM_FLOOR_MS, CONFIRM_FLOOR_S, CONFIRM_LATER, CONFIRM_WINDOW, PROPOSAL_TTL_MS, PROPOSAL_TTL_S } from './lifecycle/proposal-timing.js';

// The one seeded generator of the project (strategies, the simulated market).
export { SeededRandom, hashString, mixSeed } from './strategies/seeded-random.js';

// Market data (issue 4): the port every market adapter implements.
export type * from './ports/market-data.js';

// Strategies (issue 5): the backtest and optimizer of iron-condor rule sets, pure.
export {
  backtest,
  optimize,
  expandGrid,
  strategyKey,
  strikeIncrement,
  syntheticHistory,
  type OptimizeRequest,
  type OptimizeResult,
  type RankedStrategy,
  type SyntheticHistoryOptions,
} from './strategies/backtest/index.js';
export { defaultGrid } from './strategies/default-grid.js';
export { ivRank, ivPercentile } from './strategies/iv-rank.js';
export { realisedVolatility } from './strategies/realised-volatility.js';
export { lognormalPop } from './strategies/pop-lognormal.js';
export { monteCarloPop } from './strategies/pop-monte-carlo.js';
export { empiricalPop } from './strategies/pop-empirical.js';
export { fitSmile, fitSpreadModel } from './strategies/fit-market-shape.js';
export { quoteLeg, smileVolatility } from './strategies/smile.js';
export type * from './strategies/types.js';
export { readCandidate, isStrategyShape, type CandidateEssentials } from './condors/candidate-input.js';
export { Ticker } from './condors/schemas.js';
// OAuth 2.1 for remote MCP clients (design §13).
export * from './oauth/index.js';
export type * from './ports/working-order-store.js';
export { inBand, pricingPlan, stepsOf, type BandMarket, type PlanProblem, type PlanRequest, type PricingPlan } from './working-orders/pricing-plan.js';
export { DEFAULT_WORST_FROM_MID, FINAL_REST_MS, WALK_MODE_NAMES, WALK_MODES, type WalkMode } from './working-orders/walk-modes.js';
export { advanceWalk, type Walker } from './placement/advance-walk.js';
export { decideWalk, deadlineOf, type WalkAction } from './working-orders/walk-decision.js';
export { pricingOf, pricingDetails } from './working-orders/proposal-pricing.js';
export { walkOf } from './placement/walk-at-placement.js';
export { stepClientOrderId } from './brokers/client-order-ids.js';
// The price band a person approves, on the ticket (design §15).
export { bandPayoff, type PricedHolding } from './approval/payoff-curve.js';
export { ticketBand, type BandInputs } from './approval/ticket-band.js';
export { BandView, bandView } from './approval/band-view.js';
export { bandRangeWords, oneSide, perShareWords } from './words/band.js';
export { secondsWords } from './words/time.js';
export { HOUSE_PRICING, type PricingDefaults, type UserSettingsStore } from './ports/user-settings-store.js';
export type { Passkey, PasskeyChallenge, PasskeyRemoval, PasskeyStore } from './ports/passkey-store.js';
export type { PasskeyDescriptor, VerifiedAssertion, VerifiedRegistration, WebAuthnOptions, WebAuthnVerifier } from './ports/webauthn-verifier.js';
export * from './passkeys/index.js';
export { MAX_WORST_FROM_MID, personPricingDefaults, pricingDefaultsView, setPersonPricingDefaults, type PricingDefaultsRequest, type PricingDefaultsView } from './settings/pricing-settings.js';
// The person's desk at `/` (design §16): one view model from the tools' own views.
export { personDesk } from './desk/person-desk.js';
export { deskApprovalLink, deskBrokerKeysLink } from './desk/desk-links.js';
export { RECENT_ORDERS } from './desk/desk-orders.js';
export type { DeskPosition, DeskSection, DeskView, DeskWorkingOrder } from './desk/desk-types.js';
export type { AlertViewOutput } from './positions/alert-view.js';
export type { OrderViewOutput } from './positions/order-view.js';
export type { PositionViewOutput } from './positions/position-view.js';
export type { WorkingOrderViewOutput } from './working-orders/working-order-view.js';
export { partFillRefusal, replaceRefusal } from './brokers/replace-refusal.js';

// Reaching the person (design §18): news, how it is told, and the stores and channels behind it.
export { CHANNELS, NEWS_KINDS, type Channel, type News, type NewsKind, type NewsOutcome, type ToldNews, type Urgency } from './notifications/news.js';
export { ALWAYS_MAILED, DEFAULT_NEWS_PREFERENCES, NEWS_KIND_WORDS, preferencesOf, type NewsPreferences, type StoredPreferences } from './notifications/preferences.js';
export { NEWS_RATE, planDelivery, type DeliveryFacts, type DeliveryPlan } from './notifications/delivery-plan.js';
export { LOGIN_NOTICE_MS, tellEndingLogins } from './brokers/login-endings.js';
export { linkFailedNews, loginEndingNews, orderEndedNews, positionAlertNews, proposalPath, proposalWaitingNews, securityNews, type AlertNewsFacts, type SecurityEvent } from './notifications/news-of.js';
export { newsMail, newsUrl, verificationMail } from './notifications/news-mail.js';
export { tellNews, type NewsServices } from './notifications/tell-news.js';
export type { NewsPreferenceStore, NewsStore, PushDevice, PushDeviceStore } from './ports/news-store.js';
export type { Mail, MailChannel, PushAnswer, PushChannel, PushDelivery } from './ports/news-channels.js';
export { ALERT_RULE_WORDS } from './positions/alert-rule-words.js';
export { monitorOwner, newAlertNews, type OwnerRound } from './positions/monitor.js';
// The person's notifications on /settings and the desk (issue 40): devices, choices, the verified address, what was sent.
export { addPersonDevice, listPersonDevices, MAX_DEVICES, removePersonDevice, type DeviceView } from './notifications/person-devices.js';
export { deviceName, MAX_DEVICE_NAME } from './notifications/device-name.js';
export { endpointAllowed, parsePushSubscription, type PushSubscriptionInput } from './notifications/push-subscription.js';
export { isFixedChoice, personPreferences, preferenceField, setPersonPreferences } from './notifications/person-preferences.js';
export {
  addressView,
  sendVerificationMail,
  VERIFICATION_MAIL_WORDS,
  VERIFY_LINK_TTL_MS,
  VERIFY_LINK_WORDS,
  VERIFY_MAIL_RATE,
  verifyEmail,
  verifyEmailPath,
  type AddressView,
  type VerificationMailRefusal,
  type VerifyLinkRefusal,
} from './notifications/verify-email.js';
export { howItWent, newsView, RECENT_NEWS, recentNews, type NewsView } from './notifications/recent-news.js';
export { notificationSettings, type NotificationSettingsView } from './notifications/notification-settings.js';
export { changePassword, PASSWORD_CHANGE_RATE, PASSWORD_CHANGE_WORDS, type PasswordChanged, type PasswordChangeRefusal, type PasswordChangeRequest } from './accounts/change-password.js';
