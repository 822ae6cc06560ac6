import type { EpochMsColumn } from './columns.js';
import type { OrderStatus } from '@condor/core';

/**
 * The `paper_accounts` table: one simulated paper account per user. `version` moves on with every
 * commit (the compare-and-set every write of the account goes through); `order_count` numbers its orders.
 */
export interface PaperAccountsTable {
  owner_id: string;
  account_id: string;
  cash: number;
  version: number;
  order_count: number;
  opened_at: EpochMsColumn;
}

/**
 * The `paper_orders` table: every order of the simulated paper broker, `seq` numbering them per account
 * in placement order; `legs` is a JSON array as text. Ids are unique across all accounts. A replaced order's
 * `replacedBy` is not stored: it is read from the replacement's `replaces`.
 */
export interface PaperOrdersTable {
  id: string;
  owner_id: string;
  seq: number;
  client_order_id: string;
  status: OrderStatus;
  qty: number;
  filled_qty: number;
  limit_price: number;
  filled_avg_price: number | null;
  submitted_at: EpochMsColumn;
  legs: string;
  reservation: number;
  expires_at: EpochMsColumn;
  /** The id of the order this one replaced (0016); null for an order submitted afresh. */
  replaces: string | null;
}

/** The `paper_holdings` table: contracts a paper account holds, signed (short negative); no row at zero. */
export interface PaperHoldingsTable {
  owner_id: string;
  symbol: string;
  qty: number;
  avg_entry_price: number;
}

/** The tables of the simulated paper broker's accounts. */
export interface PaperBrokerTables {
  paper_accounts: PaperAccountsTable;
  paper_orders: PaperOrdersTable;
  paper_holdings: PaperHoldingsTable;
}
