import type { NewsKind, NewsOutcome, Urgency } from '@condor/core';
import type { Generated } from 'kysely';
import type { EpochMsColumn, NullableEpochMsColumn } from './columns.js';

/**
 * The `news` table: the outbox of news and the record that each key was stored once. `seq` is the order rows were
 * stored in; the outcome columns and `told_at` are null while the news waits to be told, and set together.
 */
export interface NewsTable {
  id: string;
  seq: Generated<number>;
  owner_id: string;
  kind: NewsKind;
  key: string;
  topic: string;
  title: string;
  body: string;
  path: string;
  created_at: EpochMsColumn;
  expires_at: EpochMsColumn;
  urgency: Urgency;
  holder: string | null;
  leased_until: Generated<EpochMsColumn>;
  outcome_status: NewsOutcome['status'] | null;
  outcome_pushed: number | null;
  /** 1 when the mail went. */
  outcome_mailed: number | null;
  outcome_detail: string | null;
  told_at: NullableEpochMsColumn;
}

/** The `push_devices` table: Web Push subscriptions by endpoint; `auth` is the sealed auth secret as JSON text. */
export interface PushDevicesTable {
  id: string;
  owner_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
  added_at: EpochMsColumn;
  last_push_at: NullableEpochMsColumn;
}

/** The `news_preferences` table: a person's choice of channels per kind of news, as JSON text. */
export interface NewsPreferencesTable {
  owner_id: string;
  preferences: string;
  updated_at: EpochMsColumn;
}

/** The tables of news for people: the news, the devices it is pushed to, and what each person chose. */
export interface NewsTables {
  news: NewsTable;
  push_devices: PushDevicesTable;
  news_preferences: NewsPreferencesTable;
}
