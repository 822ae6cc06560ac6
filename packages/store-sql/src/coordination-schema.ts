import type { EpochMsColumn, NullableEpochMsColumn } from './columns.js';

/** The `rate_limit_windows` table: one fixed window per key. */
export interface RateLimitWindowsTable {
  key: string;
  count: number;
  reset_at: EpochMsColumn;
}

/**
 * The `call_batches` table: the tool-call batches of each principal (a key such as `user:<id>`), shared
 * by every instance. `calls` holds the calls in flight, a JSON object of call id to begin time as text;
 * `updated_at` is the latest time a call began, was kept alive or ended, for purging idle principals.
 */
export interface CallBatchesTable {
  principal: string;
  batch_key: string;
  last_response_at: NullableEpochMsColumn;
  calls: string;
  updated_at: EpochMsColumn;
}

/** The `leases` table: a periodic job that runs on one instance at a time, run by `holder` until `until`. */
export interface LeasesTable {
  name: string;
  holder: string;
  until: EpochMsColumn;
}

/** The tables instances share to act as one: rate-limit windows, call batches, job leases. */
export interface CoordinationTables {
  rate_limit_windows: RateLimitWindowsTable;
  call_batches: CallBatchesTable;
  leases: LeasesTable;
}
