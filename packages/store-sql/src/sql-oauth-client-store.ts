import type { OAuthClientStore, RegisteredClient } from '@condor/core';
import type { Kysely } from 'kysely';
import { parseJsonArray } from './json-column.js';
import type { Database } from './schema.js';

/** OAuthClientStore over SQL (SQLite or PostgreSQL): dynamically registered clients, redirect URIs as a JSON array. */
export class SqlOAuthClientStore implements OAuthClientStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(client: RegisteredClient): Promise<void> {
    await this.db
      .insertInto('oauth_clients')
      .values({
        client_id: client.clientId,
        client_name: client.clientName,
        client_uri: client.clientUri,
        redirect_uris: JSON.stringify(client.redirectUris),
        created_at: client.createdAt,
      })
      .execute();
  }

  async find(clientId: string): Promise<RegisteredClient | undefined> {
    const row = await this.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      clientId: row.client_id,
      clientName: row.client_name,
      clientUri: row.client_uri,
      redirectUris: parseJsonArray(row.redirect_uris, 'oauth_clients.redirect_uris').map(String),
      createdAt: row.created_at,
    };
  }
}
