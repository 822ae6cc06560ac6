/** SQL adapters for the condor stores, on SQLite or PostgreSQL with one schema and one set of migrations. */
export { openSqlite } from './sqlite.js';
export { openPostgres, type PostgresOptions } from './postgres.js';
export { openDatabase } from './open-database.js';
export type { SqlDialect } from './sql-dialect.js';
export { migrateToLatest } from './migrations.js';
export { SqlUserStore } from './sql-user-store.js';
export { SqlSessionStore } from './sql-session-store.js';
export type { Database } from './schema.js';
export { SqlOnboardingStore } from './sql-onboarding-store.js';
export { SqlSubscriptionStore } from './sql-subscription-store.js';
export { SqlQuotaStore } from './sql-quota-store.js';
export { SqlRateLimitStore } from './sql-rate-limit-store.js';
export { SqlStrategyRunStore } from './sql-strategy-run-store.js';
export { SqlSavedStrategyStore } from './sql-saved-strategy-store.js';
export { SqlBrokerLinkStore } from './sql-broker-link-store.js';
export { SqlProposalStore } from './sql-proposal-store.js';
export { SqlPositionStore } from './sql-position-store.js';
export { SqlCallBatchStore } from './sql-call-batch-store.js';
