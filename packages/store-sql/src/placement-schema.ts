import type { PlacementIntent } from '@condor/core';
import type { EpochMsColumn } from './columns.js';

/**
 * The `placement_intents` table: what condor meant to send to a broker without client order ids, by owner, account
 * and client order id; `legs` is a JSON array as text, `limit_price` a `double precision` (every number exactly).
 */
export interface PlacementIntentsTable {
  owner_id: string;
  account_hash: string;
  client_order_id: string;
  legs: string;
  qty: number;
  limit_price: number;
  sent_at: EpochMsColumn;
  order_id: string | null;
  replaces: string | null;
  state: PlacementIntent['state'];
  updated_at: EpochMsColumn;
}

/** The tables of placements at brokers that keep no client order id. */
export interface PlacementTables {
  placement_intents: PlacementIntentsTable;
}
