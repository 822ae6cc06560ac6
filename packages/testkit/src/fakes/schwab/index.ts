/** A faithful local fake of Schwab's Trader API and OAuth pages, written from `shared/reference/schwab.md`. */
export { FakeSchwab, type FakeSchwabOptions, type SchwabRecordedRequest } from './fake-schwab.js';
export { DEFAULT_SCHWAB_ACCOUNTS, type FakeSchwabAccountSpec } from './fake-schwab-book-records.js';
export { SCHWAB_ACCESS_TOKEN_SECONDS, SCHWAB_CODE_MS, SCHWAB_REFRESH_TOKEN_MS } from './fake-schwab-oauth.js';
export type { FakeDividendSpec } from './fake-schwab-quotes.js';
