import { HOUSE_PRICING, WALK_MODE_NAMES, type PricingDefaults, type UserSettingsStore, type WalkMode } from '@condor/core';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const isMode = (value: string | null): value is WalkMode => value !== null && (WALK_MODE_NAMES as readonly string[]).includes(value);

/** UserSettingsStore over SQL (SQLite or PostgreSQL): one row per person who set any; the worst price in whole cents. */
export class SqlUserSettingsStore implements UserSettingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async pricingDefaults(userId: string): Promise<PricingDefaults> {
    const row = await this.db.selectFrom('user_settings').select(['pricing_mode', 'pricing_worst_cents']).where('user_id', '=', userId).executeTakeFirst();
    if (row === undefined) return HOUSE_PRICING;
    return { mode: isMode(row.pricing_mode) ? row.pricing_mode : null, worstFromMid: row.pricing_worst_cents === null ? null : row.pricing_worst_cents / 100 };
  }

  async setPricingDefaults(userId: string, defaults: PricingDefaults, at: number): Promise<void> {
    const values = { pricing_mode: defaults.mode, pricing_worst_cents: defaults.worstFromMid === null ? null : Math.round(defaults.worstFromMid * 100), updated_at: at };
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  async paperPasskeyApprovals(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('user_settings').select('paper_passkey').where('user_id', '=', userId).executeTakeFirst();
    return row?.paper_passkey === 1;
  }

  async setPaperPasskeyApprovals(userId: string, on: boolean, at: number): Promise<void> {
    const values = { paper_passkey: on ? 1 : 0, updated_at: at };
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, pricing_mode: null, pricing_worst_cents: null, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }
}
