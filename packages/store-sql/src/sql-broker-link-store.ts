import type { BrokerLink, BrokerLinkStore } from '@condor/core';
import { compiledOnce, slot } from './compiled-once.js';
import type { Kysely, Selectable } from 'kysely';
import type { BrokerLinksTable, Database } from './schema.js';
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
    };
    await this.db
      .insertInto('broker_links')
      .values({ owner_id: link.ownerId, ...columns })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet(columns))
      .execute();
  }

  async delete(ownerId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('broker_links').where('owner_id', '=', ownerId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }
}
