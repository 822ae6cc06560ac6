/** @condor/broker-schwab — a person's own Schwab account, linked by logging in at Schwab, as a Broker and a MarketData over the Trader API. Live only. */
export { SchwabBrokers, type DryRunBroker, type SchwabAccess, type SchwabBrokersOptions, type SchwabCredentials, type SchwabLink } from './schwab-brokers.js';
export { SchwabBroker, type SchwabBrokerOptions } from './schwab-broker.js';
export { SchwabMarketData, type SchwabMarketDataOptions, type SchwabMarketHours } from './schwab-market-data.js';
export { SCHWAB_API_URL, SchwabHttp, type SchwabHttpOptions, type SchwabResponse } from './schwab-http.js';
export { authorizeUrl, exchangeCode, pkcePair, REFRESH_TOKEN_MS, type Pkce, type SchwabApp, type SchwabLogin } from './schwab-oauth.js';
export { MemoryTokenCache, SchwabTokens, loginAgain, type CachedToken, type SchwabGrant, type TokenCache } from './schwab-tokens.js';
export { MATCH_WINDOW, MemoryPlacementJournal, type PlacementIntent, type PlacementJournal } from './schwab-placements.js';
export { orderRequest, strategyOf, toCompactSymbol, toOrder, toSchwabSymbol, STATUSES } from './schwab-wire.js';
export { toDryRun } from './schwab-dry-run.js';
