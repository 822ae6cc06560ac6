import type { BrokerLink, BrokerLinkStore, KeptToken } from '@condor/core';
import { compiledOnce, slot } from './compiled-once.js';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { BrokerLinksTable } from './trading-schema.js';
import { parseSealed, sealedText } from './sealed-text.js';

const toLink = (row: Selectable<BrokerLinksTable>): BrokerLink => ({
  ownerId: row.owner_id,
  broker: row.broker,
  environment: row.environment,
  apiKey: parseSealed(row.api_key, 'broker_links.api_key'),
  apiSecret: parseSealed(row.api_secret, 'broker_links.api_secret'),
  keyHint: row.key_hint,
  connectedAt: row.connected_at,
  updatedAt: row.updated_at,
  accountNumber: row.account_number,
  accountKey: row.account_key,
  loggedInAt: row.logged_in_at,
});

/** BrokerLinkStore over SQL (SQLite or PostgreSQL): one row per user; sealed keys are JSON text. */
export class SqlBrokerLinkStore implements BrokerLinkStore {
  /** Read by every trading call (gate and placement), built and compiled once. */
  private readonly byOwner;

  constructor(private readonly db: Kysely<Database>) {
    this.byOwner = compiledOnce(db.selectFrom('broker_links').selectAll().where('owner_id', '=', slot('ownerId')).compile());
  }

  async get(ownerId: string): Promise<BrokerLink | undefined> {
    const [row] = (await this.db.executeQuery(this.byOwner({ ownerId }))).rows;
    return row === undefined ? undefined : toLink(row);
  }

  async put(link: BrokerLink): Promise<void> {
    const columns = {
      broker: link.broker,
      environment: link.environment,
      api_key: sealedText(link.apiKey),
      api_secret: sealedText(link.apiSecret),
      key_hint: link.keyHint,
      connected_at: link.connectedAt,
      updated_at: link.updatedAt,
      account_number: link.accountNumber ?? null,
      account_key: link.accountKey ?? null,
      logged_in_at: link.loggedInAt ?? null,
    };
    await this.db
      .insertInto('broker_links')
      .values({ owner_id: link.ownerId, ...columns })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet(columns))
      .execute();
  }

  async delete(ownerId: string): Promise<boolean> {
    await this.db.deleteFrom('broker_tokens').where('owner_id', '=', ownerId).execute();
    const result = await this.db.deleteFrom('broker_links').where('owner_id', '=', ownerId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  async disconnectIfUnchanged(ownerId: string, updatedAt: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('broker_links')
      .set({ connected_at: null, updated_at: at })
      .where('owner_id', '=', ownerId)
      .where('updated_at', '=', updatedAt)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async keptToken(linkKey: string): Promise<KeptToken | undefined> {
    const row = await this.db.selectFrom('broker_tokens').select(['sealed_token', 'expires_at']).where('link_key', '=', linkKey).executeTakeFirst();
    const sealed = parseSealed(row?.sealed_token ?? null, 'broker_tokens.sealed_token');
    return sealed === null || row?.expires_at == null ? undefined : { sealed, expiresAt: row.expires_at };
  }

  /** An insert that does nothing when the row exists, then one conditional UPDATE: the database picks the one winner. */
  async claimTokenRefresh(ownerId: string, linkKey: string, now: number, until: number): Promise<boolean> {
    await this.db
      .insertInto('broker_tokens')
      .values({ link_key: linkKey, owner_id: ownerId, sealed_token: null, expires_at: null, lease_until: null, updated_at: now })
      .onConflict((oc) => oc.column('link_key').doNothing())
      .execute();
    const result = await this.db
      .updateTable('broker_tokens')
      .set({ lease_until: until, updated_at: now })
      .where('link_key', '=', linkKey)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async keepToken(ownerId: string, linkKey: string, token: KeptToken, now: number): Promise<void> {
    const columns = { sealed_token: sealedText(token.sealed), expires_at: token.expiresAt, lease_until: null, updated_at: now };
    await this.db
      .insertInto('broker_tokens')
      .values({ link_key: linkKey, owner_id: ownerId, ...columns })
      .onConflict((oc) => oc.column('link_key').doUpdateSet(columns))
      .execute();
  }

  async loginsBetween(loggedInFrom: number, loggedInBefore: number, limit: number): Promise<readonly BrokerLink[]> {
    const rows = await this.db
      .selectFrom('broker_links')
      .selectAll()
      .where('logged_in_at', '>=', loggedInFrom)
      .where('logged_in_at', '<', loggedInBefore)
      .orderBy('logged_in_at')
      .limit(limit)
      .execute();
    return rows.map(toLink);
  }
}
